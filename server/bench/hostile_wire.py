"""hostile.py's clients: their addresses, the HTTP calls and streams, the tallies, and the
legitimate player whose latency every attack is measured against."""

import http.client
import json
import os
import random
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
