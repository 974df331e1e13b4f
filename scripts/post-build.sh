#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml), in this order because each step needs the last one's page:
# 1. the first-answer wasm (crates/memcalc-first: the core and the first screen's HTML writer, no
#    Leptos), built for wasm32 and shrunk with wasm-opt from PATH (node_modules/.bin, binaryen
#    123), named by its content's hash like Trunk's files;
# 2. the default answer's first screen, and the script that writes any other start's screen with
#    that wasm, into index.html (memcalc-prerender, crates/memcalc-build, built natively from the
#    same crates);
# 3. Trunk's loader rewritten so the app's wasm is requested after the first answer is painted
#    (scripts/first-load.py);
# 4. the inlined stylesheet minified (scripts/minify-css.py: Trunk copies it verbatim);
# 5. the Content-Security-Policy, which hashes every inline script and style (scripts/csp.py).
set -euo pipefail
DIST=${TRUNK_STAGING_DIR:-${1:-dist}}
HERE=$(dirname "$0")
cargo build --quiet --locked --release -p memcalc-first --target wasm32-unknown-unknown
TARGET_DIR=$(cargo metadata --quiet --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
# The app's wasm-opt settings (index.html's data-wasm-opt-params, with its -Oz), so both wasms
# are optimised alike and the flags are written once. Among them the inlining cap: -Oz alone
# inlines every function that has one caller, however large (first_screen became one 92 KB
# function), and V8 compiles a wasm function whole on its first call; capped, a link's first
# call compiles 110 KB instead of 154 KB and both wasms are smaller (docs/performance.md).
OPT=$(grep -o 'data-wasm-opt-params="[^"]*"' "$HERE/../index.html" | cut -d'"' -f2)
[ -n "$OPT" ] || { echo "post-build: no data-wasm-opt-params in index.html" >&2; exit 1; }
rm -f "$DIST"/memcalc-first-*.wasm
# shellcheck disable=SC2086 # the flags are words
wasm-opt -Oz $OPT "$TARGET_DIR/wasm32-unknown-unknown/release/memcalc_first.wasm" -o "$DIST/memcalc-first.wasm"
hash=$(sha256sum "$DIST/memcalc-first.wasm" | cut -c1-16)
FIRST="memcalc-first-$hash.wasm"
mv "$DIST/memcalc-first.wasm" "$DIST/$FIRST"
cargo run --quiet --locked -p memcalc-build --bin memcalc-prerender -- "$DIST/index.html" "$FIRST"
python3 "$HERE/first-load.py" "$DIST"
python3 "$HERE/minify-css.py" "$DIST"
python3 "$HERE/csp.py" "$DIST"
