#!/usr/bin/env python3
"""Times post-game analyses on a running alphachess-server (loopback only).

Imports --games copies of a finished game from --pgn, watches each game's live stream, asks for
every analysis at once, and reports per game: positions searched, time from the request to the
first analysed ply on the stream (`event: analysis` with a ply, provisional or not), to the quick
graph complete (every ply evaluated, provisional or final), and to the `done` event; then the wall
time of the whole batch. --save keeps the first game's final analysis for
server/bench/review_agreement.py. Every analysis must end `done` with one final ply per move.

--again then imports the same game once more and times its review (the cache of analysed
positions should answer it). --floor N runs the game's positions through N bare Stockfish
processes side by side (one thread, 16 MiB hash each, `go nodes --nodes`, one `ucinewgame` each;
each process takes the next position in game order as it becomes free, so none idles while
another still has work: the tightest floor) and reports that time and the review's ratio to it.

Bounded: each stream gives up after --timeout seconds.
Standard library only: python3 server/bench/analysis.py --base http://127.0.0.1:18183 --games 1
"""

import argparse
import functools
import http.client
import json
import re
import subprocess
import sys
import threading
import time
from urllib.parse import urlparse

import jsonapi


# Each request gives up after 30 s (the streams have --timeout).
request = functools.partial(jsonapi.request, timeout=30)


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
        self.quick_graph = None
        self.seen = set()
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
                if data["ply"] is not None:
                    if self.first_ply is None:
                        self.first_ply = now - self.started
                    self.seen.add(data["ply"]["ply"])
                    if self.quick_graph is None and len(self.seen) == self.plies:
                        self.quick_graph = now - self.started
                if data["status"] == "failed":
                    raise RuntimeError(f"the analysis of {self.game_id} failed")
                if data["status"] == "done":
                    self.done = now - self.started
                    self.final = data
                    return
        except Exception as error:  # reported by the main thread
            self.error = error
            self.connected.set()


def side_to_move(pgn):
    """The colour to move after the PGN's moves (no variations): the player's colour on import,
    so that the engine plays no reply to a game that ended by resignation."""
    movetext = re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", pgn)
    tokens = [t for t in movetext.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
    tokens = [re.sub(r"^\d+\.+", "", t) for t in tokens]
    return "white" if len([t for t in tokens if t]) % 2 == 0 else "black"


def review(base, pgn, games, timeout):
    """Imports `games` copies of `pgn`, reviews them all at once; (watches, batch seconds)."""
    watches = []
    color = side_to_move(pgn)
    for _ in range(games):
        status, created = request(base, "POST", "/api/games", {"color": color, "pgn": pgn})
        if status != 201:
            sys.exit(f"could not import the game: {status} {created}")
        watch = Watch(base, created["id"], created["game"]["ply"], timeout)
        watch.token = created["token"]
        watch.start()
        watch.connected.wait(10)
        if created["game"]["status"] != "finished":
            # A game the loser resigned: the player is the side to move, and resigns it. The
            # review starts as the game ends, so the clock starts here.
            watch.started = time.monotonic()
            status, game = request(base, "POST", f"/api/games/{created['id']}/resign", token=created["token"])
            if status != 200 or game.get("status") != "finished":
                sys.exit(f"could not resign the imported game: {status} {game}")
        watches.append(watch)

    batch_start = time.monotonic()
    for watch in watches:
        watch.started = watch.started or time.monotonic()
        status, analysis = request(base, "POST", f"/api/games/{watch.game_id}/analysis", token=watch.token)
        if status not in (200, 202):
            sys.exit(f"the analysis was refused: {status} {analysis}")
    for watch in watches:
        watch.join(timeout)
    return watches, time.monotonic() - batch_start


def report(base, watches, label):
    """Prints each review's times; False if one failed."""
    ok = True
    for number, watch in enumerate(watches, 1):
        if watch.error or watch.final is None:
            print(f"{label} {number}: FAILED ({watch.error or 'no done event in time'})")
            ok = False
            continue
        status, analysis = request(base, "GET", f"/api/games/{watch.game_id}/analysis")
        positions = watch.final["progress"]["total"]
        final = [ply for ply in analysis["plies"] if not ply["provisional"]]
        if status != 200 or len(final) != watch.plies:
            print(f"{label} {number}: FAILED (final plies {len(final)} of {watch.plies})")
            ok = False
            continue
        summary = watch.final["summary"]
        quick = f"{watch.quick_graph:.1f} s" if watch.quick_graph is not None else "never"
        first = f"{watch.first_ply:.2f} s" if watch.first_ply is not None else "never"
        print(
            f"{label} {number}: {watch.plies} plies, {positions} positions: first ply after "
            f"{first}, quick graph complete after {quick}, done after {watch.done:.1f} s; "
            f"accuracy {watch.final['accuracy']}, blunders "
            f"{summary['white']['blunders']}/{summary['black']['blunders']}"
        )
    return ok


def floor(base, game_id, positions, processes, nodes, stockfish):
    """Seconds for `processes` bare Stockfish processes to search the game's first `positions`
    positions at `nodes` each, side by side, each taking the next position when free."""
    status, view = request(base, "GET", f"/api/games/{game_id}")
    if status != 200:
        sys.exit(f"could not read the game: {status}")
    game = view.get("game", view)
    fen = game["initial_fen"]
    moves = [move["uci"] for move in game["moves"]]
    queue = list(range(positions))
    lock = threading.Lock()

    def next_position():
        with lock:
            return queue.pop(0) if queue else None

    def run():
        engine = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

        def send(line):
            engine.stdin.write(line + "\n")
            engine.stdin.flush()

        def until(prefix):
            for line in engine.stdout:
                if line.startswith(prefix):
                    return

        send("uci")
        until("uciok")
        send("setoption name Threads value 1")
        send("setoption name Hash value 16")
        send("ucinewgame")
        send("isready")
        until("readyok")
        while (index := next_position()) is not None:
            send(f"position fen {fen} moves {' '.join(moves[:index])}".rstrip())
            send(f"go nodes {nodes}")
            until("bestmove")
        send("quit")
        engine.wait()

    start = time.monotonic()
    threads = [threading.Thread(target=run) for _ in range(processes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--again", action="store_true", help="review the same game once more")
    parser.add_argument("--floor", type=int, default=0, help="bare Stockfish processes for the floor")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="the floor's nodes per position")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--save", help="write the first game's final analysis (GET's JSON) to this file")
    args = parser.parse_args()
    with open(args.pgn, encoding="utf-8") as file:
        pgn = file.read()

    watches, batch = review(args.base, pgn, args.games, args.timeout)
    ok = report(args.base, watches, "game")
    print(f"all {len(watches)} analyses done after {batch:.1f} s")
    if args.save and ok:
        _, analysis = request(args.base, "GET", f"/api/games/{watches[0].game_id}/analysis")
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(analysis, file)
    if args.again and ok:
        again, _ = review(args.base, pgn, 1, args.timeout)
        ok = report(args.base, again, "the same game again") and ok
    if args.floor and ok:
        first = watches[0]
        positions = first.final["progress"]["total"]
        seconds = floor(args.base, first.game_id, positions, args.floor, args.nodes, args.stockfish)
        print(
            f"floor: {positions} positions on {args.floor} bare Stockfish process(es) at "
            f"{args.nodes} nodes: {seconds:.1f} s; the review took {first.done / seconds:.2f}x that"
        )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
