//! Polyglot Zobrist keys: the published test vectors, and incremental keys equal to keys
//! computed from scratch after every move of many games.

use alphachess_engine::{Position, UciMove};

/// The Polyglot book format's published test vectors: moves from the start position, the FEN
/// reached and its key. (The published page drops White's f2 pawn from the last two FENs; the
/// moves and keys are as published, the FENs here are what the moves reach.)
const VECTORS: [(&str, &str, u64); 9] = [
    (
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        0x463b96181691fc9c,
    ),
    (
        "e2e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        0x823c9b50fd114196,
    ),
    (
        "e2e4 d7d5",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        0x0756b94461c50fb0,
    ),
    (
        "e2e4 d7d5 e4e5",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        0x662fafb965db29d4,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        0x22a48b5a8e47ff78,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5 e1e2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3",
        0x652a607ca3f242c1,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
        "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4",
        0x00fdd303c946bdd9,
    ),
    (
        "a2a4 b7b5 h2h4 b5b4 c2c4",
        "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
        0x3c8123ea7b067637,
    ),
    (
        "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
        "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4",
        0x5c3f9b829b279560,
    ),
];

#[test]
fn every_published_polyglot_vector_matches_when_played_and_when_parsed() {
    for (line, (moves, fen, key)) in VECTORS.iter().enumerate() {
        let mut pos = Position::startpos();
        for text in moves.split_whitespace() {
            let uci: UciMove = text.parse().expect("vector moves are uci");
            let m = uci.to_move(&pos).expect("vector moves are legal");
            pos.play(m).expect("legal");
        }
        assert_eq!(pos.to_fen(), *fen, "vector {line}: fen after {moves:?}");
        assert_eq!(
            pos.zobrist(),
            *key,
            "vector {line}: incremental key after {moves:?}"
        );
        let parsed = Position::from_fen(fen).expect("vector fens are valid");
        assert_eq!(parsed.zobrist(), *key, "vector {line}: key of parsed {fen}");
    }
}

mod common;

#[test]
fn incremental_key_equals_key_from_scratch_after_every_move_of_many_random_games() {
    let mut rng = common::Rng::new(0x5eed_2026);
    let mut moves_checked = 0;
    for game in 0..300 {
        let start = Position::from_fen(common::STARTS[game % common::STARTS.len()]).expect("valid");
        common::random_game(&start, 200, &mut rng, |before, m, after| {
            let fen = after.to_fen();
            let scratch = Position::from_fen(&fen).expect("reached positions are valid");
            assert_eq!(
                after.zobrist(),
                scratch.zobrist(),
                "game {game}: after {m} from {before}: {fen}"
            );
            moves_checked += 1;
        });
    }
    assert!(moves_checked > 20_000, "only {moves_checked} moves checked");
}

#[test]
fn keys_differ_by_side_to_move_castling_and_capturable_en_passant() {
    let key = |fen: &str| Position::from_fen(fen).expect("valid").zobrist();
    let base = "4k3/8/8/8/3pP3/8/8/R3K2R b KQ e3 0 1";
    assert_ne!(key(base), key("4k3/8/8/8/3pP3/8/8/R3K2R w KQ - 0 1"));
    assert_ne!(key(base), key("4k3/8/8/8/3pP3/8/8/R3K2R b K e3 0 1"));
    assert_ne!(key(base), key("4k3/8/8/8/3pP3/8/8/R3K2R b KQ - 0 1"));
    // No black pawn beside the pushed pawn: Polyglot does not hash the en-passant square.
    assert_eq!(
        key("4k3/8/8/8/4P3/8/8/R3K2R b KQ e3 0 1"),
        key("4k3/8/8/8/4P3/8/8/R3K2R b KQ - 0 1")
    );
}
