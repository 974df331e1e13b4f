#!/usr/bin/env bash
# The Python package (crates/memcalc-py, issue 43): builds its abi3 wheel with maturin (the root
# Cargo.toml's `py` profile, named in its pyproject.toml: optimised, unwinding), installs it in a
# fresh virtual environment with pytest and pandas from PyPI, and runs its tests against the
# `memcalc` binary (a debug build): estimate, errors, sweep to a DataFrame, compare, check,
# layouts, log check, and the example notebook's outputs (examples/memcalc.ipynb); and the
# type stubs against the installed package (mypy's stubtest). The wheel carries the page's
# release build (dist/, packed as memcalc/page/) for memcalc.widget, the calculator in a notebook
# cell, offline; anywidget (from PyPI) is installed beside it for the widget's tests. `make test`
# builds dist/ first; run alone, this script builds it only where there is none (a stale dist/
# is packed as it is: `make build` renews it).
#
# Usage: scripts/test-python.sh   (the wheel is left in $CARGO_TARGET_DIR/wheels, or WHEEL_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
WHEELS=${WHEEL_DIR:-$TARGET/wheels}
VENV=$(mktemp -d)
trap 'rm -rf "$VENV"' EXIT

say() { printf 'test-python: %s\n' "$*"; }

say "packing the page (dist/) for memcalc.widget"
if [ ! -f dist/index.html ]; then
  say "no dist/: building the page (trunk build --release)"
  PATH=$ROOT/node_modules/.bin:$PATH trunk build --release
fi
PAGE=crates/memcalc-py/python/memcalc/page
rm -rf "$PAGE"
mkdir -p "$PAGE"
cp -R dist/. "$PAGE"/
# Not the page: Trunk's staging folder, left in dist/ while (or where) a build is under way.
find "$PAGE" -mindepth 1 -name '.*' -prune -exec rm -rf {} +
say "page: $(find "$PAGE" -type f | wc -l) files, $(du -sb "$PAGE" | cut -f1) bytes"

say "building the wheel"
rm -f "$WHEELS"/memcalc-*.whl
python3 -m maturin build -m crates/memcalc-py/Cargo.toml --out "$WHEELS"
WHEEL=$(ls "$WHEELS"/memcalc-*-abi3-*.whl)
say "$(basename "$WHEEL"): $(stat -c %s "$WHEEL") bytes"

say "building the memcalc binary the answers are compared with"
cargo build -p memcalc
export MEMCALC_BIN=$TARGET/debug/memcalc

say "installing it in a fresh virtual environment"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet "$WHEEL" pytest mypy anywidget
# pandas is optional for the package (sweep gives plain rows without it); the tests want it.
"$VENV/bin/python" -m pip install --quiet pandas || say "pandas is not installable here: its tests are skipped"

# Run from outside the checkout, so that `import memcalc` is the installed wheel.
cd "$VENV"
# The type stubs (memcalc/__init__.pyi, _memcalc.pyi) against what the installed package has.
say "checking the type stubs against the package (mypy's stubtest)"
"$VENV/bin/python" -m mypy.stubtest memcalc
"$VENV/bin/python" -m pytest -p no:cacheprovider -q "$ROOT/crates/memcalc-py/tests"
