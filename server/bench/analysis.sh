#!/usr/bin/env bash
# Post-game analysis wall time, on loopback only, bounded in time: builds the release server and,
# for each engine count (default 1 and 2), starts it at the default node count (or $NODES), imports
# the Game of the Century (server/bench/game-of-the-century.pgn: 82 plies, finished by mate) and
# runs server/bench/analysis.py: time to the first analysed ply on the live stream, to the quick
# graph complete and until done, for one review; then the same game again (the cache answers it)
# and the floor (the same positions through as many bare Stockfish processes, same budget); then
# two reviews at once, on a fresh server (an empty cache).
# Usage: server/bench/analysis.sh [engine counts..., default 1 2]
# Env: NODES (the server's default), PORT (a free one), STOCKFISH, TIMEOUT (900 s per batch),
# PGN (another finished game, e.g. server/bench/deep-blue-kasparov-1997-2.pgn: issue #43's 89
# plies), BIN (a server binary already built: no build, e.g. to time the commit before against
# this one in one run), ONE_REVIEW=1 (skip the two reviews at once).
set -euo pipefail
cd "$(dirname "$0")/../.."
. server/bench/server.sh

PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
TIMEOUT=${TIMEOUT:-900}
PGN=${PGN:-server/bench/game-of-the-century.pgn}
ONE_REVIEW=${ONE_REVIEW:-0}
if [ $# -gt 0 ]; then ENGINE_COUNTS=("$@"); else ENGINE_COUNTS=(1 2); fi
NODE_FLAGS=()
if [ -n "${NODES:-}" ]; then NODE_FLAGS=(--analysis-nodes "$NODES"); fi

if [ -z "${BIN:-}" ]; then
  cargo build --release -p alphachess-server
  BIN=${CARGO_TARGET_DIR:-target}/release/alphachess-server
fi
SERVER=
trap 'if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi' EXIT

serve_with_engines() {
  "$BIN" --bind "127.0.0.1:$PORT" --stockfish "$STOCKFISH" --static-dir /nonexistent \
    --db :memory: --engines "$1" "${NODE_FLAGS[@]}" >/dev/null 2>&1 &
  SERVER=$!
  wait_for_server "$PORT"
}

for engines in "${ENGINE_COUNTS[@]}"; do
  serve_with_engines "$engines"
  echo "== $engines engine(s), one review, ${NODES:-1000000} nodes per position"
  timeout "$((3 * TIMEOUT + 30))" python3 server/bench/analysis.py --base "http://127.0.0.1:$PORT" \
    --pgn "$PGN" --games 1 --timeout "$TIMEOUT" --again \
    --floor "$engines" --nodes "${NODES:-1000000}" --stockfish "$STOCKFISH"
  kill "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$ONE_REVIEW" = 1 ]; then continue; fi
  serve_with_engines "$engines"
  echo "== $engines engine(s), two reviews at once, ${NODES:-1000000} nodes per position"
  timeout "$((TIMEOUT + 30))" python3 server/bench/analysis.py --base "http://127.0.0.1:$PORT" \
    --pgn "$PGN" --games 2 --timeout "$TIMEOUT"
  kill "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=
done
