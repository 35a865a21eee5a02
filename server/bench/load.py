#!/usr/bin/env python3
"""Plays many games at once against a running alphachess-server (loopback only) and checks them.

Each player creates a game, then plays random legal moves (with expected_ply), pausing about
--think-ms between moves, until it has played --moves moves, the game ends, or the phase's time
is up. Every answer is checked (the ply grows by
one or two, the moves so far are the ones the client knows), and at the end every game is fetched
again and compared with the client's record. Prints concurrent games, moves/s, p50/p99 latency of
move requests (player move + engine reply + durable commit) and how many requests got 503.

Bounded: each phase stops after --seconds, and no phase sends more than --max-requests requests.
Standard library only: python3 server/bench/load.py --base http://127.0.0.1:18182 --games 32
"""

import argparse
import http.client
import json
import random
import sys
import threading
import time
from urllib.parse import urlparse


class Stats:
    def __init__(self, max_requests):
        self.lock = threading.Lock()
        self.move_latencies = []
        self.create_latencies = []
        self.busy_latencies = []
        self.requests = 0
        self.max_requests = max_requests
        self.statuses = {}
        self.errors = []
        self.moves = 0

    def take_request(self):
        with self.lock:
            if self.requests >= self.max_requests:
                return False
            self.requests += 1
            return True

    def record(self, status, code, latency, kind):
        with self.lock:
            key = f"{status} {code}" if code else str(status)
            self.statuses[key] = self.statuses.get(key, 0) + 1
            if status == 503:
                self.busy_latencies.append(latency)
            elif kind == "move" and status == 200:
                self.move_latencies.append(latency)
                self.moves += 1
            elif kind == "create" and status == 201:
                self.create_latencies.append(latency)

    def error(self, text):
        with self.lock:
            self.errors.append(text)


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Client:
    def __init__(self, base):
        url = urlparse(base)
        assert url.hostname in ("127.0.0.1", "localhost", "::1"), "loopback only"
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            raise
        latency = time.perf_counter() - start
        return response.status, (json.loads(raw) if raw else None), latency


def wait_after_busy(rng, backoff):
    """engine_busy: wait with jittered exponential backoff (0.1 s doubling up to Retry-After, 2 s)."""
    backoff = min(2.0, max(0.1, backoff * 2))
    time.sleep(rng.uniform(backoff / 2, backoff))
    return backoff


def uci_list(view):
    return [m["uci"] for m in view["moves"]]


def play_one(base, stats, args, deadline, seed, results):
    rng = random.Random(seed)
    client = Client(base)
    color = rng.choice(["white", "black"])
    backoff = 0
    time.sleep(rng.uniform(0, 2 * args.think_ms) / 1000)  # players arrive spread out, not at once
    while True:
        if not stats.take_request() or time.monotonic() >= deadline:
            return
        status, body, latency = client.call(
            "POST", "/api/games", {"color": color, "level": rng.randint(1, 8)}
        )
        stats.record(status, body and body.get("error"), latency, "create")
        if status == 201:
            break
        if status != 503 or body.get("error") != "engine_busy":
            return  # too_many_games: the cap holds, this player is done
        backoff = wait_after_busy(rng, backoff)
    game_id, token, view = body["id"], body["token"], body["game"]
    known = uci_list(view)
    played = 0
    while played < args.moves and time.monotonic() < deadline and view["status"] == "ongoing":
        legal = [m["uci"] for m in view["legal_moves"]]
        move = rng.choice(legal)
        if not stats.take_request():
            break
        status, body, latency = client.call(
            "POST", f"/api/games/{game_id}/moves", {"move": move, "expected_ply": len(known)}, token
        )
        stats.record(status, body and body.get("error"), latency, "move")
        if status == 503:
            backoff = wait_after_busy(rng, backoff)
            continue
        backoff = 0
        if status != 200:
            stats.error(f"{game_id}: {move} -> {status} {body}")
            break
        moves = uci_list(body)
        grew = len(moves) - len(known)
        if moves[: len(known)] != known or moves[len(known)] != move or grew not in (1, 2):
            stats.error(f"{game_id}: sent {move} at ply {len(known)}, got {moves}")
            break
        if body["ply"] != len(moves) or (grew == 1 and body["status"] != "finished"):
            stats.error(f"{game_id}: inconsistent view after {move}: ply {body['ply']}")
            break
        known, view = moves, body
        played += 1
        if args.think_ms:
            time.sleep(rng.uniform(0, 2 * args.think_ms) / 1000)  # the player thinks
    results.append((game_id, known))


def verify(base, results, stats):
    client = Client(base)
    for game_id, known in results:
        status, view, _ = client.call("GET", f"/api/games/{game_id}")
        if status != 200 or uci_list(view) != known or view["ply"] != len(known):
            stats.error(f"{game_id}: stored {view and uci_list(view)} != played {known}")


def run_phase(base, args, games):
    stats = Stats(args.max_requests)
    results = []
    deadline = time.monotonic() + args.seconds
    start = time.monotonic()
    threads = [
        threading.Thread(target=play_one, args=(base, stats, args, deadline, args.seed + i, results))
        for i in range(games)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    verify(base, results, stats)
    total = sum(stats.statuses.values())
    busy = sum(n for key, n in stats.statuses.items() if key.startswith("503"))
    print(
        f"games {games:4d} think {args.think_ms:g} ms | created {len(results):4d} | moves {stats.moves:5d} in {elapsed:5.1f} s"
        f" = {stats.moves / elapsed:6.1f} moves/s | move p50 {percentile(stats.move_latencies, 50) * 1000:7.1f} ms"
        f" p99 {percentile(stats.move_latencies, 99) * 1000:7.1f} ms | 503 {busy}/{total}"
        f" ({100 * busy / max(total, 1):.1f} %, p99 {percentile(stats.busy_latencies, 99) * 1000:.1f} ms)"
        f" | checked {len(results)} games, {len(stats.errors)} inconsistent"
    )
    print(f"    statuses: {dict(sorted(stats.statuses.items()))}")
    for error in stats.errors[:10]:
        print(f"    INCONSISTENT {error}")
    return not stats.errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:18182")
    parser.add_argument("--games", type=int, nargs="+", default=[8, 32, 128],
                        help="concurrent players, one phase per value")
    parser.add_argument("--moves", type=int, default=20, help="moves per game at most")
    parser.add_argument("--seconds", type=float, default=20, help="time limit of each phase")
    parser.add_argument("--max-requests", type=int, default=20000, help="request limit of each phase")
    parser.add_argument("--think-ms", type=float, default=0,
                        help="mean pause between a player's moves (0: move at once)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ok = all([run_phase(args.base, args, games) for games in args.games])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
