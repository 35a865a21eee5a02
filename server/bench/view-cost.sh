#!/usr/bin/env bash
# The game view's cost beside the bare health handler's, in alternating rounds on one server
# (issue #54): requests served and the server's own CPU time per request (read from
# /proc/<pid>/stat around each run, so wrk's share of the two cores does not count), with p99.
# Throughput on a 2-core machine moves with whatever else runs; CPU per request moves far less.
# Usage: server/bench/view-cost.sh [rounds, default 2] [duration, default 5s]
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${1:-2}
DURATION=${2:-5s}
PORT=${PORT:-18182}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
. server/bench/server.sh
start_server "$PORT" --depth 1 --move-time-cap-ms 100 --db :memory: --searches-per-client 1000000

CREATED=$(curl -fsS -X POST "http://127.0.0.1:$PORT/api/games" \
  -H 'Content-Type: application/json' -d '{"color":"white"}')
GAME_ID=$(printf '%s' "$CREATED" | sed -E 's/.*"id":"([a-z0-9]+)".*/\1/' | head -c 12)

# The server's user + system time so far, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
TICK_US=$((1000000 / $(getconf CLK_TCK)))

for round in $(seq "$ROUNDS"); do
  for path in /api/health "/api/games/$GAME_ID"; do
    before=$(cpu_ticks)
    out=$(timeout 120 wrk -t2 -c32 -d"$DURATION" --latency "http://127.0.0.1:$PORT$path")
    used=$(($(cpu_ticks) - before))
    served=$(printf '%s\n' "$out" | awk '/requests in/ {print $1}')
    p99=$(printf '%s\n' "$out" | awk '$1 == "99%" {print $2}')
    awk -v r="$round" -v p="$path" -v n="$served" -v t="$used" -v us="$TICK_US" -v q="$p99" \
      'BEGIN { printf "round %d  %-22s %8d requests  %5.1f us CPU each  p99 %s\n", r, p, n, t * us / n, q }'
  done
done
