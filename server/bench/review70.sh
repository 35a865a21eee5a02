#!/usr/bin/env bash
# The final review of a 70-ply game with `./build.sh`'s defaults (issue #38: goal <= 60 s on a quiet
# 2-core machine): builds the release server as ./build.sh does and starts it with no tuning flag
# (one engine per core, the default node budget, an SQLite file), imports the first 70 plies of
# the Game of the Century (server/bench/game-of-the-century-70.pgn, unfinished, white to move),
# resigns it as the player would, and times the review from the end of the game: to the first
# analysed ply, to the quick graph complete, and to `done` (server/bench/analysis.py's watch).
# Loopback only, bounded by TIMEOUT.
# Usage: server/bench/review70.sh [analysis.py's options, e.g. --save /tmp/review.json]
# Env: ALPHACHESS_ANALYSIS_NODES (the server's budget a position, as any server flag's env), BIN (a server binary already built: no build), PORT, STOCKFISH, TIMEOUT (600 s),
# PGN (another unfinished game to resign).
set -euo pipefail
cd "$(dirname "$0")/../.."
. server/bench/server.sh

PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
TIMEOUT=${TIMEOUT:-600}
PGN=${PGN:-server/bench/game-of-the-century-70.pgn}

if [ -z "${BIN:-}" ]; then
  cargo build --release -p alphachess-server
  BIN=${CARGO_TARGET_DIR:-target}/release/alphachess-server
fi
DATA=$(mktemp -d)
SERVER=
trap 'if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi; rm -rf "$DATA"' EXIT

# As ./build.sh serves it (run_app), but on a free port, a fresh database and no client.
"$BIN" --bind "127.0.0.1:$PORT" --stockfish "$STOCKFISH" --static-dir /nonexistent \
  --db "$DATA/games.db" >"$DATA/server.log" 2>&1 &
SERVER=$!
wait_for_server "$PORT"

echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), ./build.sh's defaults: $(grep -o 'engines=[0-9]*' "$DATA/server.log" | head -1 || true)"
timeout "$((TIMEOUT + 30))" python3 server/bench/analysis.py --base "http://127.0.0.1:$PORT" \
  --pgn "$PGN" --games 1 --timeout "$TIMEOUT" "$@"
