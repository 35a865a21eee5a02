#!/usr/bin/env python3
"""Attacks one running alphachess-server (loopback only) for a bounded time while a well-behaved
player plays, and reports whether the player's moves kept answering and memory stayed bounded.

Run together, from attacker addresses the server tells apart through X-Forwarded-For (start the
server with --trusted-proxy 127.0.0.1; the player is 198.51.100.10):
  * creation flood: threads creating games as fast as they can from one address;
  * SSE flood: streams opened on the player's game and the attacker's, held open and never read
    (stalled readers: the server must drop them, not block on them);
  * slowloris: connections that trickle a request head a byte at a time, reopened when dropped;
  * hammering: hints and illegal moves on the attacker's own games, as fast as answers come;
  * hint flood: threads asking hints for ONE game of their own at once, as fast as answers come
    (one search per game: all but one get 409 search_in_progress, issue #13 item 6);
  * readiness: /api/ready polled every 200 ms, its latency recorded (it must answer at once
    however busy the engines are, and never take a search's place: item 7).
The player creates a game, watches its SSE stream like the browser does, and plays random legal
moves (with expected_ply), pausing --think-ms; each move's latency is recorded.

--attack picks one attack of issue #22 instead of the set above (each from one client):
  * slow-hints: 8 games on a position where every full-strength search runs to the time cap,
    each asking hints back to back;
  * disconnect: 20 games that send a move and hang up at once, again as soon as it is their turn;
  * ipv6: hints on 8 slow games and streams, each request from another address of one IPv6 /64
    (named through X-Forwarded-For);
  * connections: 1500 slow-header connections from 127.0.0.2 (a client of its own: only
    127.0.0.1 is the trusted proxy), reopened when dropped;
  * analyses: 20 imported long games (--long-pgn, else an 80-ply one) resigned at once (up to `--analyses-per-client`, 4 by
    default, of their analyses start by themselves), while a second player's short game is
    resigned and its review wait measured (--review measures the same alone).

--attack picks one attack of issue #42 (the shares, each from one address or one /56):
  * tree-reads: a finished game with a ~2,254-node kept tree; its tree and PGN read back to back
    over 6 connections, and the tree written as PGN (POST /api/trees/pgn) over 2 more;
  * connections-8 / connections-16: 64 slow-header connections from each of 8 (16) loopback
    addresses, 127.0.0.2 on (each a client of its own), reopened when dropped;
  * network: one IPv6 /56 (its /64s named through X-Forwarded-For) creating games, importing and
    resigning long games (their analyses queue) and holding streams of its games, every /64
    inside its own share, while a second player's review wait is measured.

Bounded: everything stops after --seconds; the thread and socket counts are fixed by the flags.
Prints the player's p50/p99/max move latency and statuses, the attackers' status counts, and the
server's RSS and open descriptors (from /proc/--pid) before, at peak and after.
The parts: hostile_wire.py (the clients and the player), hostile_attacks.py (issue #22's
attacks), hostile_shares.py (issue #42's phases and share attacks); this file runs them.
Standard library only: python3 server/bench/hostile.py --base http://127.0.0.1:18183 --pid PID
"""

import argparse
import threading
import time
from urllib.parse import urlparse

from hostile_wire import (
    FULL_STRENGTH,
    HINTER,
    LONG_PGN,
    SIXTY_FOUR,
    Tally,
    call,
    connect,
    percentile,
    player,
    proc_status,
    server_connections,
)
from hostile_attacks import (
    analysis_flood,
    creation_flood,
    disconnector,
    hammer,
    hint_flood,
    ipv6_streams,
    ready_probe,
    slow_connections,
    slow_hinter,
    slowloris,
    sse_flood,
)
from hostile_shares import LIMIT_ATTACKS, REVIEW_GAMES, SHARE_PHASES, reviewer, share_phase


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:18183")
    parser.add_argument("--pid", type=int, required=True, help="the server's process id")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think-ms", type=int, default=300)
    parser.add_argument("--creators", type=int, default=4)
    parser.add_argument("--hammers", type=int, default=8)
    parser.add_argument("--streams", type=int, default=200, help="streams the flood holds open")
    parser.add_argument("--slowloris", type=int, default=300, help="slow connections held")
    parser.add_argument("--hint-flooders", type=int, default=4,
                        help="threads asking hints for one game at once")
    parser.add_argument("--attack", default="all",
                        choices=["all", "none", "slow-hints", "disconnect", "ipv6", "connections",
                                 "analyses"] + list(SHARE_PHASES) + list(LIMIT_ATTACKS))
    parser.add_argument("--level", type=int, default=1,
                        help=f"the player's step of the ladder ({FULL_STRENGTH}: full strength)")
    parser.add_argument("--long-pgn", help="the game the analyses attack imports (a file; "
                        "default: 80 plies of Byrne-Fischer 1956)")
    parser.add_argument("--review-game", choices=sorted(REVIEW_GAMES),
                        help="review the game of this phase instead of the phase's own (a "
                             "baseline: review-alone with another phase's game)")
    parser.add_argument("--review", action="store_true",
                        help="also measure a second player's review wait")
    parser.add_argument("--full-level", type=int, default=21,
                        help="the full-strength player's step in the issue #42 phases")
    parser.add_argument("--attacker-nice", type=int, default=0,
                        help="share phases: the attack's process runs at this nice value (a "
                             "stand-in for an attacker on another machine)")
    parser.add_argument("--no-players", action="store_true",
                        help="issue #42 phases without the players: the review alone against the "
                        "attack (a player's every move stops an analysis search, which restarts)")
    args = parser.parse_args()
    if args.attack in SHARE_PHASES:
        raise SystemExit(share_phase(args))
    if args.attack != "all":
        args.creators = args.hammers = args.streams = args.slowloris = args.hint_flooders = 0
    long_pgn = open(args.long_pgn).read() if args.long_pgn else LONG_PGN
    url = urlparse(args.base)
    address = (url.hostname, url.port)
    assert url.hostname in ("127.0.0.1", "localhost", "::1"), "loopback only"

    rss_before, _, fds_before = proc_status(args.pid)
    deadline = time.monotonic() + args.seconds
    latencies, player_statuses, attack, streams = [], Tally(), Tally(), Tally()
    game_ids, tokens = [], []
    targets = game_ids  # the flood watches the player's games, and the attacker's below
    threads = [
        threading.Thread(target=player, args=(args.base, address, deadline, args.think_ms / 1000,
                                              latencies, player_statuses, game_ids, streams,
                                              args.level)),
        threading.Thread(target=sse_flood, args=(address, deadline, attack, targets, args.streams)),
        threading.Thread(target=slowloris, args=(address, deadline, attack, args.slowloris)),
    ]
    threads += [threading.Thread(target=creation_flood, args=(args.base, deadline, attack, tokens))
                for _ in range(args.creators)]
    threads += [threading.Thread(target=hammer, args=(args.base, deadline, attack, tokens))
                for _ in range(args.hammers)]
    if args.hint_flooders:
        conn = connect(args.base)
        status, body = call(conn, "POST", "/api/games", HINTER, {"color": "white", "level": 1})
        assert status == 201, f"the hint flood's game: {status}"
        flooded = (body["id"], body["token"])
        threads += [threading.Thread(target=hint_flood, args=(args.base, deadline, attack, flooded))
                    for _ in range(args.hint_flooders)]
    review_waits = []
    if args.attack == "slow-hints":
        threads += [threading.Thread(target=slow_hinter,
                                     args=(args.base, deadline, attack, lambda n: HINTER))
                    for _ in range(8)]
    elif args.attack == "disconnect":
        threads.append(threading.Thread(target=disconnector,
                                        args=(args.base, address, deadline, attack, 20)))
    elif args.attack == "ipv6":
        threads += [threading.Thread(target=slow_hinter, args=(
            args.base, deadline, attack, lambda n, i=i: f"{SIXTY_FOUR}{i:x}:{n:x}"))
            for i in range(8)]
        threads.append(threading.Thread(target=ipv6_streams,
                                        args=(address, deadline, attack, targets)))
    elif args.attack == "connections":
        threads.append(threading.Thread(target=slow_connections,
                                        args=(address, deadline, attack, 1500)))
    elif args.attack == "analyses":
        threads.append(threading.Thread(target=analysis_flood,
                                        args=(args.base, deadline, attack, 20, long_pgn)))
    elif args.attack in LIMIT_ATTACKS:
        threads += LIMIT_ATTACKS[args.attack](args, address, deadline, attack, targets)
    if args.review or args.attack in ("analyses", "network"):
        threads.append(threading.Thread(target=reviewer, args=(
            args.base, deadline, 5, review_waits, attack,
            REVIEW_GAMES[args.review_game or args.attack])))
    ready_latencies, ready_statuses = [], Tally()
    threads.append(threading.Thread(target=ready_probe,
                                    args=(args.base, deadline, ready_latencies, ready_statuses)))
    for thread in threads:
        thread.daemon = True
        thread.start()
    peak_rss, peak_fds, peak_conns, conns = rss_before, fds_before, 0, 0
    while time.monotonic() < deadline - 1:
        time.sleep(1)
        rss, _, fds = proc_status(args.pid)
        conns = server_connections(url.port)
        peak_rss, peak_fds = max(peak_rss, rss), max(peak_fds, fds)
        peak_conns = max(peak_conns, conns)
        # Let the flood watch some of the attacker's games too.
        if tokens and len(targets) < 8:
            targets.append(tokens[len(targets) % len(tokens)][0])
    for thread in threads:
        thread.join(timeout=15)
    time.sleep(2)
    rss_after, _, fds_after = proc_status(args.pid)

    moves = len(latencies)
    print(f"attack {args.attack} for {args.seconds:.0f} s, player level {args.level}: "
          f"{args.creators} creators, {args.hammers} hammers, "
          f"{args.streams} held streams, {args.slowloris} slowloris connections, "
          f"{args.hint_flooders} hint flooders on one game")
    print(f"player: {moves} moves answered, p50 {percentile(latencies, 50) * 1000:.0f} ms, "
          f"p99 {percentile(latencies, 99) * 1000:.0f} ms, max {max(latencies, default=0) * 1000:.0f} ms")
    print(f"player statuses: {dict(sorted(player_statuses.counts.items()))}")
    print(f"player stream: {dict(sorted(streams.counts.items()))}")
    print(f"attack statuses: {dict(sorted(attack.counts.items()))}")
    print(f"readiness: {dict(sorted(ready_statuses.counts.items()))}, "
          f"p50 {percentile(ready_latencies, 50) * 1000:.0f} ms, "
          f"p99 {percentile(ready_latencies, 99) * 1000:.0f} ms, "
          f"max {max(ready_latencies, default=0) * 1000:.0f} ms")
    if args.review or args.attack in ("analyses", "network"):
        print(f"review wait of a second player's short game: "
              + (f"{review_waits[0]:.1f} s" if review_waits else "not done by the end"))
    print(f"server connections: {peak_conns} at peak, {conns} in the last second of the attack")
    print(f"server RSS: {rss_before / 1024:.1f} MiB before, {peak_rss / 1024:.1f} MiB peak, "
          f"{rss_after / 1024:.1f} MiB after; open descriptors {fds_before} before, "
          f"{peak_fds} peak, {fds_after} after")
    failed = moves == 0 or any(not key.endswith(" 200") and key.startswith("move")
                               for key in player_statuses.counts)
    if failed:
        print("FAIL: the player's moves did not all answer")
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
