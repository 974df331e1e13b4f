#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml): first the default answer's first screen into index.html
# (memcalc-prerender, built natively from the workspace's core), then the Content-Security-Policy,
# which hashes every inline script, the prerender's among them (scripts/csp.py). In this order,
# in one hook, because the policy must see the final page.
set -euo pipefail
DIST=${TRUNK_STAGING_DIR:-${1:-dist}}
cargo run --quiet --locked -p memcalc --bin memcalc-prerender -- "$DIST/index.html"
python3 "$(dirname "$0")/csp.py" "$DIST"
