#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml), in this order because each step needs the last one's page:
# 1. the first-answer wasm (crates/memcalc-first: the core and the first screen's HTML writer, no
#    Leptos), built for wasm32 and shrunk with wasm-opt from PATH (node_modules/.bin, binaryen
#    123), named by its content's hash like Trunk's files;
# 2. the default answer's first screen, and the script that writes any other start's screen with
#    that wasm, into index.html (memcalc-prerender, crates/memcalc-build, built natively from the
#    same crates);
# 3. the time wasm (crates/memcalc-time: the time model and its words, JSON out), built and
#    named alike, its name written into index.html's `memcalc-time` meta, where the app's loader
#    (src/time.rs) reads it: the app's wasm carries no time model, and this one is fetched after
#    the first answer is painted;
# 4. Trunk's loader rewritten so the app's wasm is requested after the first answer is painted
#    (scripts/first-load.py);
# 5. the inlined stylesheet minified (scripts/minify-css.py: Trunk copies it verbatim);
# 6. the Content-Security-Policy, which hashes every inline script and style (scripts/csp.py).
set -euo pipefail
DIST=${TRUNK_STAGING_DIR:-${1:-dist}}
HERE=$(dirname "$0")
# One build each: together, memcalc-first would get the core's `time` feature memcalc-time needs.
cargo build --quiet --locked --release -p memcalc-first --target wasm32-unknown-unknown
cargo build --quiet --locked --release -p memcalc-time --target wasm32-unknown-unknown
TARGET_DIR=$(cargo metadata --quiet --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
# The app's wasm-opt settings (index.html's data-wasm-opt-params, with its -Oz), so both wasms
# are optimised alike and the flags are written once. Among them the inlining cap: -Oz alone
# inlines every function that has one caller, however large (first_screen became one 92 KB
# function), and V8 compiles a wasm function whole on its first call; capped, a link's first
# call compiles 110 KB instead of 154 KB and both wasms are smaller (docs/performance.md).
OPT=$(grep -o 'data-wasm-opt-params="[^"]*"' "$HERE/../index.html" | cut -d'"' -f2)
[ -n "$OPT" ] || { echo "post-build: no data-wasm-opt-params in index.html" >&2; exit 1; }
# small NAME: shrinks target/…/NAME.wasm into $DIST as NAME-<hash>.wasm (dashes) and prints that.
small() {
  local name=${1//_/-}
  rm -f "$DIST/$name"-*.wasm
  # shellcheck disable=SC2086 # the flags are words
  wasm-opt -Oz $OPT "$TARGET_DIR/wasm32-unknown-unknown/release/$1.wasm" -o "$DIST/$name.wasm"
  local hash
  hash=$(sha256sum "$DIST/$name.wasm" | cut -c1-16)
  mv "$DIST/$name.wasm" "$DIST/$name-$hash.wasm"
  echo "$name-$hash.wasm"
}
FIRST=$(small memcalc_first)
TIME=$(small memcalc_time)
grep -q '__TIME_WASM__' "$DIST/index.html" || { echo "post-build: no __TIME_WASM__ in index.html" >&2; exit 1; }
sed -i "s/__TIME_WASM__/$TIME/" "$DIST/index.html"
cargo run --quiet --locked -p memcalc-build --bin memcalc-prerender -- "$DIST/index.html" "$FIRST"
python3 "$HERE/first-load.py" "$DIST"
python3 "$HERE/minify-css.py" "$DIST"
python3 "$HERE/csp.py" "$DIST"
