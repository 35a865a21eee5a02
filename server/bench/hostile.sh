#!/usr/bin/env bash
# Hostile load against the release server, on loopback only, bounded in time: builds it, starts
# it with Stockfish (--depth 8) believing loopback's X-Forwarded-For (so the script's attackers
# and its player are different clients), then runs server/bench/hostile.py twice for SECONDS
# each: the player alone (the baseline), then the player during a creation flood, an SSE flood
# of stalled readers, slowloris connections, hint/illegal-move hammering and a hint flood on one
# game, with /api/ready polled throughout. Fails if any of the player's moves failed.
#
# `hostile.sh fair` runs issue #22's attacks instead, one phase each, at full strength (default
# --depth 20, the player at step 16): the player alone (and a second player's review wait), then
# full-strength hints on a slow position, move-and-disconnect from 20 games, an IPv6 /64 flood,
# 1500 slow connections from one address, and 20 imported 598-ply games resigned at once (made
# by the engine crate's `long_game` example).
# `hostile.sh share` runs issue #42's phases (engine time shared by the second), each with a
# step-1 player and a full-strength one (the analysis phases: a second player's 6-ply review
# instead of the full-strength player): alone, then H1 (one address, 8 full-strength slow games),
# H2 (3 addresses; three /64s of one /56), alone with the review, M1 (analysis boards from 1 and 8
# addresses) and M2 (40 parallel lichess draw offers). Env PHASES picks some of them; NO_PLAYERS=1
# runs them without the players (the review's wait alone against the attack); REVIEW_GAME=m1
# (m1-8, m2) makes the review phases review that phase's game (PHASES=review-alone REVIEW_GAME=m1:
# the M1 review's game alone). The attack runs in a process of its own and reports its CPU;
# ATTACKER_NICE=19 runs it at that nice value, a stand-in for an attacker on another machine.
#
# `hostile.sh limits` runs issue #42's share attacks (M3, M4, M5), one phase each: the player
# alone, then tree-reads, connections-8, connections-16 and network (see hostile.py), against a
# server at --depth 8 with --max-games 200 (so one /56 could fill it within a phase).
# Usage: server/bench/hostile.sh [fair|share|limits]   Env: SECONDS_ (60; fair: 40), PORT (18183), STOCKFISH,
#        and for fair: DEPTH (20), MOVE_CAP_MS (10000)
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT=${PORT:-18183}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

# fair and share: the server deep enough (DEPTH, MOVE_CAP_MS) that searches run to the cap.
start_deep_server() {
  . server/bench/server.sh
  DEPTH=${DEPTH:-20}
  MOVE_CAP_MS=${MOVE_CAP_MS:-10000}
  start_server "$PORT" --engines 2 --depth "$DEPTH" --move-time-cap-ms "$MOVE_CAP_MS" \
    --db :memory: --trusted-proxy 127.0.0.1
  echo "== server: --depth $DEPTH --move-time-cap-ms $MOVE_CAP_MS --engines 2, default limits," \
    "--trusted-proxy 127.0.0.1 (pid $SERVER)"
}

# fair and limits: the player alone (with a review), then under each named attack in turn with
# "${HOSTILE[@]}"; exits 1 if any phase failed.
run_attacks() {
  local status=0
  echo "== the player alone"
  "${HOSTILE[@]}" --attack none --review || status=1
  for attack in "$@"; do
    echo "== the player under attack: $attack"
    "${HOSTILE[@]}" --attack "$attack" || status=1
    # Let the attack's searches and analyses end before the next phase.
    sleep 12
  done
  exit $status
}

if [ "${1:-}" = fair ]; then
  RUN_SECONDS=${SECONDS_:-40}
  start_deep_server
  LONG_PGN="${CARGO_TARGET_DIR:-target}/long-game.pgn"
  cargo run -q --release -p alphachess-engine --example long_game -- 598 1 >"$LONG_PGN"
  HOSTILE=(timeout $((RUN_SECONDS + 60)) python3 server/bench/hostile.py
    --base "http://127.0.0.1:$PORT" --pid "$SERVER" --seconds "$RUN_SECONDS" --level 21
    --long-pgn "$LONG_PGN")
  run_attacks slow-hints disconnect ipv6 connections analyses
fi

if [ "${1:-}" = share ]; then
  RUN_SECONDS=${SECONDS_:-40}
  start_deep_server
  status=0
  for phase in ${PHASES:-share-alone h1 h2 h2-56 review-alone m1 m1-8 m2}; do
    echo "== $phase"
    timeout $((RUN_SECONDS + 60)) python3 server/bench/hostile.py --base "http://127.0.0.1:$PORT" \
      --pid "$SERVER" --seconds "$RUN_SECONDS" --attack "$phase" ${NO_PLAYERS:+--no-players} \
      ${REVIEW_GAME:+--review-game "$REVIEW_GAME"} ${ATTACKER_NICE:+--attacker-nice "$ATTACKER_NICE"} \
      || status=1
    # Let the phase's searches end before the next one.
    sleep 12
  done
  exit $status
fi

if [ "${1:-}" = limits ]; then
  RUN_SECONDS=${SECONDS_:-40}
  . server/bench/server.sh
  start_server "$PORT" --engines 2 --depth 8 --db :memory: --trusted-proxy 127.0.0.1 \
    --max-games 200
  echo "== server: --depth 8 --engines 2 --max-games 200, default limits," \
    "--trusted-proxy 127.0.0.1 (pid $SERVER)"
  HOSTILE=(timeout $((RUN_SECONDS + 120)) python3 server/bench/hostile.py
    --base "http://127.0.0.1:$PORT" --pid "$SERVER" --seconds "$RUN_SECONDS")
  run_attacks tree-reads connections-8 connections-16 network
fi

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
