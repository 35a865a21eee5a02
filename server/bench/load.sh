#!/usr/bin/env bash
# Many games at once against the release server, on loopback only, bounded in time and requests:
# builds the server, starts it on a fresh SQLite file (real fsyncs) with Stockfish at depth 1,
# then runs server/bench/load.py in phases:
#   1. players who think ~THINK_MS between moves, at each concurrency level (default 64 256 512);
#   2. 64 players who never pause (the most moves per second; excess searches get 503 engine_busy);
#   3. MAX_GAMES more players while the earlier games are still live (503 too_many_games).
# Every game is checked for consistency; the script fails if any is not.
# Usage: server/bench/load.sh [concurrency levels..., default 64 256 512]
# Env: ENGINES (2), QUEUE_LEN (16), MAX_GAMES (1000), MOVES (20 per game), THINK_MS (250),
#      PHASE_SECONDS (20), DB (a fresh file in a temporary folder; ":memory:" to compare).
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT=${PORT:-18182}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
ENGINES=${ENGINES:-2}
QUEUE_LEN=${QUEUE_LEN:-16}
MAX_GAMES=${MAX_GAMES:-1000}
MOVES=${MOVES:-20}
THINK_MS=${THINK_MS:-250}
PHASE_SECONDS=${PHASE_SECONDS:-20}
if [ $# -gt 0 ]; then LEVELS=("$@"); else LEVELS=(64 256 512); fi

DB_DIR=$(mktemp -d)
DB=${DB:-$DB_DIR/load.db}
CLEANUP='rm -rf "$DB_DIR"'
. server/bench/server.sh
# Every player is on loopback, one address: lift the per-client limits and the connection cap.
start_server "$PORT" --depth 1 --engines "$ENGINES" --queue-len "$QUEUE_LEN" \
  --max-games "$MAX_GAMES" --move-time-cap-ms 1000 --db "$DB" \
  --games-burst 1000000 --games-per-minute 1000000 --searches-per-client 1000000 \
  --max-connections 4096

LOAD=(timeout 600 python3 server/bench/load.py --base "http://127.0.0.1:$PORT" --seconds "$PHASE_SECONDS")
echo "== server: --depth 1 --engines $ENGINES --queue-len $QUEUE_LEN --max-games $MAX_GAMES --db $DB (WAL, synchronous=FULL)"
echo "== players thinking ~${THINK_MS} ms between moves, up to $MOVES moves each"
"${LOAD[@]}" --games "${LEVELS[@]}" --moves "$MOVES" --think-ms "$THINK_MS" --seed 1
echo "== players who never pause"
"${LOAD[@]}" --games 64 --moves "$MOVES" --seed 5000
echo "== past the live-game cap: $MAX_GAMES more players while the earlier games are still live"
"${LOAD[@]}" --games "$MAX_GAMES" --moves 2 --seed 9000
