#!/usr/bin/env bash
# Installs what building and testing need, skipping whatever is already there at the right
# version. Nothing here downloads a prebuilt binary or a browser: Rust tools are built from
# crates.io, wasm-opt comes from the npm package binaryen, Chromium from Debian.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

TRUNK_VERSION=0.21.14
# The formatter of Leptos' view! macros (rustfmt leaves their bodies alone), for `make lint`.
LEPTOSFMT_VERSION=0.1.33
# Builds the Python package's wheel (crates/memcalc-py) for scripts/test-python.sh; from PyPI.
MATURIN_VERSION=1.16.0
say() { printf 'setup: %s\n' "$*"; }
# Whether a command's output has a line matching a grep pattern. The output is read whole first:
# `cmd | grep -q` under pipefail fails when grep stops reading early and cmd gets SIGPIPE.
has() { local out; out=$("${@:2}" 2>/dev/null) || true; grep -qE -- "$1" <<< "$out"; }

# Debian packages: the browser and its driver for the tests, shellcheck for `make lint`.
# Only what is missing is asked for, and first: a user who cannot install them learns it now,
# not after ten minutes of building Rust tools.
APT_PKGS=()
command -v chromium >/dev/null || APT_PKGS+=(chromium)
command -v chromedriver >/dev/null || APT_PKGS+=(chromium-driver)
command -v shellcheck >/dev/null || APT_PKGS+=(shellcheck)
if [ ${#APT_PKGS[@]} -gt 0 ]; then
  say "installing Debian's ${APT_PKGS[*]}"
  # As root, apt-get directly; otherwise through sudo -n (fail rather than wait for a password
  # nobody will type). `env` carries DEBIAN_FRONTEND through sudo, which resets the environment;
  # a bare `VAR=value` after an empty "$SUDO" would be run as a command name.
  if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=(env)
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    AS_ROOT=(sudo -n env)
  else
    echo "setup: missing ${APT_PKGS[*]}, and this user is not root and cannot use sudo without a password." >&2
    echo "setup: install them once, then run make again:" >&2
    echo "setup:     sudo apt-get update && sudo apt-get install -y ${APT_PKGS[*]}" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null; then
    echo "setup: missing ${APT_PKGS[*]} and no apt-get: install Chromium, ChromeDriver and shellcheck with this system's package manager (the tests use /usr/bin/chromium and /usr/bin/chromedriver)" >&2
    exit 1
  fi
  "${AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive apt-get update
  "${AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive apt-get install -y "${APT_PKGS[@]}"
fi

if ! has '^wasm32-unknown-unknown$' rustup target list --installed; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! has " ${TRUNK_VERSION//./\\.}\$" trunk --version; then
  say "building trunk $TRUNK_VERSION (about 6 minutes)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if ! has " ${LEPTOSFMT_VERSION//./\\.}\$" leptosfmt --version; then
  say "building leptosfmt $LEPTOSFMT_VERSION"
  cargo install --locked leptosfmt --version "$LEPTOSFMT_VERSION"
fi

# The CLI must match the wasm-bindgen crate exactly; the version comes from Cargo.lock.
WBG=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$WBG" ]; then echo "setup: no wasm-bindgen in Cargo.lock" >&2; exit 1; fi
if ! grep -qF "wasm_bindgen = \"$WBG\"" Trunk.toml; then
  echo "setup: Trunk.toml [tools] wasm_bindgen must be \"$WBG\" (the version in Cargo.lock)" >&2; exit 1
fi
if ! has " ${WBG//./\\.}( |\$)" wasm-bindgen --version \
   || ! has " ${WBG//./\\.}( |\$)" wasm-bindgen-test-runner --version; then
  say "building wasm-bindgen-cli $WBG"
  # Not --locked: the registry mirror lacks a few of the newest versions its lock file names.
  cargo install wasm-bindgen-cli --version "$WBG" --force
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
if ! has "version $WANT_OPT\b" wasm-opt --version; then
  echo "setup: wasm-opt on PATH is not version $WANT_OPT (Trunk.toml); check package.json's binaryen" >&2; exit 1
fi

# maturin from PyPI, for the user (no root needed): `python3 -m maturin` finds it without
# ~/.local/bin on the PATH. Python itself is the system's; without it, say so.
if ! command -v python3 >/dev/null; then
  echo "setup: python3 is missing: the Python package's tests (scripts/test-python.sh) need Python 3.9 or later with venv and pip (Debian: apt-get install python3 python3-venv python3-pip)" >&2
  exit 1
fi
if ! has "^maturin ${MATURIN_VERSION//./\\.}\$" python3 -m maturin --version; then
  say "installing maturin $MATURIN_VERSION from PyPI"
  python3 -m pip install --user "maturin==$MATURIN_VERSION"
fi
