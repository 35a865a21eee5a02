"""A lichess client, unmodified, plays AlphaChess: berserk (PyPI, pinned in requirements.txt)
pointed at the real server binary with its base URL, the real Stockfish behind it.

Run by `./build.sh test` in a venv it creates (see test_lichess_client there):

    ALPHACHESS_SERVER_BIN=target/release/alphachess-server python berserk_session.py

It creates a timed game against the computer, streams it, plays moves, takes one back and offers
a draw; resigns a second game and aborts a third; follows all three on the event stream, and
asserts every NDJSON line berserk reads. The last line says PASS or FAIL.
"""

import os
import queue
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from datetime import datetime

import berserk
import requests

WAIT = 60  # seconds for any one expected line (the engine searches at depth 2)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(workdir):
    binary = os.environ.get("ALPHACHESS_SERVER_BIN", "target/release/alphachess-server")
    stockfish = os.environ.get("STOCKFISH", "/usr/games/stockfish")
    port = free_port()
    log = open(os.path.join(workdir, "server.log"), "w")
    server = subprocess.Popen(
        [binary, "--bind", f"127.0.0.1:{port}", "--stockfish", stockfish, "--depth", "2",
         "--db", os.path.join(workdir, "games.db"), "--static-dir", "/nonexistent"],
        stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if requests.get(f"{base}/api/ready", timeout=1).ok:
                return server, base
        except requests.RequestException:
            pass
        if server.poll() is not None:
            break
        time.sleep(0.1)
    server.kill()
    raise AssertionError(f"the server did not start; see {log.name}")


class Lines:
    """Reads one of berserk's stream generators on a thread; `next()` waits for a line."""

    END = object()

    def __init__(self, generator):
        self.lines = queue.Queue()

        def pump():
            try:
                for line in generator:
                    self.lines.put(line)
            except Exception as error:  # the stream broke: the test says so
                self.lines.put(error)
            self.lines.put(Lines.END)

        threading.Thread(target=pump, daemon=True).start()

    def next(self):
        line = self.lines.get(timeout=WAIT)
        if isinstance(line, Exception):
            raise line
        return line

    def until(self, accept, what):
        """The first line `accept` takes; lines before it are skipped."""
        while True:
            line = self.next()
            assert line is not Lines.END, f"the stream ended before {what}"
            if accept(line):
                return line

    def ended(self):
        assert self.next() is Lines.END, "the stream goes on after the game ended"


def millis(value):
    """berserk turns wtime/btime/winc/binc into datetimes; back to the milliseconds sent."""
    assert isinstance(value, datetime), value
    return round(value.timestamp() * 1000)


def check_state(state, moves, status="started"):
    assert state["type"] == "gameState", state
    assert state["moves"] == moves, (state["moves"], moves)
    assert state["status"] == status, state
    for side in ("wtime", "btime", "winc", "binc"):
        assert side in state, (side, state)


def legal_moves(base, game_id):
    """Our own API's extra: the legal moves, with the key as the game's token."""
    view = requests.get(f"{base}/api/v1/games/{game_id}", timeout=10).json()
    return [m["uci"] for m in view["legal_moves"]]


def session(base):
    key = secrets.token_urlsafe(32)
    client = berserk.Client(berserk.TokenSession(key), base_url=base)

    # Who am I: an id derived from the key.
    account = client.account.get()
    assert account["id"].startswith("player-") and account["username"] == account["id"], account

    # A short token is refused with lichess's error shape and a 401.
    weak = berserk.Client(berserk.TokenSession("tooshort"), base_url=base)
    try:
        weak.account.get()
        raise AssertionError("a short token was accepted")
    except berserk.exceptions.ResponseError as error:
        assert error.status_code == 401, error
        assert "22" in str(error), error

    # Other variants are refused clearly.
    try:
        client.challenges.create_ai(level=1, variant="chess960")
        raise AssertionError("chess960 was accepted")
    except berserk.exceptions.ResponseError as error:
        assert error.status_code == 400 and "only standard chess" in str(error), error

    events = Lines(client.board.stream_incoming_events())

    # Game 1: timed, white, level 1.
    created = client.challenges.create_ai(level=1, clock_limit=300, clock_increment=2,
                                          color="white")
    game = created["id"]
    assert created["player"] == "white" and created["status"]["name"] == "started", created
    assert created["speed"] == "blitz" and created["variant"]["key"] == "standard", created
    start = events.until(lambda e: e["type"] == "gameStart", "gameStart")
    assert start["game"]["gameId"] == game and start["game"]["opponent"]["ai"] == 1, start
    assert start["game"]["isMyTurn"] is True and start["game"]["color"] == "white", start

    stream = Lines(client.board.stream_game_state(game))
    full = stream.next()
    assert full["type"] == "gameFull", full
    assert full["id"] == game and full["initialFen"] == "startpos", full
    assert full["white"]["id"] == account["id"] and full["black"]["aiLevel"] == 1, full
    assert full["clock"] == {"initial": 300_000, "increment": 2_000}, full
    # A game from the standard position with no takeback or hint is rated (#38).
    assert full["speed"] == "blitz" and full["rated"] is True, full
    assert isinstance(full["createdAt"], datetime), full  # berserk converts it
    state = full["state"]
    check_state(state, "")
    assert (state["wtime"], state["btime"], state["winc"], state["binc"]) == \
        (300_000, 300_000, 2_000, 2_000), state

    client.board.make_move(game, "e2e4")
    check_state(stream.next(), "e2e4")
    reply = stream.next()
    moves = reply["moves"].split()
    assert len(moves) == 2 and moves[0] == "e2e4", reply
    check_state(reply, reply["moves"])
    assert millis(reply["winc"]) == 2_000 and 0 < millis(reply["btime"]) <= 302_000, reply

    second = legal_moves(base, game)[0]
    client.board.make_move(game, second)
    check_state(stream.next(), f"{reply['moves']} {second}")
    after = stream.next()
    assert len(after["moves"].split()) == 4, after

    # A takeback: the player's last move and the engine's reply.
    client.board.offer_takeback(game)
    check_state(stream.next(), reply["moves"])

    # A draw offer before each side made two moves: no offer is made (lila's `drawable`), the
    # answer is still ok, and the game goes on.
    client.board.offer_draw(game)
    view = requests.get(f"{base}/api/v1/games/{game}", timeout=10).json()
    assert view["status"] == "ongoing" and view["ply"] == 2, view

    # A bad move is lichess's 400 with an error sentence.
    try:
        client.board.make_move(game, "e2e5")
        raise AssertionError("an illegal move was accepted")
    except berserk.exceptions.ResponseError as error:
        assert error.status_code == 400, error

    # Game 2: black (the engine opens), resigned after two moves each (before, it would abort).
    second_game = client.challenges.create_ai(level=2, clock_limit=180, clock_increment=0,
                                              color="black")["id"]
    events.until(lambda e: e["type"] == "gameStart" and e["game"]["id"] == second_game,
                 "the second gameStart")
    stream2 = Lines(client.board.stream_game_state(second_game))
    full2 = stream2.next()
    assert full2["black"]["id"] == account["id"] and full2["white"]["aiLevel"] == 2, full2
    opening = full2["state"]["moves"]
    assert len(opening.split()) == 1, full2
    move = legal_moves(base, second_game)[0]
    client.board.make_move(second_game, move)
    check_state(stream2.next(), f"{opening} {move}")
    stream2.next()  # the engine's reply
    move = legal_moves(base, second_game)[0]
    client.board.make_move(second_game, move)
    stream2.next()  # the player's second move
    stream2.next()  # the engine's reply
    client.board.resign_game(second_game)
    resigned = stream2.until(lambda s: s["status"] != "started", "the resignation")
    assert resigned["status"] == "resign" and resigned["winner"] == "white", resigned
    stream2.ended()
    finish = events.until(lambda e: e["type"] == "gameFinish", "gameFinish")
    assert finish["game"]["id"] == second_game, finish
    assert finish["game"]["status"] == {"id": 31, "name": "resign"}, finish
    assert finish["game"]["winner"] == "white", finish

    # Game 3: untimed, aborted before the first move.
    third_game = client.challenges.create_ai(level=3, color="white")["id"]
    stream3 = Lines(client.board.stream_game_state(third_game))
    full3 = stream3.next()
    assert "clock" not in full3 and full3["speed"] == "correspondence", full3
    client.board.abort_game(third_game)
    aborted = stream3.next()
    check_state(aborted, "", status="aborted")
    stream3.ended()
    finish = events.until(lambda e: e["type"] == "gameFinish", "the abort's gameFinish")
    assert finish["game"]["id"] == third_game, finish
    assert finish["game"]["status"]["name"] == "aborted", finish

    # Reconnecting to game 1 mid-game: the full state again, with the running clocks.
    again = Lines(client.board.stream_game_state(game)).next()
    assert again["type"] == "gameFull" and again["state"]["moves"] == reply["moves"], again
    assert again["state"]["wtime"] <= 300_000 + 2_000, again

    # The key lists its games on our own API (any device with the key).
    listed = requests.get(f"{base}/api/v1/account/games",
                          headers={"Authorization": f"Bearer {key}"}, timeout=10).json()
    assert {g["id"] for g in listed["games"]} == {game, second_game, third_game}, listed


def main():
    workdir = tempfile.mkdtemp(prefix="alphachess-berserk-")
    server, base = start_server(workdir)
    try:
        session(base)
    except Exception:
        traceback.print_exc()
        print(f"server log: {workdir}/server.log")
        print("berserk session against AlphaChess: FAIL")
        return 1
    finally:
        server.terminate()
        server.wait(timeout=30)
    shutil.rmtree(workdir, ignore_errors=True)
    print(f"berserk {berserk.__version__ if hasattr(berserk, '__version__') else ''} "
          "session against AlphaChess: PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
