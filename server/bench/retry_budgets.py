#!/usr/bin/env python3
"""How a retry try's verdict moves with the search budget (issue #43): the evidence behind
`server/src/games/service/retry_search.rs`'s quick and deciding shares.

On a running alphachess-server (loopback only), imports each --game as server/bench/retry.py does,
has it reviewed, and takes the same tries (at every mistake, up to --per-mistake legal moves spread
over them). Each try's position is then searched by Stockfish processes of this script's own, as
the server would: one engine, hash kept, at --quick then --deciding nodes (the server's two
searches); the same engine, fresh, at 1/8, 1/4, 1/2 and the whole of --full in turn (each starting
from the hash of the ones before); and a second engine, fresh, at --full (the reference). Prints, for each, how far the try's loss (expected points, as the
server's judge counts it) lies from the reference's, how many tries the quick search settles
with --settled centipawns, and every verdict that differs from the reference's by more than
--excused from a threshold.

Standard library only: python3 server/bench/retry_budgets.py --base http://127.0.0.1:18183 \\
    --game server/bench/game-of-the-century.pgn:white --game opera.pgn:black
"""

import argparse
import math
import subprocess

import retry

SOLVED, NOT_QUITE = 0.02, 0.10  # server/src/analysis/retry.rs
MULTIPLIER = 0.00368208  # server/src/analysis/chances.rs


class Engine:
    """A Stockfish process as the server's pool sets it up (one thread, 16 MiB of hash)."""

    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("stockfish quit")
            if line.startswith(prefix):
                return line

    def fresh(self):
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok")

    def score(self, fen, move, nodes):
        """The last score (side to move after `move`): ("cp", n) or ("mate", n)."""
        self.send(f"position fen {fen} moves {move}")
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            words = self.until("").split()
            if words[0] == "bestmove":
                return score
            if words[0] == "info" and "score" in words:
                at = words.index("score")
                score = (words[at + 1], int(words[at + 2]))


def expected_points(side):
    """The mover's expected points for a side's evaluation: ("cp", n), "mating" or "mated"."""
    if side == "mating":
        return 1.0
    if side == "mated":
        return 0.0
    return 1 / (1 + math.exp(-MULTIPLIER * side[1]))


def mover_side_of_white_eval(evaluation, mover_is_white):
    if evaluation.get("cp") is not None:
        return ("cp", evaluation["cp"] if mover_is_white else -evaluation["cp"])
    return "mating" if (evaluation["mate"] > 0) == mover_is_white else "mated"


def mover_side_of_reply_score(score):
    kind, value = score
    if kind == "cp":
        return ("cp", -value)
    return "mated" if value > 0 else "mating"


def verdict(loss):
    return "solved" if loss <= SOLVED else "not quite" if loss <= NOT_QUITE else "wrong"


def loss_of(before, score):
    after = mover_side_of_reply_score(score)
    if before == "mating" and after == "mating":
        return 0.0
    return max(0.0, expected_points(before) - expected_points(after))


def settled(before, score, margin):
    """server/src/games/service/retry_search.rs's rule."""
    if score[0] == "mate":
        return True
    if before == "mating":
        return False
    here = verdict(loss_of(before, score))
    return all(verdict(loss_of(before, ("cp", score[1] + m))) == here for m in (-margin, margin))


def percentiles(values):
    ordered = sorted(values)
    pick = lambda p: ordered[min(len(ordered) - 1, int(p * len(ordered)))]
    return f"p50 {pick(0.5):.3f}, p90 {pick(0.9):.3f}, max {ordered[-1]:.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--game", action="append", required=True, help="PGN file:colour (repeatable)")
    parser.add_argument("--per-mistake", type=int, default=10)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--full", type=int, default=600_000, help="the review's budget")
    parser.add_argument("--quick", type=int, default=60_000)
    parser.add_argument("--deciding", type=int, default=180_000)
    parser.add_argument("--settled", type=int, default=60, help="the quick search's margin (cp)")
    parser.add_argument("--excused", type=float, default=0.03)
    parser.add_argument("--timeout", type=float, default=900, help="seconds per review")
    parser.add_argument("--no-series", action="store_true", help="skip the 1/8 to 1 budgets")
    args = parser.parse_args()

    served, reference = Engine(args.stockfish), Engine(args.stockfish)
    budgets = [args.full // 8, args.full // 4, args.full // 2, args.full]
    losses = {name: [] for name in ["served"] + [f"{n:,} in turn" for n in budgets]}
    quick_settled, differing, tries = 0, [], 0
    for spec in args.game:
        path, color = spec.rsplit(":", 1)
        with open(path) as file:
            game_id, _ = retry.reviewed(args.base, file.read(), color, args.timeout)
        _, review = retry.request(args.base, "GET", f"/api/games/{game_id}/analysis")
        _, listed = retry.request(args.base, "GET", f"/api/games/{game_id}/retry")
        plies = review["plies"]
        for puzzle in listed["puzzles"]:
            ply, fen = puzzle["ply"], puzzle["fen"]
            before = mover_side_of_white_eval(plies[ply - 2]["eval"], puzzle["turn"] == "white")
            known = {plies[ply - 1]["best"]["uci"], puzzle["played"]["uci"]}
            moves = retry.legal_moves(args.base, fen, puzzle["turn"])
            for move in retry.spread(moves, args.per_mistake, puzzle["played"]["uci"]):
                if move in known:
                    continue  # the review's own values: no search
                reference.fresh()
                truth = loss_of(before, reference.score(fen, move, args.full))
                served.fresh()
                quick = served.score(fen, move, args.quick)
                if settled(before, quick, args.settled):
                    quick_settled += 1
                    got = loss_of(before, quick)
                else:
                    got = loss_of(before, served.score(fen, move, args.deciding))
                tries += 1
                losses["served"].append(abs(got - truth))
                if verdict(got) != verdict(truth) and min(abs(truth - SOLVED), abs(truth - NOT_QUITE)) > args.excused:
                    differing.append(f"ply {ply} {move}: served {got:.3f}, a full search {truth:.3f}")
                if args.no_series:
                    continue
                served.fresh()
                for nodes in budgets:
                    losses[f"{nodes:,} in turn"].append(abs(loss_of(before, served.score(fen, move, nodes)) - truth))
    print(f"{tries} searched tries; the quick search ({args.quick:,} nodes, {args.settled} cp) settled {quick_settled}")
    print(f"a try's loss (expected points) against a fresh {args.full:,}-node search's:")
    for name, values in losses.items():
        if values:
            print(f"  {name}: {percentiles(values)}")
    print(f"verdicts reversed by more than {args.excused} from a threshold: {len(differing)}")
    for line in differing:
        print(f"  {line}")


if __name__ == "__main__":
    main()
