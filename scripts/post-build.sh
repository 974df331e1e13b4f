#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml), in this order because each step needs the last one's page:
# 1. the first-answer wasm (crates/memcalc-first: the core and the first screen's HTML writer, no
#    Leptos), built for wasm32 and shrunk with wasm-opt from PATH (node_modules/.bin, binaryen
#    123), named by its content's hash like Trunk's files;
# 2. the default answer's first screen, and the script that writes any other start's screen with
#    that wasm, into index.html (memcalc-prerender, built natively from the same crates);
# 3. Trunk's loader rewritten so the app's wasm is requested after the first answer is painted
#    (scripts/first-load.py);
# 4. the Content-Security-Policy, which hashes every inline script (scripts/csp.py).
set -euo pipefail
DIST=${TRUNK_STAGING_DIR:-${1:-dist}}
HERE=$(dirname "$0")
cargo build --quiet --locked --release -p memcalc-first --target wasm32-unknown-unknown
TARGET_DIR=${CARGO_TARGET_DIR:-target}
rm -f "$DIST"/memcalc-first-*.wasm
# -Oz alone inlines every function that has one caller, however large: first_screen became one
# 92 KB function (parse, both estimates, the writer), and V8 compiles a wasm function whole on
# its first call. Capped, a link's first call compiles 110 KB of code instead of 154 KB (about
# 8 ms less before its first number), and the file is 200 B smaller (docs/performance.md).
wasm-opt -Oz --converge --one-caller-inline-max-function-size=300 --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int \
  "$TARGET_DIR/wasm32-unknown-unknown/release/memcalc_first.wasm" -o "$DIST/memcalc-first.wasm"
hash=$(sha256sum "$DIST/memcalc-first.wasm" | cut -c1-16)
FIRST="memcalc-first-$hash.wasm"
mv "$DIST/memcalc-first.wasm" "$DIST/$FIRST"
cargo run --quiet --locked -p memcalc --bin memcalc-prerender -- "$DIST/index.html" "$FIRST"
python3 "$HERE/first-load.py" "$DIST"
python3 "$HERE/csp.py" "$DIST"
