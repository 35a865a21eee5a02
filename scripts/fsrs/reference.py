"""Writes the FSRS reference fixture the practice scheduler is checked against
(`server/src/practice/fsrs.rs`, test `matches_the_reference_implementation`).

Run it with py-fsrs, the reference implementation (MIT), in a throwaway venv:

    python3 -m venv /work/venv-fsrs && /work/venv-fsrs/bin/pip install fsrs==6.3.2
    /work/venv-fsrs/bin/python scripts/fsrs/reference.py > server/tests/data/fsrs_reference.json

Each sequence is a run of grades (1 again, 2 hard, 3 good, 4 easy) given at generated times
(some before the card is due, some on time, some late); after each review the fixture keeps the
card as py-fsrs leaves it: state, step, stability, difficulty and due date (Unix seconds).
Fuzzing is off (it is random); every other setting is py-fsrs's default.
"""

import json
import random
from datetime import datetime, timedelta, timezone

import fsrs

SEQUENCES = 150
START = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)


def sequence(rng, scheduler):
    card = fsrs.Card(card_id=1, due=START)
    now = START
    reviews = []
    for _ in range(rng.randint(1, 12)):
        grade = rng.choice([1, 1, 2, 3, 3, 3, 4])
        # Review early, on time or late: the scheduler's answer depends on elapsed days.
        lateness = rng.choice([0.0, 0.0, 0.3, 1.0, 1.7, 3.0])
        wait = max(card.due - now, timedelta(0))
        seconds = int(wait.total_seconds() * lateness) + rng.randint(0, 20000)
        now = now + timedelta(seconds=seconds)
        card, _ = scheduler.review_card(card, fsrs.Rating(grade), review_datetime=now)
        reviews.append(
            {
                "grade": grade,
                "at": int(now.timestamp()),
                "state": card.state.name.lower(),
                "step": card.step,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "due": int(card.due.timestamp()),
            }
        )
    return reviews


def main():
    rng = random.Random(41)
    scheduler = fsrs.Scheduler(enable_fuzzing=False)
    fixture = {
        "generator": "py-fsrs 6.3.2, Scheduler(enable_fuzzing=False)",
        "sequences": [sequence(rng, scheduler) for _ in range(SEQUENCES)],
    }
    print(json.dumps(fixture, separators=(",", ":")))


if __name__ == "__main__":
    main()
