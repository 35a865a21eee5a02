#!/usr/bin/env python3
"""Times post-game analyses on a running alphachess-server (loopback only).

Imports --games copies of a finished game from --pgn, watches each game's live stream, asks for
every analysis at once, and reports per game: positions searched, time to the first analysed ply
on the stream (`event: analysis` with a ply), and wall time until the `done` event; then the wall
time of the whole batch. Every analysis must end `done` with one ply per move.

Bounded: each stream gives up after --timeout seconds.
Standard library only: python3 server/bench/analysis.py --base http://127.0.0.1:18183 --games 1
"""

import argparse
import http.client
import json
import sys
import threading
import time
from urllib.parse import urlparse


def request(base, method, path, body=None, token=None):
    url = urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    payload = json.loads(response.read() or b"null")
    conn.close()
    return response.status, payload


def events(base, game_id, timeout):
    """Yields (name, data) for each event of the game's stream."""
    url = urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    conn.request("GET", f"/api/games/{game_id}/events")
    response = conn.getresponse()
    if response.status != 200:
        raise RuntimeError(f"stream of {game_id}: HTTP {response.status}")
    name = None
    while True:
        line = response.fp.readline()
        if not line:
            return
        line = line.decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[len("event: "):]
        elif line.startswith("data: ") and name:
            yield name, json.loads(line[len("data: "):])
            name = None


class Watch(threading.Thread):
    """Follows one game's analysis on its stream, from `started` (set before the request)."""

    def __init__(self, base, game_id, plies, timeout):
        super().__init__(daemon=True)
        self.base, self.game_id, self.plies, self.timeout = base, game_id, plies, timeout
        self.connected = threading.Event()
        self.started = None
        self.first_ply = None
        self.done = None
        self.final = None
        self.error = None

    def run(self):
        try:
            stream = events(self.base, self.game_id, self.timeout)
            for name, data in stream:
                if name == "game":
                    self.connected.set()
                    continue
                if name != "analysis":
                    continue
                now = time.monotonic()
                if data["ply"] is not None and self.first_ply is None:
                    self.first_ply = now - self.started
                if data["status"] == "failed":
                    raise RuntimeError(f"the analysis of {self.game_id} failed")
                if data["status"] == "done":
                    self.done = now - self.started
                    self.final = data
                    return
        except Exception as error:  # reported by the main thread
            self.error = error
            self.connected.set()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()
    with open(args.pgn, encoding="utf-8") as file:
        pgn = file.read()

    watches = []
    for _ in range(args.games):
        status, created = request(args.base, "POST", "/api/games", {"color": "white", "pgn": pgn})
        if status != 201 or created["game"]["status"] != "finished":
            sys.exit(f"could not import a finished game: {status} {created}")
        watch = Watch(args.base, created["id"], created["game"]["ply"], args.timeout)
        watch.token = created["token"]
        watch.start()
        watch.connected.wait(10)
        watches.append(watch)

    batch_start = time.monotonic()
    for watch in watches:
        watch.started = time.monotonic()
        status, analysis = request(args.base, "POST", f"/api/games/{watch.game_id}/analysis", token=watch.token)
        if status != 202:
            sys.exit(f"the analysis was refused: {status} {analysis}")
    for watch in watches:
        watch.join(args.timeout)
    batch = time.monotonic() - batch_start

    failed = False
    for number, watch in enumerate(watches, 1):
        if watch.error or watch.final is None:
            print(f"game {number}: FAILED ({watch.error or 'no done event in time'})")
            failed = True
            continue
        status, analysis = request(args.base, "GET", f"/api/games/{watch.game_id}/analysis")
        positions = watch.final["progress"]["total"]
        if status != 200 or len(analysis["plies"]) != watch.plies:
            print(f"game {number}: FAILED (plies {len(analysis['plies'])} of {watch.plies})")
            failed = True
            continue
        summary = watch.final["summary"]
        print(
            f"game {number}: {watch.plies} plies, {positions} positions searched: "
            f"first ply on the stream after {watch.first_ply:.1f} s, done after {watch.done:.1f} s "
            f"({watch.done / positions:.2f} s per position); accuracy {watch.final['accuracy']}, "
            f"blunders {summary['white']['blunders']}/{summary['black']['blunders']}"
        )
    print(f"all {len(watches)} analyses done after {batch:.1f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
