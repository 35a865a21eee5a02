#!/usr/bin/env bash
# The server's own overhead under load, on loopback only, bounded in time:
#   GET /api/health                      (the server's barest handler: the yardstick)
#   GET /api/games/{id}                  (a game view: ~20 legal moves with SAN; goal 0.95x health)
#   POST /api/games/{id}/moves  "e2e5"   (an illegal move: token check, parse, validate, 422)
# Neither touches Stockfish, so this measures the HTTP + rules path, not the engine.
# Usage: server/bench/wrk.sh [duration, default 10s] [connections, default 32]
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${1:-10s}
CONNECTIONS=${2:-32}
PORT=${PORT:-18181}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

. server/bench/server.sh
start_wrk_game "$PORT"

echo "== GET /api/health  ($DURATION, $CONNECTIONS connections, 2 threads)"
timeout 120 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$PORT/api/health"
echo
echo "== GET /api/games/{id}  ($DURATION, $CONNECTIONS connections, 2 threads)"
timeout 120 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$PORT/api/games/$GAME_ID"
echo
echo "== POST /api/games/{id}/moves illegal move  ($DURATION, $CONNECTIONS connections, 2 threads)"
timeout 120 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -s server/bench/illegal-move.lua \
  "http://127.0.0.1:$PORT"
