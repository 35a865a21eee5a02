#!/usr/bin/env bash
# AlphaChess's two commands:
#   ./build.sh        install what is missing, build the client and the server, serve on http://127.0.0.1:8080
#   ./build.sh test   install what is missing and run every check and test of every part
# Each step installs its own prerequisites, so both work on a fresh Debian machine with Rust and Node.
set -euo pipefail
cd "$(dirname "$0")"

# The programs the app and the tests start. Either may be given in the environment: build.sh, the
# Rust tests and the browser tests all read these two variables (a given one is not installed).
export STOCKFISH="${STOCKFISH:-/usr/games/stockfish}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
APT_UPDATED=

# Every Debian package that the app or a test starts, and who needs it: the one list.
# `./build.sh` installs the `app` ones, `./build.sh test` all of them, and check_test_programs fails
# the tests when a test starts a program by path that no package here provides.
#   package    for        who needs it
DEBIAN_PACKAGES=(
  "stockfish   app,test   the engine the server runs (/usr/games/stockfish, or \$STOCKFISH); server and browser tests play it"
  "socat       test       server/tests/api/remote.rs serves Stockfish over TCP with it, as production may"
  "chromium    test       client/e2e drives it with playwright-core (/usr/bin/chromium, or \$CHROMIUM)"
  "postgresql  test       server/tests/postgres starts its own cluster (initdb + postgres from /usr/lib/postgresql/<version>/bin) for the shared store"
  "nginx       test       server/tests/postgres puts it in front of two servers (round-robin, SSE); server/deploy/cluster.sh too"
  "python3-venv test      server/tests/lichess/berserk_session.py runs the lichess client berserk (PyPI, pinned) from a venv under the target dir"
  "util-linux  test       server/tests/postgres runs PostgreSQL as the postgres user with /usr/bin/setpriv (Essential in Debian 12; listed so a release where it is not still gets it)"
)

# Each step's header says how long the run has taken so far: where the time goes is visible in any log.
CURRENT_STEP=
step() {
  CURRENT_STEP="$*"
  printf '\n==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"
}

# What to do when the step `$1` failed: a newcomer reads this, not only a compiler's last line.
hint_for() {
  case "$1" in
    "apt-get install"*)
      echo "Installing Debian packages failed: run as root (or with sudo), and check that 'apt-get update' reaches Debian's mirrors. The packages are listed in DEBIAN_PACKAGES at the top of build.sh." ;;
    "client: npm ci"*)
      echo "Installing the client's packages failed: it needs Node 20 or newer and npm ('node --version') and the npm registry. To retry from scratch: rm -rf client/node_modules && ./build.sh" ;;
    "client: production build"*)
      echo "The client did not type-check or bundle: the first error above names the file. Run it alone with: cd client && npm run build" ;;
    "cargo fmt"*)
      echo "The code is not formatted as rustfmt would: run 'cargo fmt --all' and commit what it changes." ;;
    "cargo clippy"*)
      echo "Clippy found a warning (warnings are errors here): the first 'warning' or 'error' above names the file and line. Run it alone with the command in the step's header." ;;
    "server: cargo build"*|"server: the debug binary"*|"cargo "*|"engine: "*)
      echo "Building the Rust code failed: the first 'error' above names the cause. It needs the toolchain rust-toolchain.toml names ('rustup show' installs and lists it), a C compiler for the bundled SQLite and zstd ('apt-get install build-essential') and crates.io. Run it alone with the command in the step's header." ;;
    "every program the tests start"*)
      echo "A test starts a program no package in DEBIAN_PACKAGES installs: add the package named above to that list in build.sh." ;;
    *)
      echo "The lines above say what failed; the step's header is the command that runs it alone." ;;
  esac
}

# A failed step is named, with what to do, whatever failed in it.
on_exit() {
  local status=$?
  [ "$status" -eq 0 ] || [ -z "$CURRENT_STEP" ] && return 0
  printf '\n!!> build.sh: the step "%s" failed (exit %d) after %dm%02ds.\n!!> %s\n' \
    "$CURRENT_STEP" "$status" $((SECONDS / 60)) $((SECONDS % 60)) "$(hint_for "$CURRENT_STEP")" >&2
}
trap on_exit EXIT

# The packages of DEBIAN_PACKAGES wanted for `$1` (app or test).
packages_for() {
  local line pkg usage
  for line in "${DEBIAN_PACKAGES[@]}"; do
    read -r pkg usage _ <<<"$line"
    [[ ",$usage," == *",$1,"* ]] && echo "$pkg"
  done
}

# Whether the program a package provides was given in the environment instead (and is there).
given_instead() {
  case "$1" in
    stockfish) [ "$STOCKFISH" != /usr/games/stockfish ] && [ -x "$STOCKFISH" ] ;;
    chromium) [ "$CHROMIUM" != /usr/bin/chromium ] && [ -x "$CHROMIUM" ] ;;
    *) return 1 ;;
  esac
}

# Whether Debian package `$1` is installed: a removed package whose configuration files remain is
# still known to `dpkg -s`, with none of its programs.
is_installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

# Installs the Debian packages of `$1` (app or test) that are not there yet (apt-get update once).
install_packages() {
  local missing=() pkg
  for pkg in $(packages_for "$1"); do
    given_instead "$pkg" && continue
    is_installed "$pkg" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  if [ -z "$APT_UPDATED" ]; then
    $sudo apt-get update -qq
    APT_UPDATED=1
  fi
  step "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

# Every program a test or the app starts by absolute path must come from a package of
# DEBIAN_PACKAGES (or an essential one, always there): a package installed by hand on this machine
# would otherwise hide a missing install step until a fresh machine fails.
check_test_programs() {
  step "every program the tests start is installed by build.sh"
  local listed failed=0 path owner
  listed=" $(packages_for test | tr '\n' ' ') "
  while read -r path; do
    [ -n "$path" ] || continue
    # A default path whose program was given in the environment is not started.
    { [ "$path" = /usr/games/stockfish ] && given_instead stockfish; } && continue
    { [ "$path" = /usr/bin/chromium ] && given_instead chromium; } && continue
    owner=$(dpkg -S "$path" 2>/dev/null | grep -v '^diversion' | head -1 | cut -d: -f1 || true)
    if [ -z "$owner" ]; then
      echo "tests start $path, but no installed package provides it: add its package to DEBIAN_PACKAGES in build.sh" >&2
      failed=1
    elif [[ "$listed" != *" $owner "* ]] && [ "$(dpkg-query -W -f='${Essential}' "$owner")" != yes ]; then
      echo "tests start $path from the Debian package '$owner', which build.sh does not install: add '$owner' to DEBIAN_PACKAGES in build.sh" >&2
      failed=1
    fi
  done < <(grep -rhoE "[\"'\`](/usr)?/(s?bin|games|lib/postgresql/[0-9]+/bin)/[A-Za-z0-9_.+-]+" \
    server/src server/tests engine/tests client/e2e 2>/dev/null | cut -c2- | sort -u)
  return "$failed"
}

has_client() { [ -f client/package.json ]; }

client_deps() {
  step "client: npm ci"
  (cd client && npm ci --no-audit --no-fund)
}

vite_build() {
  step "client: production build (vite)"
  (cd client && npm run build)
}

build_client() {
  has_client || return 0
  client_deps
  vite_build
}

# The server binary alone (not the ladder harness, a command for measuring): the release profile
# (Cargo.toml) builds it in parallel code units, minutes from a fresh clone.
build_server() {
  step "server: cargo build --release --bin alphachess-server"
  cargo build --release -p alphachess-server --bin alphachess-server
}

# The client and the server built side by side (#54): npm waits on the registry and vite on one
# core while cargo's first crates compile. The client's output is prefixed and its failure named
# as its own step.
build_client_and_server() {
  has_client || { build_server; return; }
  local log="$TARGET_DIR/client-build.log" client status=0
  mkdir -p "$TARGET_DIR"
  step "client: npm ci and production build, beside the server's build (output: $log)"
  ( set -o pipefail
    build_client 2>&1 | sed -u 's/^/[client] /' >"$log" ) &
  client=$!
  build_server
  wait "$client" || status=$?
  sed -n '/^\[client\] ==>/p' "$log"
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    CURRENT_STEP=$(sed -n 's/^\[client\] ==> \[[0-9ms]*\] //p' "$log" | tail -1)
    return "$status"
  fi
  step "client and server built"
}

# The optimised perft checks use the `checks` profile (Cargo.toml): the release settings without
# fat LTO, which builds the engine in a fraction of the time and behaves the same.
CHECKS_PROFILE=checks
# The browser tests, berserk and the API document's check run the server `cargo test` has just
# built: the debug profile, with the rules crate optimised (Cargo.toml), serves them as fast as an
# optimised build, and a second, optimised build of the whole server took a fifth of a cold run.
# `cargo test` builds the server's binary for its integration tests; asking for exactly that build
# again finds it done. (`cargo build -p alphachess-server` resolves features without the
# workspace's dev-dependencies, so it rebuilt the server and a few crates: a minute of every run.)
TEST_SERVER_BIN="$TARGET_DIR/debug/alphachess-server"
build_test_server() {
  step "server: the debug binary cargo test built"
  cargo test --workspace --features alphachess-engine/serde --no-run
}

run_app() {
  install_packages app
  build_client_and_server
  step "serving on http://127.0.0.1:8080 (Ctrl-C stops)"
  exec "$TARGET_DIR/release/alphachess-server" --bind 127.0.0.1:8080 --static-dir client/dist \
    --stockfish "$STOCKFISH" "$@"
}

test_rust() {
  step "cargo fmt --check"
  cargo fmt --all -- --check
  step "cargo clippy (warnings are errors)"
  cargo clippy --workspace --all-targets -- -D warnings
  step "cargo doc (broken links and other warnings are errors)"
  RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace
  # The engine's `serde` feature is named so that engine/tests/serde.rs runs here whoever else
  # turns it on (the server does, so this builds nothing more: a workspace build compiles the
  # engine once, its features unified).
  step "cargo test --workspace (debug)"
  cargo test --workspace --features alphachess-engine/serde
  # What the workspace run cannot show is that the feature builds on the engine's own dependency
  # declarations (serde's features are unified with the server's there): a check of the library
  # alone shows that, without building the engine's dev-dependencies again under another feature set.
  step "engine: the serde feature builds on its own"
  cargo check -p alphachess-engine --features serde --lib
  step "engine: full-depth perft tests (optimised)"
  cargo test --profile "$CHECKS_PROFILE" -p alphachess-engine --test perft -- --include-ignored
  step "engine: perft suite engine/tests/data/perft-suite.epd (optimised)"
  cargo run --profile "$CHECKS_PROFILE" -p alphachess-engine --bin perft -- --epd engine/tests/data/perft-suite.epd
}

test_dependencies() {
  step "dependencies: licences (no GPL family, none unlicensed) and rust-version"
  node --test scripts/
  node scripts/check-dependencies.mjs
}

test_client() {
  has_client || return 0
  step "client: lint (eslint with warnings as errors, prettier --check, import rules)"
  (cd client && npm run lint)
  step "client: unit tests (vitest)"
  (cd client && npm test)
  vite_build
  step "client: start screen within 100 kB and game screen within 150 kB of gzipped JavaScript (#39)" && (cd client && node scripts/bundle-report.mjs)
  build_test_server
  step "client: src/api/schema.d.ts matches the server's OpenAPI document"
  (cd client && ALPHACHESS_SERVER_BIN="$TEST_SERVER_BIN" npm run api:check)
  step "client: end-to-end tests in Chromium against the real server and Stockfish"
  # The e2e servers run in client/: point them at the Maia networks from here.
  (export ALPHACHESS_MAIA_DIR="$PWD/server/data/maia"
   cd client && ALPHACHESS_SERVER_BIN="$TEST_SERVER_BIN" npm run e2e)
}

# A lichess client, unmodified, against the real server: berserk from PyPI (pinned in
# server/tests/lichess/requirements.txt) in a venv under the target dir, never linked.
test_lichess_client() {
  local venv="$TARGET_DIR/berserk-venv"
  step "lichess API: berserk plays the real server and Stockfish"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r server/tests/lichess/requirements.txt
  build_test_server
  ALPHACHESS_SERVER_BIN="$TEST_SERVER_BIN" \
    "$venv/bin/python" server/tests/lichess/berserk_session.py
}

case "${1:-run}" in
  run) shift || true; run_app "$@" ;;
  test)
    install_packages test
    check_test_programs
    has_client && client_deps
    test_dependencies
    test_rust
    test_lichess_client
    test_client
    step "all tests passed"
    ;;
  *) echo "usage: ./build.sh [test]" >&2; exit 2 ;;
esac
