# Sourced by the bench scripts: builds the release server and starts it on loopback for the run.
# start_server PORT [server flags...]: serves on 127.0.0.1:PORT with $STOCKFISH, stops it on exit,
# and returns once /api/health answers (or fails after 10 s). SERVER_BIN=path runs that binary
# instead of building this tree's (to compare with another build).
start_server() {
  local port=$1
  shift
  local bin=${SERVER_BIN:-}
  if [ -z "$bin" ]; then
    cargo build --release -p alphachess-server
    bin="${CARGO_TARGET_DIR:-target}/release/alphachess-server"
  fi
  "$bin" --bind "127.0.0.1:$port" --stockfish "$STOCKFISH" \
    --static-dir /nonexistent "$@" >/dev/null 2>&1 &
  SERVER=$!
  trap 'kill $SERVER 2>/dev/null || true; eval "${CLEANUP:-}"' EXIT
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the server did not answer on port $port" >&2
  return 1
}

# wait_for_server PORT: for the scripts that start $SERVER themselves. Returns once /api/health
# answers on PORT (or after 10 s) if $SERVER still runs (the server that answers must be ours: the
# port could have been taken meanwhile); exits otherwise.
wait_for_server() {
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$1/api/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  kill -0 "$SERVER" || { echo "the server did not start on port $1" >&2; exit 1; }
}

# start_wrk_game PORT: for the wrk benches. A server on PORT whose engine costs nothing (depth 1),
# with the per-client bound on requests in progress lifted (wrk's connections are all one loopback
# address), and a fresh game on it: exports GAME_ID and GAME_TOKEN.
start_wrk_game() {
  command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
  start_server "$1" --depth 1 --move-time-cap-ms 100 --db :memory: --searches-per-client 1000000
  local created
  created=$(curl -fsS -X POST "http://127.0.0.1:$1/api/games" \
    -H 'Content-Type: application/json' -d '{"color":"white"}')
  GAME_ID=$(printf '%s' "$created" | sed -E 's/.*"id":"([a-z0-9]+)".*/\1/' | head -c 12)
  GAME_TOKEN=$(printf '%s' "$created" | sed -E 's/.*"token":"([0-9a-f]+)".*/\1/')
  export GAME_ID GAME_TOKEN
}
