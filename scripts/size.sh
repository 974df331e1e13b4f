#!/usr/bin/env bash
# Prints the size of the release build (each asset raw and gzip -9, and the total) and fails
# when the gzip total is above the budget. Usage: scripts/size.sh [dist] [budget-bytes]
set -euo pipefail
DIST=${1:-dist}
BUDGET=${2:-400000}
total_raw=0; total_gz=0
printf '%-48s %10s %10s\n' "asset" "raw" "gzip"
for f in "$DIST"/*.wasm "$DIST"/*.js "$DIST"/*.css "$DIST"/index.html; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  printf '%-48s %10d %10d\n' "$(basename "$f")" "$raw" "$gz"
done
printf '%-48s %10d %10d\n' "total" "$total_raw" "$total_gz"
awk -v g="$total_gz" -v b="$BUDGET" 'BEGIN { printf "size: %d bytes gzip (%.1f KiB) against a budget of %d bytes\n", g, g / 1024, b }'
if [ "$total_gz" -gt "$BUDGET" ]; then
  echo "size: over budget" >&2
  exit 1
fi
