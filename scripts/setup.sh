#!/usr/bin/env bash
# Installs what building and testing need, skipping whatever is already there at the right
# version. Nothing here downloads a prebuilt binary or a browser: Rust tools are built from
# crates.io, wasm-opt comes from the npm package binaryen, Chromium from Debian.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

TRUNK_VERSION=0.21.14
say() { printf 'setup: %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -qF "$TRUNK_VERSION"; then
  say "building trunk $TRUNK_VERSION (about 6 minutes)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# The CLI must match the wasm-bindgen crate exactly; the version comes from Cargo.lock.
WBG=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$WBG" ]; then echo "setup: no wasm-bindgen in Cargo.lock" >&2; exit 1; fi
if ! grep -qF "wasm_bindgen = \"$WBG\"" Trunk.toml; then
  echo "setup: Trunk.toml [tools] wasm_bindgen must be \"$WBG\" (the version in Cargo.lock)" >&2; exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qF " $WBG" \
   || ! wasm-bindgen-test-runner --version 2>/dev/null | grep -qF " $WBG"; then
  say "building wasm-bindgen-cli $WBG"
  # Not --locked: the registry mirror lacks a few of the newest versions its lock file names.
  cargo install wasm-bindgen-cli --version "$WBG" --force
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian's chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  $SUDO DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi

# npm packages: binaryen (wasm-opt), Playwright's test runner, axe-core. Reinstalled only when
# package-lock.json changes.
STAMP=node_modules/.memcalc-lock-stamp
LOCK_SUM=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$LOCK_SUM" ]; then
  say "installing npm packages"
  # Playwright must never fetch a browser of its own: the tests use /usr/bin/chromium.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
  echo "$LOCK_SUM" > "$STAMP"
fi

WANT_OPT=$(awk -F'"' '/^wasm_opt/ { sub("version_", "", $2); print $2 }' Trunk.toml)
if ! wasm-opt --version 2>/dev/null | grep -qE "version $WANT_OPT\b"; then
  echo "setup: wasm-opt on PATH is not version $WANT_OPT (Trunk.toml); check package.json's binaryen" >&2; exit 1
fi
