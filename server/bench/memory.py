#!/usr/bin/env python3
"""RSS and start-up time with many stored games (issue #22, item 7).

Creates N ongoing 80-ply games (the Game of the Century less its last two plies, imported; the
player has the move, so no search runs) through the API of SERVER, reports the server's RSS, stops
it (SIGTERM), then starts SERVER again on the same file and reports the time until it listens,
the time until /api/ready answers 200, and its RSS then.

    python3 server/bench/memory.py BINARY [N]   (run it once per binary, on a fresh folder each)
"""
import concurrent.futures
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def pgn():
    text = open(os.path.join(HERE, "game-of-the-century.pgn")).read()
    moves = "\n".join(line for line in text.splitlines() if line and line[0] not in "%[")
    sans = [t for t in moves.split() if not re.match(r"^\d+\.$", t) and t not in ("0-1", "1-0")]
    return " ".join(sans[:80]) + " *"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def start(binary, db, port):
    args = [binary, "--bind", f"127.0.0.1:{port}", "--db", db, "--max-games", "20000",
            "--games-per-minute", "1000000", "--games-burst", "1000000", "--searches-per-client", "64", "--depth", "1",
            "--static-dir", "/nonexistent"]
    began = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    listening = ready = None
    while ready is None:
        if proc.poll() is not None:
            sys.exit(f"the server stopped: {proc.returncode}")
        if listening is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.05).close()
                listening = time.monotonic() - began
            except OSError:
                time.sleep(0.01)
                continue
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/ready", timeout=5) as r:
                if r.status == 200:
                    ready = time.monotonic() - began
        except Exception:
            time.sleep(0.01)
    return proc, listening, ready


def main():
    binary = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    folder = tempfile.mkdtemp(prefix="alphachess-memory-")
    db = os.path.join(folder, "games.db")
    port = free_port()
    proc, _, _ = start(binary, db, port)
    body = json.dumps({"color": "white", "level": 1, "pgn": pgn()}).encode()

    def create(_):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=body,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as r:
            assert r.status == 201, r.status

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        list(pool.map(create, range(n)))
    print(f"created {n} games: server RSS {rss_kib(proc.pid) / 1024:.0f} MiB")
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    proc, listening, ready = start(binary, db, port)
    print(f"restart with {n} stored games: listening after {listening:.2f} s, "
          f"ready after {ready:.2f} s, RSS {rss_kib(proc.pid) / 1024:.0f} MiB")
    time.sleep(2)
    print(f"2 s later: RSS {rss_kib(proc.pid) / 1024:.0f} MiB")
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)


if __name__ == "__main__":
    main()
