#!/usr/bin/env python3
"""Compares the judgments of two final reviews of the same game (issue #38: the review's budget).

Reads two analyses saved by `server/bench/analysis.py --save` (or `review70.sh --save`), e.g. one at
the default budget and one at another, and prints, over the plies both judged: how many got another
class, how many another best move, and how far their expected points lost lie apart (p50, p90,
max). Run it on two reviews at the same budget too: the engines' hashes differ from run to run, so
that pair is the noise a budget change has to be compared with.

Standard library only:
python3 server/bench/review_agreement.py /tmp/1m-a.json /tmp/1m-b.json
"""

import argparse
import json


def judged(path):
    """The final plies of a saved analysis, by ply number."""
    with open(path, encoding="utf-8") as file:
        analysis = json.load(file)
    return {ply["ply"]: ply for ply in analysis["plies"] if not ply["provisional"]}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    args = parser.parse_args()
    first, second = judged(args.first), judged(args.second)
    plies = sorted(set(first) & set(second))
    classes = [(n, first[n].get("class"), second[n].get("class")) for n in plies]
    other_class = [(n, a, b) for n, a, b in classes if a != b]
    best = [n for n in plies if (first[n].get("best") or {}).get("san") != (second[n].get("best") or {}).get("san")]
    lost = [
        abs(first[n]["points_lost"] - second[n]["points_lost"])
        for n in plies
        if first[n].get("points_lost") is not None and second[n].get("points_lost") is not None
    ]
    print(f"{len(plies)} plies judged by both")
    print(f"another class: {len(other_class)}" + "".join(f"\n  ply {n}: {a} / {b}" for n, a, b in other_class))
    print(f"another best move: {len(best)}")
    if lost:
        print(
            f"expected points lost, difference: p50 {percentile(lost, 0.5):.3f}, "
            f"p90 {percentile(lost, 0.9):.3f}, max {max(lost):.3f} ({len(lost)} plies)"
        )


if __name__ == "__main__":
    main()
