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

. server/bench/server.sh
start_wrk_game "$PORT"

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
