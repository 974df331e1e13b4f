# Two entry points: `make serve` builds and serves the app, `make test` runs every test.
# Both install what is missing first (scripts/setup.sh skips what is already present).
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)
export CHROMEDRIVER ?= /usr/bin/chromedriver

.PHONY: setup serve build test test-setup lint test-native test-wasm test-e2e size test-python

setup:
	@scripts/setup.sh

serve: setup
	trunk serve --release

build: setup
	trunk build --release

test: setup test-setup lint test-native build test-python test-wasm size test-e2e

# setup.sh down the paths a warm machine never takes (fresh machine, root or sudo, stale tools),
# with recording stubs instead of installers.
test-setup:
	scripts/test-setup.sh

# Formatting, clippy on both targets (the app only builds for wasm32), shellcheck on the scripts,
# and every JavaScript file parsed by Node (no JS linter among the npm packages): the scripts
# memcalc-post-build writes into index.html, the embed script, the bench, the test server and the
# app's module snippets (src/*.js, the time and log wasms' loaders). Those are ES modules in .js files:
# Node 20 lets a broken one with `export` pass `node --check` (it guesses the module type), so
# they are read as modules from stdin.
lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p memcalc-app --target wasm32-unknown-unknown --all-targets -- -D warnings
	shellcheck scripts/*.sh bench/*.sh .ci/run
	for f in crates/memcalc-build/src/*.js embed/*.js bench/*.mjs scripts/*.mjs; do node --check "$$f" || exit 1; done
	for f in src/*.js crates/memcalc-py/python/memcalc/widget.js; do node --input-type=module --check < "$$f" || { echo "$$f"; exit 1; }; done
	# The view! macros' layout (rustfmt leaves them alone), by leptosfmt from scripts/setup.sh;
	# `leptosfmt src && cargo fmt --all` formats both (each leaves the other's output alone).
	leptosfmt --check src

test-native:
	cargo test --workspace --exclude memcalc-app

# The Python package (crates/memcalc-py): its abi3 wheel built by maturin (with the page's build,
# dist/, for memcalc.widget: `build` runs before it in `test`), installed in a fresh
# virtual environment, its stubs checked by mypy's stubtest, its pytest tests (and the example
# notebook's outputs) run against the CLI.
test-python:
	scripts/test-python.sh

test-wasm:
	cargo test -p memcalc-app --target wasm32-unknown-unknown

size:
	@scripts/size.sh dist

test-e2e:
	npx playwright test

# Benchmarks (figures go to docs/performance.md; not part of `make test`).
.PHONY: bench fuzz
bench: build
	bench/run-core.sh
	node bench/page.mjs

# Fuzzing needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
fuzz:
	cd fuzz && cargo +nightly fuzz run query corpus/query -- -max_total_time=600 -max_len=512
