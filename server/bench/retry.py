#!/usr/bin/env python3
"""Times retry verdicts on a running alphachess-server (loopback only): issue #43's latency.

Imports each --game (a PGN file and the player's colour), has it reviewed, then tries moves at
each of the player's mistakes (`POST /api/games/{id}/retry/{ply}`), timing each answer: at every
mistake up to --per-mistake of its legal moves, spread over them (the move played among them),
round after round until --tries tries are made. A position's legal moves come from a game created
at its FEN (then resigned). Prints each game's tries and verdicts, and p50/p95/max over all.

With --key, the practice deck's tries instead (issue #41): the games are imported under the
player's key, and the tries go to the key's cards (`POST /api/practice/{card}/try`, the cards of
`GET /api/practice`), judged by the same judge at the same budget.

Standard library only: python3 server/bench/retry.py --base http://127.0.0.1:18183 \\
    --game server/bench/game-of-the-century.pgn:white --tries 60
"""

import argparse
import sys
import time

from jsonapi import request


def reviewed(base, pgn, color, timeout, key=None):
    """Imports `pgn` as `color` (under `key`, if given), resigns it if it is not over, and waits
    for its review."""
    status, created = request(base, "POST", "/api/games", {"color": color, "pgn": pgn}, token=key)
    if status != 201:
        sys.exit(f"could not import: {status} {created}")
    game_id, token = created["id"], created["token"]
    if created["game"]["status"] != "finished":
        request(base, "POST", f"/api/games/{game_id}/resign", token=token)
    status, analysis = request(base, "POST", f"/api/games/{game_id}/analysis", token=token)
    # This client's queued analyses are capped: wait for a place rather than give up.
    for _ in range(int(timeout // 10)):
        if status != 429:
            break
        time.sleep(10)
        status, analysis = request(base, "POST", f"/api/games/{game_id}/analysis", token=token)
    if status not in (200, 202):
        sys.exit(f"the review was refused: {status} {analysis}")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, analysis = request(base, "GET", f"/api/games/{game_id}/analysis")
        if analysis["status"] == "done":
            return game_id, token
        if analysis["status"] == "failed":
            sys.exit(f"the review of {game_id} failed")
        time.sleep(1)
    sys.exit(f"the review of {game_id} did not finish in {timeout} s")


def legal_moves(base, fen, turn):
    """The legal moves (UCI) at `fen`, from a game created there (then resigned)."""
    status, created = request(base, "POST", "/api/games", {"color": turn, "fen": fen})
    if status != 201:
        sys.exit(f"could not read the moves of {fen}: {status} {created}")
    request(base, "POST", f"/api/games/{created['id']}/resign", token=created["token"])
    return [move["uci"] for move in created["game"]["legal_moves"]]


def spread(moves, count, played):
    """Up to `count` of `moves`, evenly spread, with `played` among them."""
    step = max(1, -(-len(moves) // count))
    chosen = moves[::step]
    if played not in chosen:
        chosen.append(played)
    return chosen


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--game", action="append", required=True, help="PGN file:colour (repeatable)")
    parser.add_argument("--tries", type=int, default=60, help="tries at least, all games together")
    parser.add_argument("--per-mistake", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=900, help="seconds per review")
    parser.add_argument("--key", help="a player's key: time the practice deck's tries instead")
    args = parser.parse_args()

    plans = []
    for spec in args.game:
        path, color = spec.rsplit(":", 1)
        with open(path) as file:
            pgn = file.read()
        game_id, token = reviewed(args.base, pgn, color, args.timeout, args.key)
        if args.key:
            status, deck = request(args.base, "GET", "/api/practice", token=args.key)
            if status != 200:
                sys.exit(f"no practice deck: {status} {deck}")
            puzzles = [card for card in deck["cards"] if card["game_id"] == game_id]
            path_of = lambda card: f"/api/practice/{card['id']}/try"
        else:
            status, listed = request(args.base, "GET", f"/api/games/{game_id}/retry")
            if status != 200:
                sys.exit(f"no retry list: {status} {listed}")
            puzzles = listed["puzzles"]
            path_of = lambda puzzle, game_id=game_id: f"/api/games/{game_id}/retry/{puzzle['ply']}"
        tries = []
        for puzzle in puzzles:
            moves = legal_moves(args.base, puzzle["fen"], puzzle["turn"])
            for move in spread(moves, args.per_mistake, puzzle["played"]["uci"]):
                tries.append((path_of(puzzle), move))
        what = "cards" if args.key else "mistakes"
        print(f"{path} as {color}: {len(puzzles)} {what}, {len(tries)} tries a round")
        plans.append((path, game_id, args.key or token, tries))
    if not any(tries for _, _, _, tries in plans):
        sys.exit("no mistake to retry in these games")

    times, verdicts, rounds = [], {}, 0
    while len(times) < args.tries:
        rounds += 1
        for path, game_id, token, tries in plans:
            for try_path, move in tries:
                start = time.monotonic()
                status, answer = request(args.base, "POST", try_path, {"move": move}, token=token)
                elapsed = time.monotonic() - start
                if status != 200:
                    sys.exit(f"the try {move} at {try_path} failed: {status} {answer}")
                times.append(elapsed)
                verdicts[answer["verdict"]] = verdicts.get(answer["verdict"], 0) + 1
    print(
        f"{len(times)} tries in {rounds} round(s) (a round's second asks are answered from the cache): "
        f"p50 {percentile(times, 50):.3f} s, p95 {percentile(times, 95):.3f} s, max {max(times):.3f} s; "
        f"verdicts {verdicts}"
    )
    first = times[: sum(len(tries) for _, _, _, tries in plans)]
    print(
        f"first round only ({len(first)} tries, every one searched unless the best move or over): "
        f"p50 {percentile(first, 50):.3f} s, p95 {percentile(first, 95):.3f} s"
    )


if __name__ == "__main__":
    main()
