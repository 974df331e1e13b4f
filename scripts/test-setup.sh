#!/usr/bin/env bash
# Runs scripts/setup.sh down the paths a warm machine never takes: a fresh machine as root, a
# user with and without sudo, missing or wrong tool versions. Every outside command the script
# calls (rustup, cargo, trunk, leptosfmt, wasm-bindgen, npm, apt-get, sudo, id, wasm-opt, the browser) is a
# stub on a PATH of its own that records its arguments; the test then checks what was asked for
# and how the script ended. Nothing is installed.
#
# Usage: scripts/test-setup.sh [path/to/setup.sh]   (default: this checkout's scripts/setup.sh)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SETUP=$(realpath "${1:-$ROOT/scripts/setup.sh}")
WORK=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$WORK"' EXIT

TRUNK=$(awk -F= '/^TRUNK_VERSION=/ { print $2; exit }' "$SETUP")
LEPTOSFMT=$(awk -F= '/^LEPTOSFMT_VERSION=/ { print $2; exit }' "$SETUP")
MATURIN=$(awk -F= '/^MATURIN_VERSION=/ { print $2; exit }' "$SETUP")
WBG=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock")
OPT=$(awk -F'"' '/^wasm_opt/ { sub("version_", "", $2); print $2 }' "$ROOT/Trunk.toml")
BASH_BIN=$(command -v bash)
# The only real programs on the script's PATH: what it uses to read files and run commands.
SYSTEM_TOOLS=(bash env grep awk sed cut cat cp sha256sum dirname mkdir true)

passed=0
failed=0
case_name=""
case_dir=""
case_ok=1

fail() {
  printf '  FAIL %s: %s\n' "$case_name" "$*"
  case_ok=0
}

stub() { # stub NAME BODY: a recording command NAME on the scenario's PATH
  printf '#!%s\n%s\n' "$BASH_BIN" "$2" > "$case_dir/bin/$1"
  chmod +x "$case_dir/bin/$1"
}

# new_case NAME: a copy of the files setup.sh reads, an empty home, and a PATH holding the system
# tools and the recording stubs. Every tool starts present at the right version, the target
# installed, the npm packages current; each case then takes away or breaks what it tests.
new_case() {
  case_name=$1
  case_ok=1
  # A numbered folder: a case's name has spaces and colons, which a PATH entry cannot hold.
  case_dir="$WORK/$((passed + failed))"
  mkdir -p "$case_dir/repo/scripts" "$case_dir/bin" "$case_dir/home" "$case_dir/repo/node_modules/.bin"
  cp "$SETUP" "$case_dir/repo/scripts/setup.sh"
  cp "$ROOT/Cargo.lock" "$ROOT/Trunk.toml" "$ROOT/package-lock.json" "$case_dir/repo/"
  sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1 > "$case_dir/repo/node_modules/.memcalc-lock-stamp"
  : > "$case_dir/log"
  for t in "${SYSTEM_TOOLS[@]}"; do ln -s "$(type -P "$t")" "$case_dir/bin/$t"; done
  local log="$case_dir/log"
  # shellcheck disable=SC2016 # expanded by the stub when it runs, not here
  stub id '[ "$1" = -u ] && echo "${FAKE_UID:-0}"'
  stub rustup "case \"\$*\" in
  'target list --installed') cat \"$case_dir/targets\" ;;
  *) echo \"rustup \$*\" >> $log ;;
esac"
  echo wasm32-unknown-unknown > "$case_dir/targets"
  echo x86_64-unknown-linux-gnu >> "$case_dir/targets"
  stub cargo "echo \"cargo \$*\" >> $log"
  stub trunk "echo 'trunk $TRUNK'"
  stub leptosfmt "echo 'leptosfmt $LEPTOSFMT'"
  stub wasm-bindgen "echo 'wasm-bindgen $WBG'"
  stub wasm-bindgen-test-runner "echo 'wasm-bindgen-test-runner $WBG'"
  stub wasm-opt "echo 'wasm-opt version $OPT (version_$OPT)'"
  cp "$case_dir/bin/wasm-opt" "$case_dir/bin/wasm-opt.npm"
  # npm ci brings wasm-opt (binaryen) into node_modules/.bin, as the real one does.
  stub npm "echo \"npm \$* PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=\${PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD:-}\" >> $log
mkdir -p node_modules/.bin && cp '$case_dir/bin/wasm-opt.npm' node_modules/.bin/wasm-opt"
  stub apt-get "echo \"apt-get uid=\${FAKE_UID:-0} DEBIAN_FRONTEND=\${DEBIAN_FRONTEND:-} \$*\" >> $log"
  # sudo: runs the command as uid 0 when allowed (SUDO_OK=1), refuses like `sudo -n` otherwise.
  stub sudo "echo \"sudo \$*\" >> $log
[ \"\${SUDO_OK:-0}\" = 1 ] || { echo 'sudo: a password is required' >&2; exit 1; }
[ \"\$1\" = -n ] && shift
FAKE_UID=0 exec \"\$@\""
  for t in chromium chromedriver shellcheck; do stub "$t" 'exit 0'; done
  # python3 with maturin at the pinned version (MATURIN_SAYS: what `-m maturin --version` prints;
  # empty: no such module); any other call is recorded.
  stub python3 "case \"\$*\" in
  '-m maturin --version') [ -n \"\${MATURIN_SAYS-maturin $MATURIN}\" ] || { echo 'No module named maturin' >&2; exit 1; }
    echo \"\${MATURIN_SAYS-maturin $MATURIN}\" ;;
  *) echo \"python3 \$*\" >> $log ;;
esac"
}

# run_setup [VAR=value …]: runs the copy with only the scenario's PATH and HOME.
run_setup() {
  set +e
  env -i HOME="$case_dir/home" PATH="$case_dir/bin" "$@" \
    "$BASH_BIN" "$case_dir/repo/scripts/setup.sh" > "$case_dir/out" 2>&1
  status=$?
  set -e
}

expect_status() { [ "$status" -eq "$1" ] || fail "exit status $status, expected $1; output: $(tr '\n' ' ' < "$case_dir/out")"; }
expect_call() { grep -qxF -- "$1" "$case_dir/log" || fail "no call '$1'; calls: $(tr '\n' ';' < "$case_dir/log")"; }
expect_no_call() { ! grep -qF -- "$1" "$case_dir/log" || fail "unexpected call matching '$1': $(grep -F -- "$1" "$case_dir/log" | tr '\n' ';')"; }
expect_output() { grep -qF -- "$1" "$case_dir/out" || fail "output lacks '$1': $(tr '\n' ' ' < "$case_dir/out")"; }
expect_no_calls() { [ ! -s "$case_dir/log" ] || fail "expected no installs; calls: $(tr '\n' ';' < "$case_dir/log")"; }

end_case() {
  if [ "$case_ok" = 1 ]; then
    passed=$((passed + 1))
    printf '  ok   %s\n' "$case_name"
  else
    failed=$((failed + 1))
  fi
}

APT_ALL="install -y chromium chromium-driver shellcheck"

new_case "warm machine: nothing to install"
run_setup
expect_status 0
expect_no_calls
end_case

new_case "fresh machine as root: everything built or installed, no sudo"
rm "$case_dir/bin/"{chromium,chromedriver,shellcheck,trunk,leptosfmt,wasm-bindgen,wasm-bindgen-test-runner,wasm-opt}
echo x86_64-unknown-linux-gnu > "$case_dir/targets"
rm -r "$case_dir/repo/node_modules"
run_setup
expect_status 0
expect_call "apt-get uid=0 DEBIAN_FRONTEND=noninteractive update"
expect_call "apt-get uid=0 DEBIAN_FRONTEND=noninteractive $APT_ALL"
expect_no_call "sudo"
expect_call "rustup target add wasm32-unknown-unknown"
expect_call "cargo install --locked trunk --version $TRUNK"
expect_call "cargo install --locked leptosfmt --version $LEPTOSFMT"
expect_call "cargo install wasm-bindgen-cli --version $WBG --force"
expect_call "npm ci --no-audit --no-fund PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1"
end_case

new_case "fresh machine as a user with sudo: apt-get runs as root through sudo -n"
rm "$case_dir/bin/"{chromium,chromedriver,shellcheck}
run_setup FAKE_UID=1000 SUDO_OK=1
expect_status 0
expect_call "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update"
expect_call "apt-get uid=0 DEBIAN_FRONTEND=noninteractive update"
expect_call "apt-get uid=0 DEBIAN_FRONTEND=noninteractive $APT_ALL"
expect_no_call "apt-get uid=1000"
end_case

new_case "user whose sudo asks for a password: stops at once with the command to run"
rm "$case_dir/bin/"{chromium,chromedriver,shellcheck,trunk}
run_setup FAKE_UID=1000 SUDO_OK=0
expect_status 1
expect_no_call "apt-get"
expect_no_call "cargo install"
expect_output "sudo apt-get update && sudo apt-get $APT_ALL"
end_case

new_case "user without sudo at all: the same clear message"
rm "$case_dir/bin/"{chromium,sudo}
run_setup FAKE_UID=1000
expect_status 1
expect_no_call "apt-get"
expect_output "sudo apt-get install -y chromium"
end_case

new_case "no apt-get: says what to install by hand"
rm "$case_dir/bin/"{chromedriver,apt-get}
run_setup
expect_status 1
expect_output "no apt-get"
expect_output "chromium-driver"
end_case

new_case "only shellcheck missing: asks for shellcheck alone"
rm "$case_dir/bin/shellcheck"
run_setup
expect_status 0
expect_call "apt-get uid=0 DEBIAN_FRONTEND=noninteractive install -y shellcheck"
expect_no_call "cargo"
end_case

new_case "wrong trunk and wasm-bindgen versions: rebuilt at the pinned ones"
stub trunk "echo 'trunk 0.21.4'"
stub wasm-bindgen-test-runner "echo 'wasm-bindgen-test-runner 0.2.100'"
run_setup
expect_status 0
expect_call "cargo install --locked trunk --version $TRUNK"
expect_call "cargo install wasm-bindgen-cli --version $WBG --force"
expect_no_call "apt-get"
end_case

new_case "wrong leptosfmt version: rebuilt at the pinned one, nothing else"
stub leptosfmt "echo 'leptosfmt 0.1.18'"
run_setup
expect_status 0
expect_call "cargo install --locked leptosfmt --version $LEPTOSFMT"
expect_no_call "trunk"
end_case

new_case "a long target list (grep stops reading early): the installed target is still seen"
# Under pipefail, `rustup … | grep -q` fails when rustup is still writing as grep exits.
{ echo wasm32-unknown-unknown; for i in $(seq 1 20000); do echo "x86_64-other-target-$i"; done; } > "$case_dir/targets"
run_setup
expect_status 0
expect_no_call "rustup target add"
end_case

new_case "a version that only contains the pinned one (trunk ${TRUNK}9): rebuilt"
stub trunk "echo 'trunk ${TRUNK}9'"
run_setup
expect_status 0
expect_call "cargo install --locked trunk --version $TRUNK"
end_case

new_case "package-lock.json changed: npm ci again, never a browser download"
echo stale > "$case_dir/repo/node_modules/.memcalc-lock-stamp"
run_setup
expect_status 0
expect_call "npm ci --no-audit --no-fund PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1"
end_case

new_case "Trunk.toml names another wasm-bindgen than Cargo.lock: refuses"
sed -i "s/^wasm_bindgen = .*/wasm_bindgen = \"0.2.1\"/" "$case_dir/repo/Trunk.toml"
run_setup
expect_status 1
expect_output "Trunk.toml [tools] wasm_bindgen must be \"$WBG\""
end_case

new_case "wasm-opt at another version than Trunk.toml: refuses"
stub wasm-opt "echo 'wasm-opt version 116'"
run_setup
expect_status 1
expect_output "not version $OPT"
end_case

new_case "maturin missing: installed from PyPI for the user, nothing else"
run_setup MATURIN_SAYS=
expect_status 0
expect_call "python3 -m pip install --user maturin==$MATURIN"
expect_no_call "apt-get"
expect_no_call "cargo"
end_case

new_case "maturin at another version (or one only containing the pinned one): reinstalled"
run_setup MATURIN_SAYS="maturin ${MATURIN}1"
expect_status 0
expect_call "python3 -m pip install --user maturin==$MATURIN"
end_case

new_case "no python3: stops with what to install"
rm "$case_dir/bin/python3"
run_setup
expect_status 1
expect_output "python3 is missing"
expect_no_call "pip"
end_case

# The README's promises about the scripts, checked against the scripts themselves.
new_case "README states the size budget scripts/size.sh enforces"
budget=$(awk -F'[{}:]' '/^BUDGET=/ { gsub(/-/, "", $3); print $3; exit }' "$ROOT/scripts/size.sh")
budget_text=$(echo "$budget" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta')
[ -n "$budget" ] || fail "no BUDGET in scripts/size.sh"
grep -q "budget of $budget_text bytes gzip" "$ROOT/README.md" || fail "README lacks 'budget of $budget_text bytes gzip'"
if grep -Eo 'budget of [0-9,]+ bytes gzip' "$ROOT/README.md" | grep -vqF "budget of $budget_text bytes"; then
  fail "README names another budget: $(grep -Eo 'budget of [0-9,]+ bytes gzip' "$ROOT/README.md" | sort -u | tr '\n' ';')"
fi
end_case

new_case "README states the first-load budget scripts/size.sh enforces"
first=$(awk -F'[{}:]' '/^FIRST_BUDGET=/ { gsub(/-/, "", $3); print $3; exit }' "$ROOT/scripts/size.sh")
first_text=$(echo "$first" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta')
[ -n "$first" ] || fail "no FIRST_BUDGET in scripts/size.sh"
grep -q "first load above $first_text bytes gzip" "$ROOT/README.md" || fail "README lacks 'first load above $first_text bytes gzip'"
end_case

new_case "README names the Trunk version setup.sh builds"
grep -qF "Trunk $TRUNK" "$ROOT/README.md" || fail "README lacks 'Trunk $TRUNK'"
end_case

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
