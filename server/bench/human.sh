#!/usr/bin/env bash
# GET /api/explore/human through HTTP: latency p50/p99 of N sequential requests (positions of a
# real game, with their history, every band in turn), and the server's RSS once they are served.
# Run from anywhere: server/bench/human.sh [N] (SERVER_BIN=path benches that binary instead).
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-500}
PORT=${PORT:-18437}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
. server/bench/server.sh
start_server "$PORT" --db :memory:
# The Game of the Century's first 20 plies, asked after each of them.
GAME=(g1f3 g8f6 c2c4 g7g6 b1c3 f8g7 d2d4 e8g8 c1f4 d7d5 d1b3 d5c4 b3c4 c7c6 e2e4 b8d7 a1d1 d7b6 c4c5 c8g4)
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20KQkq%20-%200%201"
times=$(mktemp)
CLEANUP="rm -f $times"
for i in $(seq 0 $((N - 1))); do
  plies=$((i % ${#GAME[@]}))
  moves=$(IFS=,; echo "${GAME[*]:0:$plies}")
  band=$((1100 + 100 * (i % 9)))
  curl -fsS -o /dev/null -w '%{time_total}\n' \
    "http://127.0.0.1:$PORT/api/explore/human?band=$band&fen=$START&moves=$moves" >>"$times"
done
sort -n "$times" | awk -v n="$N" '{ t[NR] = $1 * 1000 }
  END { printf "%d requests: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", n, t[int(n * 0.5)], t[int(n * 0.99)], t[n] }'
echo "server RSS: $(awk '/VmRSS/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$SERVER/status")"
