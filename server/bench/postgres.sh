#!/usr/bin/env bash
# PostgreSQL against SQLite, and one against two instances behind nginx; loopback only, bounded.
#   1. commit latency (bench/commit.py): a takeback (one committed change, no engine) and a move
#      (with Stockfish's depth-1 reply), p50/p99, on SQLite (WAL, synchronous=FULL), then on
#      PostgreSQL (the deploy script's cluster: fsync and synchronous_commit on), one instance;
#   2. GET /api/games/{id} requests per second through nginx (wrk), one then two instances (each
#      GET revalidates its cached game with one indexed query).
# Usage: server/bench/postgres.sh   (ROUNDS=300 DURATION=10s CONNECTIONS=32 by default)
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-300}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

if [ -z "${ALPHACHESS_SERVER_BIN:-}" ]; then
  cargo build --release -p alphachess-server
  ALPHACHESS_SERVER_BIN=${CARGO_TARGET_DIR:-$PWD/target}/release/alphachess-server
fi
export ALPHACHESS_SERVER_BIN STOCKFISH
BENCH_DIR=$(mktemp -d /tmp/alphachess-bench-XXXXXX)
chmod 755 "$BENCH_DIR"
SQLITE_PID=
cleanup() {
  [ -z "$SQLITE_PID" ] || kill "$SQLITE_PID" 2>/dev/null || true
  CLUSTER_DIR=$BENCH_DIR/cluster server/deploy/cluster.sh stop >/dev/null 2>&1 || true
  rm -rf "$BENCH_DIR"
}
trap cleanup EXIT

# Nothing a benchmark client does should be refused as abuse.
LOOSE="--depth 1 --games-per-minute 100000 --games-burst 100000 --searches-per-client 100000"
export CLUSTER_DIR=$BENCH_DIR/cluster PORT=18610 PG_PORT=18632 ENGINE_PORTS="18621 18622" \
  STATIC_DIR=/nonexistent SERVER_FLAGS="$LOOSE"

wait_health() {
  for _ in $(seq 100); do curl -fsS "$1/api/health" >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

echo "== 1. commit latency, $ROUNDS rounds, one sequential client"
"$ALPHACHESS_SERVER_BIN" --bind 127.0.0.1:18601 --db "$BENCH_DIR/games.db" --stockfish "$STOCKFISH" \
  --static-dir /nonexistent $LOOSE >/dev/null 2>&1 &
SQLITE_PID=$!
wait_health http://127.0.0.1:18601
python3 server/bench/commit.py http://127.0.0.1:18601 "$ROUNDS" SQLite
kill "$SQLITE_PID"
SQLITE_PID=

INSTANCE_PORTS=18611 server/deploy/cluster.sh start >/dev/null
python3 server/bench/commit.py http://127.0.0.1:18611 "$ROUNDS" PostgreSQL

view_rps() {
  local created id
  created=$(curl -fsS -X POST "http://127.0.0.1:$PORT/api/games" -H 'Content-Type: application/json' \
    -d '{"color":"white"}')
  id=$(printf '%s' "$created" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  echo "== 2. GET /api/games/{id} through nginx, $1 ($DURATION, $CONNECTIONS connections, 2 threads)"
  timeout 120 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$PORT/api/games/$id" |
    grep -E "Requests/sec|50%|99%|Non-2xx"
}
view_rps "one instance"
server/deploy/cluster.sh stop >/dev/null
INSTANCE_PORTS="18611 18612" server/deploy/cluster.sh start >/dev/null
view_rps "two instances"
