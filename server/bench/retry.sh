#!/usr/bin/env bash
# Retry verdict latency (issue #43), on loopback only, bounded in time: builds the release server
# (or takes BIN), starts it at its default settings (the review's node budget, the engines), and
# runs server/bench/retry.py: the Game of the Century reviewed for white (Byrne's mistakes) and
# Morphy's Opera Game for black, then tries at every mistake, timed: p50/p95 over TRIES tries.
# With KEY (a player's key, e.g. KEY=kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE) the games are the
# key's and the tries are the practice deck's (issue #41), judged by the same judge.
# Usage: server/bench/retry.sh   Env: PORT (a free one), STOCKFISH, BIN, TRIES (60), TIMEOUT (900), KEY
set -euo pipefail
cd "$(dirname "$0")/../.."
. server/bench/server.sh

PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
TRIES=${TRIES:-60}
TIMEOUT=${TIMEOUT:-900}
if [ -z "${BIN:-}" ]; then
  cargo build --release -p alphachess-server
  BIN=${CARGO_TARGET_DIR:-target}/release/alphachess-server
fi
OPERA=$(mktemp)
SERVER=
trap 'rm -f "$OPERA"; if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi' EXIT
cat >"$OPERA" <<'PGN'
1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6
9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7
16. Qb8+ Nxb8 17. Rd8# 1-0
PGN

"$BIN" --bind "127.0.0.1:$PORT" --stockfish "$STOCKFISH" --static-dir /nonexistent \
  --db :memory: >/dev/null 2>&1 &
SERVER=$!
wait_for_server "$PORT"
timeout "$((3 * TIMEOUT))" python3 server/bench/retry.py --base "http://127.0.0.1:$PORT" \
  --game server/bench/game-of-the-century.pgn:white --game "$OPERA:black" \
  --tries "$TRIES" --timeout "$TIMEOUT" ${KEY:+--key "$KEY"}
