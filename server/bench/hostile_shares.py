"""hostile.py's phases of issue #42 (engine time shared by the second): the H and M phases run
in an attack process of their own, and the share attacks M3, M4 and M5 (`--attack NAME`)."""

import http.client
import json
import multiprocessing
import os
import random
import resource
import threading
import time
from urllib.parse import urlparse

from hostile_wire import (
    LONG_PGN,
    PLAYER,
    REVIEWER,
    SLOW_FEN,
    Tally,
    call,
    connect,
    open_stream,
    percentile,
    player,
    reconnect,
)
from hostile_attacks import (
    close_all,
    new_game,
    open_slow,
    play_opening,
    raise_open_files,
    tally_answer,
    trickle,
)


# The review phases' games: six plies each, a different game a phase (so that no phase's review
# is answered from the server's cache of positions an earlier phase searched), the same game in
# every run (so that a phase's wait compares with the same game reviewed alone: `--review-game`).
REVIEW_GAMES = {
    "review-alone": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
    "m1": "1. d4 d5 2. c4 e6 3. Nc3 Nf6",
    "m1-8": "1. e4 c5 2. Nf3 d6 3. d4 cxd4",
    "m2": "1. e4 e6 2. d4 d5 3. Nc3 Bb4",
}


def reviewer(base, deadline, start_after, waits, tally, pgn):
    """A second player: a short game (`pgn`, imported unfinished), resigned; the wait for its
    review. Random moves were tried for the cache's sake; the wait then depended on the game
    drawn more than on the attack (8.6 to 25.5 s alone)."""
    time.sleep(start_after)
    conn = connect(base, timeout=60)
    game = new_game(conn, REVIEWER, {"color": "white", "level": 1, "pgn": pgn}, tally)
    if not game:
        return
    game_id, token = game
    status, view = call(conn, "POST", f"/api/games/{game_id}/resign", REVIEWER, token=token)
    started = time.monotonic()
    tally.add(f"review resign {status} at ply {view.get('ply') if view else '?'}")
    while time.monotonic() < deadline:
        status, analysis = call(conn, "GET", f"/api/games/{game_id}/analysis", REVIEWER)
        if status == 200 and analysis.get("status") == "done":
            waits.append(time.monotonic() - started)
            return
        time.sleep(0.25)
    tally.add("review not done by the end")


# Issue #42: engine time shared by the second. Each phase runs a step-1 player and, in the H
# phases, a full-strength one (each from an address of its own); the M phases run a second
# player's 6-ply review instead of the full-strength player (whose searches, live play first,
# would hold an engine the review needs), against one attack:
#   * share-alone: no attack, both players (the baseline of the H phases);
#   * review-alone: no attack, the step-1 player and the review (the baseline of the M phases);
#   * h1: one address, 8 full-strength games on the slow position, moves back to back;
#   * h2: the same from 3 addresses (24 games), filling the live lane;
#   * h2-56: the same from three /64s of one IPv6 /56;
#   * m1: analysis boards (2 per address, full strength, a new position as soon as one is
#     done) from 1 address, during the review; m1-8: from 8 addresses;
#   * m2: 40 parallel lichess draw offers (`POST /api/board/game/{id}/draw/yes`, a game token as
#     the lichess key) from one address, once two moves each were played (before that an offer is
#     answered ok unsearched) in a late position Stockfish wins (so each offer is searched and
#     declined), again as soon as each answers.
SHARE_PHASES = {
    "share-alone": [],
    "review-alone": [],
    "h1": ["203.0.113.1"],
    "h2": ["203.0.113.1", "203.0.113.2", "203.0.113.3"],
    "h2-56": ["2001:db8:77:100::1", "2001:db8:77:101::1", "2001:db8:77:1ff::1"],
    "m1": ["203.0.113.1"],
    "m1-8": [f"203.0.113.{n}" for n in range(1, 9)],
    "m2": ["203.0.113.1"],
}
FULL_PLAYER = "198.51.100.11"
# Late (after move 30, so an offer is searched) and lost for the player by a queen and two rooks,
# so Stockfish declines every offer and the game goes on whatever step 1 plays in the opening (a
# level position was accepted, and a lone queen was once given away).
DECLINED_FEN = "r2qk2r/8/8/8/8/8/8/1K6 w - - 0 40"


def slow_mover(base, deadline, tally, client, level):
    """One slow game of `client`'s at full strength: a legal move, waiting for the reply, again."""
    conn = connect(base, timeout=60)
    game = new_game(conn, client, {"color": "white", "level": level, "fen": SLOW_FEN}, tally)
    rng = random.Random(5)
    while game and time.monotonic() < deadline:
        try:
            status, view = call(conn, "GET", f"/api/games/{game[0]}", client)
            if status != 200 or view["status"] != "ongoing":
                game = new_game(conn, client, {"color": "white", "level": level, "fen": SLOW_FEN},
                                tally)
                continue
            move = rng.choice([m["uci"] for m in view["legal_moves"]])
            status, body = call(conn, "POST", f"/api/games/{game[0]}/moves", client,
                                {"move": move, "expected_ply": view["ply"]}, game[1])
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base, timeout=60)
            tally.add("slow move error")
            continue
        tally_answer(tally, "slow move", status, body)


def board_searcher(base, deadline, tally, client, board):
    """One analysis board of `client`'s: a search of the slow position plus a random move, read to
    its end (NDJSON), then the next position at once."""
    rng = random.Random(hash((client, board)))
    moves = ["a2a3", "a2a4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"]
    url = urlparse(base)
    while time.monotonic() < deadline:
        path = (f"/api/explore?fen={SLOW_FEN.replace(' ', '%20')}&moves={rng.choice(moves)}"
                f"&lines=3&board={board}")
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        try:
            conn.request("GET", path, headers={"X-Forwarded-For": client,
                                               "Accept": "application/x-ndjson"})
            response = conn.getresponse()
            tally.add(f"board {response.status}")
            if response.status != 200:
                response.read()
                time.sleep(0.2)
                continue
            while time.monotonic() < deadline:
                line = response.fp.readline()
                if not line or b'"done"' in line or b'"failed"' in line or b'"stopped"' in line:
                    tally.add("board search ended")
                    break
        except (OSError, http.client.HTTPException):
            tally.add("board error")
        finally:
            conn.close()


def draw_offerer(base, deadline, tally, client, game):
    """A lichess draw offer on `game` (its token is the lichess key), again as soon as it answers."""
    conn = connect(base, timeout=60)
    game_id, token = game
    while time.monotonic() < deadline:
        try:
            status, body = call(conn, "POST", f"/api/board/game/{game_id}/draw/yes", client,
                                token=token)
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base, timeout=60)
            tally.add("draw error")
            continue
        message = body.get("error") if isinstance(body, dict) else None
        tally.add(f"draw {status}" + (f" {message[:40]}" if status != 200 and message else ""))
        if status != 200:
            time.sleep(0.05)


class Attack:
    """An attack's threads in a process of their own: the attackers' Python shares neither the
    players' interpreter lock nor, at `nice` above 0, their claim on the 2 cores. A remote
    attacker's CPU is not the server's; on this machine it is, and the M2 flood's took most of a
    core (issue #42). The child sends back its tally and the CPU seconds it used."""

    def __init__(self, make_threads, deadline, nice):
        self.receiver, sender = multiprocessing.Pipe(duplex=False)
        context = multiprocessing.get_context("fork")
        self.process = context.Process(target=self._run, args=(make_threads, deadline, nice, sender),
                                       daemon=True)
        self.process.start()
        sender.close()

    @staticmethod
    def _run(make_threads, deadline, nice, sender):
        if nice:
            os.nice(nice)
        tally = Tally()
        threads = make_threads(tally)
        for thread in threads:
            thread.daemon = True
            thread.start()
        for thread in threads:
            thread.join(timeout=max(0, deadline + 15 - time.monotonic()))
        usage = resource.getrusage(resource.RUSAGE_SELF)
        with tally.lock:
            counts = dict(tally.counts)
        sender.send((counts, usage.ru_utime + usage.ru_stime))

    def join(self, tally):
        """Adds the attack's counts to `tally`; the CPU seconds the attack used."""
        counts, cpu = ({"attack process: no report": 1}, 0.0)
        if self.receiver.poll(60):
            counts, cpu = self.receiver.recv()
        self.process.join(timeout=5)
        for key, n in counts.items():
            tally.add(key, n)
        return cpu


def share_phase(args):
    """One issue #42 phase: returns the exit status (1 if a legitimate player got an error)."""
    url = urlparse(args.base)
    address = (url.hostname, url.port)
    deadline = time.monotonic() + args.seconds
    attack, streams = Tally(), Tally()
    step1, full = ([], Tally(), []), ([], Tally(), [])
    reviewing = args.attack.startswith("m") or args.attack == "review-alone"
    players = [] if args.no_players else [("step-1 player", step1, 1, PLAYER)]
    if not reviewing and not args.no_players:
        players.append((f"step-{args.full_level} player", full, args.full_level, FULL_PLAYER))
    threads = [
        threading.Thread(target=player, args=(args.base, address, deadline, args.think_ms / 1000,
                                              tally[0], tally[1], tally[2], streams, level),
                         kwargs={"client": client})
        for _, tally, level, client in players
    ]
    attackers = SHARE_PHASES[args.attack]
    draw_game = None
    if args.attack == "m2":
        conn = connect(args.base, timeout=60)
        draw_game = new_game(conn, attackers[0],
                             {"color": "white", "level": 1, "fen": DECLINED_FEN}, attack)
        assert draw_game, "the draw offers' game"
        play_opening(conn, attackers[0], draw_game)
        status, body = call(conn, "POST", f"/api/games/{draw_game[0]}/draw", attackers[0],
                            token=draw_game[1])
        assert body.get("error") == "draw_declined", f"the first offer: {status} {body}"

    def attack_threads(tally):
        if args.attack.startswith("h"):
            return [threading.Thread(target=slow_mover, args=(
                args.base, deadline, tally, client, args.full_level))
                for client in attackers for _ in range(8)]
        if args.attack.startswith("m1"):
            return [threading.Thread(target=board_searcher, args=(
                args.base, deadline, tally, client, f"b{n}"))
                for client in attackers for n in range(2)]
        if args.attack == "m2":
            return [threading.Thread(target=draw_offerer, args=(
                args.base, deadline, tally, attackers[0], draw_game)) for _ in range(40)]
        return []

    # Forked before any thread starts, so the attack has an interpreter (and a GIL) of its own.
    attack_process = Attack(attack_threads, deadline, args.attacker_nice)
    review_waits = []
    if reviewing:
        threads.append(threading.Thread(target=reviewer, args=(
            args.base, deadline, 5, review_waits, attack,
            REVIEW_GAMES[args.review_game or args.attack])))
    for thread in threads:
        thread.daemon = True
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0, deadline - time.monotonic()) + 15)
    attack_cpu = attack_process.join(attack)
    print(f"phase {args.attack} for {args.seconds:.0f} s, attackers {attackers}")
    if attackers:
        print(f"the attack's own CPU: {attack_cpu:.1f} s ({attack_cpu / args.seconds:.0%} of a core)"
              + (f", at nice {args.attacker_nice}" if args.attacker_nice else ""))
    failed = False
    for name, (latencies, statuses, _), _, _ in players:
        print(f"{name}: {len(latencies)} moves, p50 {percentile(latencies, 50) * 1000:.0f} ms, "
              f"p99 {percentile(latencies, 99) * 1000:.0f} ms, "
              f"max {max(latencies, default=0) * 1000:.0f} ms; "
              f"statuses {dict(sorted(statuses.counts.items()))}")
        failed |= not latencies or any(key.startswith("move") and not key.endswith(" 200")
                                       for key in statuses.counts)
    if reviewing:
        print("6-ply review wait: "
              + (f"{review_waits[0]:.1f} s" if review_waits else "not done by the end"))
    print(f"attack statuses: {dict(sorted(attack.counts.items()))}")
    if failed:
        print("FAIL: a legitimate player's moves did not all answer")
    return 1 if failed else 0


# --- Issue #42's shares (M3, M4, M5): each attack a function of its own, registered in
# LIMIT_ATTACKS below and run by `--attack NAME`.

TREE_READER = "203.0.113.99"
NETWORK = "2001:db8:77:ab"  # one /56: its /64s are NETWORK + "XX::", XX from 00 to ff
FOOLS_MATE = "1. f3 e5 2. g4 Qh4# 0-1"
MAX_BODY = 64 * 1024


def legal_moves(conn, fen):
    status, body = call(conn, "POST", "/api/positions/moves", TREE_READER, {"fen": fen})
    assert status == 200, f"legal moves: {status} {body}"
    return [(m["uci"], m["fen"]) for m in body["legal_moves"]]


def big_tree(conn, nodes_wanted=2254):
    """A tree of up to nodes_wanted moves that holds Fool's mate and fits in one request body:
    every first move, every reply, then every third move of the earliest replies (small parent
    indices keep the JSON short)."""
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    nodes, fens = [], []
    for uci, fen in legal_moves(conn, start):
        nodes.append({"parent": None, "uci": uci})
        fens.append(fen)
    first = len(nodes)
    for parent in range(first):
        for uci, fen in legal_moves(conn, fens[parent]):
            nodes.append({"parent": parent, "uci": uci})
            fens.append(fen)
    f3 = next(i for i, n in enumerate(nodes) if n["uci"] == "f2f3" and n["parent"] is None)
    e5 = next(i for i, n in enumerate(nodes) if n["uci"] == "e7e5" and n["parent"] == f3)
    order = [e5] + [i for i in range(first, len(nodes)) if i != e5]
    size = len(json.dumps({"nodes": nodes}, separators=(",", ":")))
    for parent in order:
        for uci, fen in legal_moves(conn, fens[parent]):
            node = {"parent": parent, "uci": uci}
            grown = size + 1 + len(json.dumps(node, separators=(",", ":")))
            if len(nodes) >= nodes_wanted - 1 or grown > MAX_BODY - 64:
                break
            nodes.append(node)
            fens.append(fen)
            size = grown
        else:
            continue
        break
    g4 = next(i for i, n in enumerate(nodes) if n["uci"] == "g2g4" and n["parent"] == e5)
    nodes.append({"parent": g4, "uci": "d8h4"})
    return nodes


def post_compact(conn, path, client, body, token=None):
    """call() with compact JSON (a large tree must fit the body limit)."""
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request("PUT" if token else "POST", path,
                 body=json.dumps(body, separators=(",", ":")).encode(), headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status


def tree_readers(args, address, deadline, tally, targets):
    """M3: a finished game with a large kept tree, its tree and PGN read over 6 connections
    and the tree written as PGN (stateless) over 2 more, all from one address, back to back."""
    ready = threading.Event()
    made = {}

    def setup():
        conn = connect(args.base, timeout=60)
        made["game"] = new_game(conn, TREE_READER, {"color": "white", "pgn": FOOLS_MATE}, tally)
        made["nodes"] = big_tree(conn)
        status = post_compact(conn, f"/api/games/{made['game'][0]}/tree", TREE_READER,
                              {"nodes": made["nodes"]}, token=made["game"][1])
        tally.add(f"tree of {len(made['nodes'])} nodes kept {status}")
        ready.set()

    def reader(n):
        ready.wait()
        game, nodes = made["game"], made["nodes"]
        conn = connect(args.base, timeout=60)
        paths = [f"/api/games/{game[0]}/tree", f"/api/games/{game[0]}/pgn"]
        i = 0
        while time.monotonic() < deadline:
            i += 1
            try:
                if n < 6:
                    status, _ = call(conn, "GET", paths[i % 2], TREE_READER)
                    tally.add(f"read {paths[i % 2].rsplit('/', 1)[1]} {status}")
                else:
                    status = post_compact(conn, "/api/trees/pgn", TREE_READER, {"nodes": nodes})
                    tally.add(f"stateless pgn {status}")
                    if status == 429:
                        time.sleep(0.05)
            except (OSError, http.client.HTTPException):
                conn = reconnect(conn, args.base, timeout=60)
                tally.add("tree read error")

    return ([threading.Thread(target=setup)]
            + [threading.Thread(target=reader, args=(n,)) for n in range(8)])


def slow_connections_from(address, deadline, tally, sources, per_source):
    """M4: per_source slow-header connections from each of `sources` loopback addresses
    (127.0.0.2 on: each a client of its own), reopened when dropped."""
    raise_open_files(sources * per_source + 256)
    socks = {n: [] for n in range(sources)}
    while time.monotonic() < deadline:
        for n in range(sources):
            open_slow(address, socks[n], per_source, deadline, tally, "slow connection",
                      source=f"127.0.0.{2 + n}")
            socks[n] = trickle(socks[n], tally, "slow connection")
        time.sleep(1)
    for mine in socks.values():
        close_all(mine)


def connections_from(sources):
    def attack(args, address, deadline, tally, targets):
        return [threading.Thread(target=slow_connections_from,
                                 args=(address, deadline, tally, sources, 64))]
    return attack


def network_flood(args, address, deadline, tally, targets):
    """M5: one IPv6 /56 (256 /64s, each a client) filling the live streams, the analysis
    queue and the unfinished games at once, each /64 inside its own share."""
    long_pgn = open(args.long_pgn).read() if args.long_pgn else LONG_PGN
    clients = [f"{NETWORK}{n:02x}::1" for n in range(256)]

    own = []

    def games(first, last):
        conn = connect(args.base, timeout=30)
        for client in clients[first:last]:
            for _ in range(20):
                if time.monotonic() >= deadline:
                    return
                game = new_game(conn, client, {"color": "white", "level": 1}, tally)
                if not game:
                    break
                own.append(game[0])

    def analyses(first, last):
        conn = connect(args.base, timeout=30)
        for client in clients[first:last]:
            for _ in range(4):
                if time.monotonic() >= deadline:
                    return
                game = new_game(conn, client, {"color": "white", "level": 1, "pgn": long_pgn}, tally)
                if not game:
                    break
                status, _ = call(conn, "POST", f"/api/games/{game[0]}/resign", client,
                                 token=game[1])
                tally.add(f"network resign {status}")

    def streams():
        held, n = [], 0
        while time.monotonic() < deadline and len(held) < 1024:
            if not own:
                time.sleep(0.1)
                continue
            n += 1
            # Its own games, 8 streams per /64 (the per-client share), a few per game.
            sock, status = open_stream(address, own[(n // 4) % len(own)],
                                       clients[(n // 8) % 256], rcvbuf=1024)
            tally.add(f"network stream {status}")
            if sock is not None:
                held.append(sock)
            elif status == "429":
                time.sleep(0.01)
        while time.monotonic() < deadline:
            time.sleep(0.5)
        for sock in held:
            sock.close()

    return ([threading.Thread(target=games, args=(64 * i, 64 * i + 64)) for i in range(2)]
            + [threading.Thread(target=analyses, args=(128 + 32 * i, 160 + 32 * i))
               for i in range(2)]
            + [threading.Thread(target=streams)])


LIMIT_ATTACKS = {
    "tree-reads": tree_readers,
    "connections-8": connections_from(8),
    "connections-16": connections_from(16),
    "network": network_flood,
}
