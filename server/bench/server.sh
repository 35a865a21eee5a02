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
