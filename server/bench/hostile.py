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
Standard library only: python3 server/bench/hostile.py --base http://127.0.0.1:18183 --pid PID
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import resource
import socket
import threading
import time
from collections import Counter
from urllib.parse import urlparse

PLAYER = "198.51.100.10"
CREATOR = "203.0.113.66"
WATCHER = "203.0.113.77"
HINTER = "203.0.113.88"
PROBER = "198.51.100.20"
REVIEWER = "198.51.100.30"
SIXTY_FOUR = "2001:db8:66:1::"
SLOW_FEN = "1nbqkbn1/qqqqqqqq/8/8/8/8/QQQQQQQQ/1NBQKBN1 w - - 0 1"
# The ladder's full-strength step (`GET /api/levels`).
FULL_STRENGTH = 16
# Byrne-Fischer 1956 to move 40 (80 plies), unfinished, white to move.
LONG_PGN = (
    "1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 7. Qxc4 c6 8. e4 Nbd7 "
    "9. Rd1 Nb6 10. Qc5 Bg4 11. Bg5 Na4 12. Qa3 Nxc3 13. bxc3 Nxe4 14. Bxe7 Qb6 15. Bc4 Nxc3 "
    "16. Bc5 Rfe8+ 17. Kf1 Be6 18. Bxb6 Bxc4+ 19. Kg1 Ne2+ 20. Kf1 Nxd4+ 21. Kg1 Ne2+ "
    "22. Kf1 Nc3+ 23. Kg1 axb6 24. Qb4 Ra4 25. Qxb6 Nxd1 26. h3 Rxa2 27. Kh2 Nxf2 28. Re1 Rxe1 "
    "29. Qd8+ Bf8 30. Nxe1 Bd5 31. Nf3 Ne4 32. Qb8 b5 33. h4 h5 34. Ne5 Kg7 35. Kg1 Bc5+ "
    "36. Kf1 Ng3+ 37. Ke1 Bb4+ 38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ *"
)


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = Counter()

    def add(self, key, n=1):
        with self.lock:
            self.counts[key] += n


def connect(base, timeout=10):
    url = urlparse(base)
    assert url.hostname in ("127.0.0.1", "localhost", "::1"), "loopback only"
    return http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)


def reconnect(conn, base, timeout=10):
    """A fresh connection in place of one that failed (closed first)."""
    conn.close()
    return connect(base, timeout)


def call(conn, method, path, client, body=None, token=None):
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    raw = response.read()
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return response.status, parsed


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def proc_status(pid):
    """(VmRSS KiB, VmHWM KiB, open descriptors) of the server."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    kib = lambda key: int(fields.get(key, "0 kB").split()[0])
    return kib("VmRSS"), kib("VmHWM"), len(os.listdir(f"/proc/{pid}/fd"))


def server_connections(port):
    """Connections the server has accepted: established sockets on its port that have an inode
    (ones still in the listen queue have none)."""
    local = f":{port:04X}"
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as lines:
                next(lines)
                for line in lines:
                    fields = line.split()
                    if fields[1].endswith(local) and fields[3] == "01" and fields[9] != "0":
                        count += 1
        except FileNotFoundError:
            pass
    return count


def open_stream(address, game_id, client, rcvbuf=None):
    """A raw SSE request; returns the socket after the status line (or None), never reading on."""
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(5)
    try:
        sock.connect(address)
        sock.sendall(
            f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"X-Forwarded-For: {client}\r\n\r\n".encode()
        )
        status = sock.recv(12)[9:12].decode(errors="replace")
    except OSError:
        sock.close()
        return None, "error"
    if status != "200":
        sock.close()
        return None, status
    return sock, status


def player(base, address, deadline, think, latencies, statuses, game_ids, stream_events, level=1,
           client=PLAYER):
    rng = random.Random(1)
    conn = connect(base, timeout=60)
    while time.monotonic() < deadline:
        status, body = call(conn, "POST", "/api/games", client, {"color": "white", "level": level})
        statuses.add(f"create {status}")
        if status != 201:
            time.sleep(0.5)
            continue
        game_id, token, view = body["id"], body["token"], body["game"]
        game_ids.append(game_id)
        left = threading.Event()  # the browser leaves the game's page for the next game
        watcher = threading.Thread(
            target=watch_own_game, args=(address, game_id, deadline, left, stream_events),
            daemon=True,
        )
        watcher.start()
        while time.monotonic() < deadline and view["status"] == "ongoing":
            move = rng.choice([m["uci"] for m in view["legal_moves"]])
            start = time.perf_counter()
            status, body = call(
                conn, "POST", f"/api/games/{game_id}/moves", client,
                {"move": move, "expected_ply": view["ply"]}, token,
            )
            code = body.get("error") if isinstance(body, dict) and status != 200 else None
            statuses.add(f"move {status}" + (f" {code}" if code else ""))
            if status == 200:
                latencies.append(time.perf_counter() - start)
                view = body
            time.sleep(think)
        left.set()


def watch_own_game(address, game_id, deadline, left, stream_events):
    """The player's browser: one stream of its game, read continuously."""
    sock, status = open_stream(address, game_id, PLAYER)
    stream_events.add(f"player stream {status}")
    if sock is None:
        return
    sock.settimeout(1)
    with sock:
        while time.monotonic() < deadline and not left.is_set():
            try:
                data = sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                break
            if not data:
                stream_events.add("player stream ended by server")
                return
            stream_events.add("player stream frames", data.count(b"event: game"))


def creation_flood(base, deadline, tally, tokens):
    conn = connect(base)
    while time.monotonic() < deadline:
        try:
            status, body = call(conn, "POST", "/api/games", CREATOR, {"color": "white", "level": 1})
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base)
            tally.add("create error")
            continue
        tally.add(f"create {status}")
        if status == 201:
            tokens.append((body["id"], body["token"]))


def hammer(base, deadline, tally, tokens):
    conn = connect(base)
    rng = random.Random(7)
    while time.monotonic() < deadline:
        if not tokens:
            time.sleep(0.05)
            continue
        game_id, token = rng.choice(tokens)
        kind = rng.choice(["hint", "illegal"])
        try:
            if kind == "hint":
                status, _ = call(conn, "GET", f"/api/games/{game_id}/hint", CREATOR, token=token)
            else:
                status, _ = call(conn, "POST", f"/api/games/{game_id}/moves", CREATOR,
                                 {"move": "e2e5"}, token)
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base)
            tally.add(f"{kind} error")
            continue
        tally.add(f"{kind} {status}")


def hint_flood(base, deadline, tally, game):
    """Hints for one game, back to back, from one thread of several sharing that game."""
    conn = connect(base)
    game_id, token = game
    while time.monotonic() < deadline:
        try:
            status, body = call(conn, "GET", f"/api/games/{game_id}/hint", HINTER, token=token)
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base)
            tally.add("flood hint error")
            continue
        code = body.get("error") if isinstance(body, dict) else None
        tally.add(f"flood hint {status}" + (f" {code}" if code else ""))
        if status == 429:
            time.sleep(0.01)


def ready_probe(base, deadline, latencies, statuses):
    """/api/ready every 200 ms, as a load balancer would."""
    conn = connect(base)
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            status, _ = call(conn, "GET", "/api/ready", PROBER)
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base)
            statuses.add("ready error")
            continue
        latencies.append(time.monotonic() - started)
        statuses.add(f"ready {status}")
        time.sleep(0.2)


def drain(sock):
    """Reads what is buffered without waiting; False once the server has closed or reset it."""
    try:
        while True:
            if not sock.recv(1 << 20):
                return False
    except BlockingIOError:
        return True
    except OSError:
        return False


def count_dropped(held, tally):
    """At the end: which stalled streams the server dropped. A dropped connection still looks
    established here until it is read (the kernel learns of the reset only then), so read."""
    for sock in held:
        sock.setblocking(False)
    open_now = [sock for sock in held if drain(sock)]
    time.sleep(1)
    for sock in held:
        still = sock in open_now and drain(sock)
        tally.add("held stream still open at the end" if still else "held stream dropped by server")
        sock.close()


def sse_flood(address, deadline, tally, targets, held_limit):
    """Opens streams on the player's and the attacker's games, never reads them, keeps up to
    held_limit open (tiny receive buffers, so they stall as soon as anything is sent); counts
    at the end how many the server dropped."""
    held = []
    rng = random.Random(3)
    n = 0
    while time.monotonic() < deadline:
        if not targets or len(held) >= held_limit:
            time.sleep(0.1)
            continue
        n += 1
        client = f"{WATCHER}" if n % 4 else f"203.0.113.{100 + n % 50}"
        sock, status = open_stream(address, rng.choice(targets), client, rcvbuf=1024)
        tally.add(f"stream {status}")
        if sock is not None:
            held.append(sock)
        else:
            time.sleep(0.02)
    count_dropped(held, tally)


SLOW_HEAD = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "


def raise_open_files(want):
    """Lifts the soft limit on open files to `want` (within the hard limit): the slow attacks hold
    more sockets than the default 1,024."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, want)), hard))


def open_slow(address, socks, want, deadline, tally, label, source=None, most=None):
    """Opens slow-header connections (from `source`, an address to bind, if given) until `socks`
    holds `want`, at most `most` of them this round; stops at the first refusal."""
    opened = 0
    while len(socks) < want and (most is None or opened < most) and time.monotonic() < deadline:
        sock = socket.socket()
        sock.settimeout(2)
        try:
            if source is not None:
                sock.bind((source, 0))
            sock.connect(address)
            sock.sendall(SLOW_HEAD)
            socks.append(sock)
            opened += 1
            tally.add(f"{label} opened")
        except OSError:
            sock.close()
            tally.add(f"{label} refused")
            break


def trickle(socks, tally, label):
    """One more byte of the head on each connection; returns those the server still holds."""
    alive = []
    for sock in socks:
        try:
            sock.sendall(b"a")
            alive.append(sock)
        except OSError:
            sock.close()
            tally.add(f"{label} dropped by server")
    return alive


def close_all(socks):
    for sock in socks:
        sock.close()


def slowloris(address, deadline, tally, connections):
    socks = []
    while time.monotonic() < deadline:
        open_slow(address, socks, connections, deadline, tally, "slowloris")
        socks = trickle(socks, tally, "slowloris")
        time.sleep(1)
    close_all(socks)


def new_game(conn, client, body, tally):
    try:
        status, created = call(conn, "POST", "/api/games", client, body)
    except (OSError, http.client.HTTPException):
        return None
    tally.add(f"create {status}")
    return (created["id"], created["token"]) if status == 201 else None


def play_opening(conn, client, game):
    """The first legal move, the engine replying, until the game can no longer be aborted: a draw
    can be offered only then (an offer before it is answered ok with no search, as on lichess)."""
    game_id, token = game
    status, view = call(conn, "GET", f"/api/games/{game_id}", client)
    while status == 200 and view.get("can_abort"):
        move = view["legal_moves"][0]["uci"]
        status, view = call(conn, "POST", f"/api/games/{game_id}/moves", client, {"move": move},
                            token=token)
    assert status == 200 and not view.get("can_abort"), f"the opening: {status} {view}"


def tally_answer(tally, label, status, body):
    """Counts an answer by its status and error code, and backs off a little after a refusal."""
    code = body.get("error") if isinstance(body, dict) else None
    tally.add(f"{label} {status}" + (f" {code}" if code else ""))
    if status != 200:
        time.sleep(0.05)


def slow_hinter(base, deadline, tally, client_of):
    """One slow game of its own, hints back to back (full strength, every search to the cap)."""
    conn = connect(base, timeout=60)
    game = new_game(conn, client_of(0), {"color": "white", "level": FULL_STRENGTH, "fen": SLOW_FEN}, tally)
    n = 0
    while game and time.monotonic() < deadline:
        n += 1
        try:
            status, body = call(conn, "GET", f"/api/games/{game[0]}/hint", client_of(n),
                                token=game[1])
        except (OSError, http.client.HTTPException):
            conn = reconnect(conn, base, timeout=60)
            tally.add("hint error")
            continue
        tally_answer(tally, "hint", status, body)


def raw_post(address, path, client, token, body, source=None):
    """Sends a POST and hangs up without reading the answer."""
    data = json.dumps(body).encode()
    sock = socket.socket()
    sock.settimeout(5)
    try:
        sock.connect(address)
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {client}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n".encode() + data
        )
        time.sleep(0.05)  # long enough for the server to read it
    except OSError:
        return False
    finally:
        sock.close()
    return True


def disconnector(base, address, deadline, tally, games):
    """Games of one client that send a move and hang up, again whenever it is their turn."""
    conn = connect(base, timeout=30)
    mine = [new_game(conn, CREATOR, {"color": "white", "level": FULL_STRENGTH}, tally) for _ in range(games)]
    mine = [game for game in mine if game]
    while time.monotonic() < deadline:
        for game_id, token in mine:
            if time.monotonic() >= deadline:
                break
            try:
                status, view = call(conn, "GET", f"/api/games/{game_id}", CREATOR)
            except (OSError, http.client.HTTPException):
                conn = reconnect(conn, base, timeout=30)
                continue
            if status != 200 or view["status"] != "ongoing" or view["turn"] != "white" \
                    or view.get("engine_thinking"):
                continue
            move = random.choice([m["uci"] for m in view["legal_moves"]])
            sent = raw_post(address, f"/api/games/{game_id}/moves", CREATOR, token,
                            {"move": move, "expected_ply": view["ply"]})
            tally.add("move sent and hung up" if sent else "move error")
        time.sleep(0.1)


def ipv6_streams(address, deadline, tally, targets):
    """Streams from rotating addresses of one /64, held open and never read."""
    held, n = [], 0
    while time.monotonic() < deadline and len(held) < 300:
        if not targets:
            time.sleep(0.1)
            continue
        n += 1
        sock, status = open_stream(address, targets[n % len(targets)], f"{SIXTY_FOUR}{n:x}",
                                   rcvbuf=1024)
        tally.add(f"v6 stream {status}")
        if sock is not None:
            held.append(sock)
        else:
            time.sleep(0.05)
    while time.monotonic() < deadline:
        time.sleep(0.5)
    for sock in held:
        sock.close()


def slow_connections(address, deadline, tally, count):
    """count slow-header connections from 127.0.0.2, reopened when dropped."""
    raise_open_files(count + 256)
    socks = []
    while time.monotonic() < deadline:
        open_slow(address, socks, count, deadline, tally, "slow connection", source="127.0.0.2",
                  most=500)
        socks = trickle(socks, tally, "slow connection")
        time.sleep(1)
    close_all(socks)


def analysis_flood(base, deadline, tally, games, long_pgn):
    """Imports long unfinished games and resigns them all at once: their analyses start, up to
    the client's share (`--analyses-per-client`)."""
    conn = connect(base, timeout=30)
    created = [new_game(conn, CREATOR, {"color": "white", "level": 1, "pgn": long_pgn}, tally)
               for _ in range(games)]
    for game in created:
        if game and time.monotonic() < deadline:
            status, _ = call(conn, "POST", f"/api/games/{game[0]}/resign", CREATOR, token=game[1])
            tally.add(f"resign {status}")


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
