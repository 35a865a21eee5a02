#!/usr/bin/env bash
# Many games at once against the release server, on loopback only, bounded in time and requests:
# builds the server, starts it on a fresh SQLite file (real fsyncs) with Stockfish at depth 1,
# then runs server/bench/load.py: one phase per concurrency level, then a phase past the live-game
# cap. Every game is checked for consistency; the script fails if any is not.
# Usage: server/bench/load.sh [concurrency levels..., default 8 32 128]
# Env: ENGINES (2), QUEUE_LEN (16), MAX_GAMES (256), MOVES (20 per game), SECONDS (20 per phase).
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT=${PORT:-18182}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
ENGINES=${ENGINES:-2}
QUEUE_LEN=${QUEUE_LEN:-16}
MAX_GAMES=${MAX_GAMES:-256}
MOVES=${MOVES:-20}
SECONDS_PER_PHASE=${SECONDS:-20}
LEVELS=("${@:-8 32 128}")
# shellcheck disable=SC2206
LEVELS=(${LEVELS[*]})

cargo build --release -p alphachess-server
DB_DIR=$(mktemp -d)
target/release/alphachess-server --bind "127.0.0.1:$PORT" --stockfish "$STOCKFISH" \
  --depth 1 --engines "$ENGINES" --queue-len "$QUEUE_LEN" --max-games "$MAX_GAMES" \
  --move-time-cap-ms 1000 --db "$DB_DIR/load.db" --static-dir /nonexistent >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DB_DIR"' EXIT
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 0.1
done

echo "== server: --depth 1 --engines $ENGINES --queue-len $QUEUE_LEN --max-games $MAX_GAMES, SQLite WAL synchronous=FULL"
echo "== within the cap: ${LEVELS[*]} concurrent games, up to $MOVES moves each, ${SECONDS_PER_PHASE}s per phase"
timeout 600 python3 server/bench/load.py --base "http://127.0.0.1:$PORT" --games "${LEVELS[@]}" \
  --moves "$MOVES" --seconds "$SECONDS_PER_PHASE"
echo "== past the cap: $MAX_GAMES more games while the earlier ones are still live"
timeout 600 python3 server/bench/load.py --base "http://127.0.0.1:$PORT" --games "$MAX_GAMES" \
  --moves 2 --seconds "$SECONDS_PER_PHASE" --seed 7
