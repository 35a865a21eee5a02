#!/usr/bin/env bash
# Hostile load against the release server, on loopback only, bounded in time: builds it, starts
# it with Stockfish (--depth 8) believing loopback's X-Forwarded-For (so the script's attackers
# and its player are different clients), then runs server/bench/hostile.py twice for SECONDS
# each: the player alone (the baseline), then the player during a creation flood, an SSE flood
# of stalled readers, slowloris connections, hint/illegal-move hammering and a hint flood on one
# game, with /api/ready polled throughout. Fails if any of the player's moves failed.
# Usage: server/bench/hostile.sh          Env: SECONDS_ (60), PORT (18183), STOCKFISH
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT=${PORT:-18183}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
RUN_SECONDS=${SECONDS_:-60}

. server/bench/server.sh
start_server "$PORT" --depth 8 --engines 2 --db :memory: --trusted-proxy 127.0.0.1
echo "== server: --depth 8 --engines 2, default limits, --trusted-proxy 127.0.0.1 (pid $SERVER)"
HOSTILE=(timeout $((RUN_SECONDS + 60)) python3 server/bench/hostile.py
  --base "http://127.0.0.1:$PORT" --pid "$SERVER" --seconds "$RUN_SECONDS")
echo "== the player alone"
"${HOSTILE[@]}" --creators 0 --hammers 0 --streams 0 --slowloris 0 --hint-flooders 0
echo "== the player under attack"
"${HOSTILE[@]}"
