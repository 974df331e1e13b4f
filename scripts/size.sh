#!/usr/bin/env bash
# Prints the size of the release build (each asset raw and gzip -9), the first load (index.html
# and what it requests at once: what a link's first answer waits for) and the total, and fails
# when the gzip total is above the budget. Usage: scripts/size.sh [dist] [budget-bytes]
# The first load has a goal of FIRST_GOAL bytes (issue 17); it is reported, and enforced only
# with FIRST_ENFORCE=1 until the build meets it.
set -euo pipefail
DIST=${1:-dist}
BUDGET=${2:-440000}
FIRST_GOAL=150000
# What index.html requests as it loads (stylesheet, module script, preloads; not the files only
# copied beside it, such as embed.js for host pages).
first=$(grep -Eo '(href|src|module_or_path: )=?["'"'"']\./[^"'"'"']+' "$DIST/index.html" | sed -E 's/.*\.\///' | sort -u || true)
total_raw=0; total_gz=0; first_gz=$(gzip -9 -c "$DIST/index.html" | wc -c)
printf '%-48s %10s %10s %s\n' "asset" "raw" "gzip" "first load"
for f in "$DIST"/*.wasm "$DIST"/*.js "$DIST"/*.css "$DIST"/index.html; do
  [ -f "$f" ] || continue
  name=$(basename "$f")
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  at_first=""
  if [ "$name" = index.html ]; then
    at_first=yes
  elif grep -qxF "$name" <<<"$first"; then
    at_first=yes; first_gz=$((first_gz + gz))
  fi
  printf '%-48s %10d %10d %s\n' "$name" "$raw" "$gz" "$at_first"
done
printf '%-48s %10d %10d\n' "total" "$total_raw" "$total_gz"
awk -v g="$first_gz" -v b="$FIRST_GOAL" 'BEGIN { printf "first load: %d bytes gzip (%.1f KiB) against a goal of %d bytes\n", g, g / 1024, b }'
awk -v g="$total_gz" -v b="$BUDGET" 'BEGIN { printf "size: %d bytes gzip (%.1f KiB) against a budget of %d bytes\n", g, g / 1024, b }'
status=0
if [ "$total_gz" -gt "$BUDGET" ]; then
  echo "size: over budget" >&2
  status=1
fi
if [ "${FIRST_ENFORCE:-0}" = 1 ] && [ "$first_gz" -gt "$FIRST_GOAL" ]; then
  echo "first load: over its goal" >&2
  status=1
fi
exit $status
