"""hostile.py's attacks of issue #22: floods of games, hints and streams, slow connections,
hung-up moves, IPv6 streams and analyses (see hostile.py's docstring)."""

import http.client
import json
import random
import resource
import socket
import time

from hostile_wire import (
    CREATOR,
    FULL_STRENGTH,
    HINTER,
    PROBER,
    SIXTY_FOUR,
    SLOW_FEN,
    WATCHER,
    call,
    connect,
    open_stream,
    reconnect,
)


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
