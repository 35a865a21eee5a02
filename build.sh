#!/usr/bin/env bash
# AlphaChess's two commands:
#   ./build.sh        install what is missing, build the client and the server, serve on http://127.0.0.1:8080
#   ./build.sh test   install what is missing and run every test of every part
# Each step installs its own prerequisites, so both work on a fresh Debian machine with Rust and Node.
set -euo pipefail
cd "$(dirname "$0")"

STOCKFISH=/usr/games/stockfish
CHROMIUM=/usr/bin/chromium
TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
APT_UPDATED=

step() { printf '\n==> %s\n' "$*"; }

# Installs Debian packages that are not there yet (apt-get update once, first).
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
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

ensure_stockfish() {
  [ -x "$STOCKFISH" ] || command -v stockfish >/dev/null 2>&1 || apt_install stockfish
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

build_server() {
  step "server: cargo build --release"
  cargo build --release -p alphachess-server
}

run_app() {
  ensure_stockfish
  build_client
  build_server
  step "serving on http://127.0.0.1:8080 (Ctrl-C stops)"
  exec "$TARGET_DIR/release/alphachess-server" --bind 127.0.0.1:8080 --static-dir client/dist "$@"
}

test_rust() {
  step "cargo fmt --check"
  cargo fmt --all -- --check
  step "cargo test --workspace (debug)"
  cargo test --workspace
  step "engine: serde feature"
  cargo test -p alphachess-engine --features serde --test serde
  step "engine: full-depth perft tests (release)"
  cargo test --release -p alphachess-engine --test perft -- --include-ignored
  step "engine: perft suite engine/tests/data/perft-suite.epd (release)"
  cargo run --release -p alphachess-engine --bin perft -- --epd engine/tests/data/perft-suite.epd
}

test_client() {
  has_client || return 0
  apt_install chromium
  client_deps
  step "client: unit tests (vitest)"
  (cd client && npm test)
  vite_build
  build_server
  step "client: end-to-end tests in Chromium against the real server and Stockfish"
  (cd client && ALPHACHESS_SERVER_BIN="$TARGET_DIR/release/alphachess-server" \
    STOCKFISH="$STOCKFISH" CHROMIUM="$CHROMIUM" npm run e2e)
}

case "${1:-run}" in
  run) shift || true; run_app "$@" ;;
  test)
    ensure_stockfish
    test_rust
    test_client
    step "all tests passed"
    ;;
  *) echo "usage: ./build.sh [test]" >&2; exit 2 ;;
esac
