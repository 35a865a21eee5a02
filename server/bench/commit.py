#!/usr/bin/env python3
"""Commit latency through the HTTP API, one client, sequential (see postgres.sh).

Each round plays the first legal move (the server answers after Stockfish's depth-1 reply and
both commits) and takes it back (one committed change, no engine): the takeback's latency is the
store's commit plus the HTTP round trip. Prints p50/p99 of both, in milliseconds.

Usage: commit.py BASE_URL ROUNDS LABEL
"""
import http.client
import json
import statistics
import sys
import time
from urllib.parse import urlparse


def request(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    if response.status >= 300:
        raise SystemExit(f"{method} {path}: {response.status} {data[:200]!r}")
    return json.loads(data)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    base, rounds, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    url = urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    created = request(conn, "POST", "/api/games", {"color": "white", "level": 1})
    game, token = created["id"], created["token"]
    moves, takebacks = [], []
    view = created["game"]
    for _ in range(rounds):
        move = view["legal_moves"][0]["uci"]
        started = time.perf_counter()
        request(conn, "POST", f"/api/games/{game}/moves", {"move": move}, token)
        moves.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        view = request(conn, "POST", f"/api/games/{game}/takeback", None, token)
        takebacks.append((time.perf_counter() - started) * 1000)
    for name, values in (("takeback (1 commit)", takebacks), ("move + depth-1 reply", moves)):
        print(
            f"{label:10} {name:22} n={len(values)} p50={statistics.median(values):.2f} ms"
            f" p99={percentile(values, 99):.2f} ms"
        )


if __name__ == "__main__":
    main()
