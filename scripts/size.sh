#!/usr/bin/env bash
# Prints the size of the release build (each asset raw and gzip -9), the first load (what the
# first answer of every entry point needs: index.html, what it requests at once, and the small
# first-answer wasm its first script fetches for a link, a remembered calculation or an embed)
# and the total. Fails when the app is above its budget, the first load above FIRST_BUDGET
# (issue 17), the time wasm above LAZY_BUDGET, or the log wasm above LOG_BUDGET.
# The app is everything but the first-answer wasm and the lazily loaded assets: what the page
# needs before its time arrives. The lazily loaded assets are the time wasm (crates/memcalc-time),
# fetched by the app after its first answer is painted (src/time.rs); until then the time line
# says it is being worked out (docs/performance.md, "The time wasm"), and the log box's wasm
# (crates/memcalc-log), fetched only when the "Paste a log" box is used (src/log.js, issues 40
# and 36).
# Usage: scripts/size.sh [dist] [budget-bytes] [first-load-budget-bytes] [lazy-budget-bytes]
#   [log-budget-bytes]
set -euo pipefail
DIST=${1:-dist}
BUDGET=${2:-649000}
FIRST_BUDGET=${3:-200000}
LAZY_BUDGET=${4:-254200}
LOG_BUDGET=${5:-208400}
# What index.html requests as it loads: stylesheets, preloads, classic and module scripts by src,
# and the first-answer wasm. Not what the app's loader imports after the first answer
# (crates/memcalc-build/src/app-loader.js), nor the files only copied beside it (embed.js for host pages).
first=$( { grep -Eo '<link [^>]*href="\./[^"]+"' "$DIST/index.html" || true
           grep -Eo '<script [^>]*src="\./[^"]+"' "$DIST/index.html" || true
           grep -Eo '"\./memcalc-first-[0-9a-f]+\.wasm"' "$DIST/index.html" || true
         } | grep -Eo '\./[^"]+' | sed -E 's/^\.\///' | sort -u)
total_raw=0; total_gz=0; only_first_gz=0; lazy_gz=0; log_gz=0; first_gz=$(gzip -9 -c "$DIST/index.html" | wc -c)
printf '%-48s %10s %10s %s\n' "asset" "raw" "gzip" "first load"
# The app's JS snippets sit in snippets/, imported by its glue: inline_js ones as
# snippets/<crate>/inline<n>.js, module files at their path (src/time.js, the time wasm's loader).
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
    memcalc-first-*.wasm) only_first_gz=$((only_first_gz + gz)) ;;
    memcalc-time-*.wasm) lazy_gz=$((lazy_gz + gz)); at_first="lazy" ;;
    memcalc-log-*.wasm) log_gz=$((log_gz + gz)); at_first="lazy (log box)" ;;
  esac
  printf '%-48s %10d %10d %s\n' "$name" "$raw" "$gz" "$at_first"
done
printf '%-48s %10d %10d\n' "total" "$total_raw" "$total_gz"
# The app's budget is its measured size once the log box's reading moved to the log wasm
# (issue 36); the first-answer wasm is bounded by the first-load budget, the time wasm and the
# log wasm by their own, and all are in the total a visitor who uses everything downloads.
app_gz=$((total_gz - only_first_gz - lazy_gz - log_gz))
awk -v g="$first_gz" -v b="$FIRST_BUDGET" 'BEGIN { printf "first load: %d bytes gzip (%.1f KiB) against a budget of %d bytes\n", g, g / 1024, b }'
awk -v g="$app_gz" -v b="$BUDGET" 'BEGIN { printf "size: %d bytes gzip (%.1f KiB) for the app, before its time arrives, against a budget of %d bytes\n", g, g / 1024, b }'
awk -v g="$lazy_gz" -v b="$LAZY_BUDGET" 'BEGIN { printf "lazy: %d bytes gzip (%.1f KiB) for the time wasm, fetched after the first answer, against a budget of %d bytes\n", g, g / 1024, b }'
awk -v g="$log_gz" -v b="$LOG_BUDGET" 'BEGIN { printf "log: %d bytes gzip (%.1f KiB) for the log wasm, fetched when the log box is used, against a budget of %d bytes\n", g, g / 1024, b }'
awk -v t="$total_gz" -v f="$only_first_gz" 'BEGIN { printf "total: %d bytes gzip (%.1f KiB), of which the first-answer wasm %d bytes (fetched for a link, a remembered calculation or an embed)\n", t, t / 1024, f }'
status=0
if [ "$app_gz" -gt "$BUDGET" ]; then
  echo "size: over budget" >&2
  status=1
fi
if [ "$first_gz" -gt "$FIRST_BUDGET" ]; then
  echo "first load: over budget" >&2
  status=1
fi
if [ "$lazy_gz" -gt "$LAZY_BUDGET" ]; then
  echo "lazy: over budget" >&2
  status=1
fi
if [ "$log_gz" -gt "$LOG_BUDGET" ]; then
  echo "log: over budget" >&2
  status=1
fi
exit $status
