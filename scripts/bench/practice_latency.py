"""Measures the latency of `POST /api/practice/{card}/try` (issue #41) on a running server.

    alphachess-server --db :memory: --bind 127.0.0.1:8099 &
    python3 scripts/bench/practice_latency.py http://127.0.0.1:8099 40

Makes one reviewed game under a fresh key (black plays 3... Nf6?? in the Scholar's mate from a
FEN, then resigns or is mated), waits for its review at the server's own budget, then sends
`tries` wrong moves (each one searched by the engine; the best move is answered without a
search and is left out) one after another, and prints p50/p95/max in seconds. Standard library
only.
"""

import json
import secrets
import sys
import time
import urllib.parse
import urllib.request

SCHOLARS = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
# Black's legal moves there, but g6 (the engine's), Nf6 (the move played) and the king's.
TRIES = ["a7a6", "a7a5", "b7b6", "b7b5", "d7d6", "d7d5", "h7h6", "g8h6", "g8e7",
         "f8e7", "f8d6", "f8c5", "f8b4", "f8a3", "d8e7", "d8f6", "d8g5", "d8h4", "c6d4",
         "c6b4", "c6a5", "c6b8", "c6e7", "a8b8", "g7g5"]


def call(base, method, path, key, body=None, form=None):
    data, headers = None, {"Authorization": f"Bearer {key}"}
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=300) as response:
        text = response.read()
        return json.loads(text) if text else None


def reviewed_card(base, key):
    game = call(base, "POST", "/api/challenge/ai", key,
                form={"level": "8", "color": "black", "fen": SCHOLARS})["id"]
    call(base, "POST", f"/api/board/game/{game}/move/g8f6", key)
    for _ in range(3000):
        view = call(base, "GET", f"/api/games/{game}", key)
        if view["status"] != "ongoing":
            break
        if view["ply"] == 2:
            call(base, "POST", f"/api/board/game/{game}/resign", key)
            break
        time.sleep(0.01)
    call(base, "POST", f"/api/games/{game}/analysis", key)
    while call(base, "GET", f"/api/games/{game}/analysis", key)["status"] != "done":
        time.sleep(0.1)
    return f"{game}-1"


def main():
    base, count = sys.argv[1], int(sys.argv[2])
    key = secrets.token_urlsafe(32)
    card = reviewed_card(base, key)
    times = []
    for i in range(count):
        started = time.perf_counter()
        call(base, "POST", f"/api/practice/{card}/try", key, body={"move": TRIES[i % len(TRIES)]})
        times.append(time.perf_counter() - started)
    times.sort()
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
    print(f"{count} tries: p50 {pick(0.5):.3f} s, p95 {pick(0.95):.3f} s, max {times[-1]:.3f} s")


if __name__ == "__main__":
    main()
