#!/usr/bin/env bash
# Prints the size of the release build (each asset raw and gzip -9), the first load (what the
# first answer of every entry point needs: index.html, what it requests at once, and the page's
# core — the core worker's script and its wasm, crates/memcalc-worker — which writes the first
# screen of a link, a remembered calculation or an embed and answers every time query) and the
# total. Fails when the app is above its budget, the first load above FIRST_BUDGET (issue 17),
# or the log wasm above LOG_BUDGET.
# The app is everything but the core and the lazily loaded log wasm (crates/memcalc-log),
# fetched only when the "Paste a log" box is used (src/log.js, issues 40 and 36). Since issue 36
# the time model is in the core, fetched once for both the first screen and the time: there is
# no time wasm of its own.
# Usage: scripts/size.sh [dist] [budget-bytes] [first-load-budget-bytes] [log-budget-bytes]
set -euo pipefail
DIST=${1:-dist}
BUDGET=${2:-688550}
FIRST_BUDGET=${3:-411600}
LOG_BUDGET=${4:-288700}
# What index.html requests as it loads: stylesheets, preloads, classic and module scripts by src,
# and the core worker's script. Not what the app's loader imports after the first answer
# (crates/memcalc-build/src/app-loader.js), nor the files only copied beside it (embed.js for host
# pages). The core's wasm is named in the first script and in the worker's.
first=$( { grep -Eo '<link [^>]*href="\./[^"]+"' "$DIST/index.html" || true
           grep -Eo '<script [^>]*src="\./[^"]+"' "$DIST/index.html" || true
           grep -Eo '"\./memcalc-worker-[0-9a-f]+\.(js|wasm)"' "$DIST/index.html" || true
         } | grep -Eo '\./[^"]+' | sed -E 's/^\.\///' | sort -u)
total_raw=0; total_gz=0; core_gz=0; log_gz=0; first_gz=$(gzip -9 -c "$DIST/index.html" | wc -c)
printf '%-48s %10s %10s %s\n' "asset" "raw" "gzip" "first load"
# The app's JS snippets sit in snippets/, imported by its glue: inline_js ones as
# snippets/<crate>/inline<n>.js, module files at their path (src/time.js, src/log.js).
for f in "$DIST"/*.wasm "$DIST"/*.js "$DIST"/snippets/*/*.js "$DIST"/snippets/*/src/*.js "$DIST"/*.css "$DIST"/index.html; do
  [ -f "$f" ] || continue
  name=${f#"$DIST"/}
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  at_first=""
  if [ "$name" = index.html ]; then
    at_first=yes
  elif grep -qxF "$name" <<<"$first"; then
    at_first=yes; first_gz=$((first_gz + gz))
  fi
  case "$name" in
    memcalc-worker-*) core_gz=$((core_gz + gz)); at_first="yes (the core)" ;;
    memcalc-log-*.wasm) log_gz=$((log_gz + gz)); at_first="lazy (log box)" ;;
  esac
  printf '%-48s %10d %10d %s\n' "$name" "$raw" "$gz" "$at_first"
done
printf '%-48s %10d %10d\n' "total" "$total_raw" "$total_gz"
# The app's budget is its measured size once the log box's reading moved to the log wasm
# (issue 36); the core is bounded by the first-load budget, the log wasm by its own, and all are
# in the total a visitor who uses everything downloads.
app_gz=$((total_gz - core_gz - log_gz))
awk -v g="$first_gz" -v b="$FIRST_BUDGET" 'BEGIN { printf "first load: %d bytes gzip (%.1f KiB) against a budget of %d bytes\n", g, g / 1024, b }'
awk -v g="$app_gz" -v b="$BUDGET" 'BEGIN { printf "size: %d bytes gzip (%.1f KiB) for the app, requested after the first answer, against a budget of %d bytes\n", g, g / 1024, b }'
awk -v g="$log_gz" -v b="$LOG_BUDGET" 'BEGIN { printf "log: %d bytes gzip (%.1f KiB) for the log wasm, fetched when the log box is used, against a budget of %d bytes\n", g, g / 1024, b }'
awk -v t="$total_gz" -v c="$core_gz" 'BEGIN { printf "total: %d bytes gzip (%.1f KiB), of which the core %d bytes (its worker script and wasm: a link'"'"'s first screen and every time answer)\n", t, t / 1024, c }'
status=0
if [ "$app_gz" -gt "$BUDGET" ]; then
  echo "size: over budget" >&2
  status=1
fi
if [ "$first_gz" -gt "$FIRST_BUDGET" ]; then
  echo "first load: over budget" >&2
  status=1
fi
if [ "$log_gz" -gt "$LOG_BUDGET" ]; then
  echo "log: over budget" >&2
  status=1
fi
exit $status
