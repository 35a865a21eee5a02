//! The properties every parser must keep on any input, shared by the cargo-fuzz targets
//! (`engine/fuzz`) and the short random-bytes test (`engine/tests/fuzz_like.rs`): no panic, and
//! every value read writes back to text that reads to the same value.

use alphachess_engine::pgn::{
    read_game, read_tree, write_annotated, write_game, write_tree, PgnGame, Reader,
};
use alphachess_engine::{Position, SanPlus, UciMove, MAX_MOVES};

/// Positions the move parsers are resolved against: the start, Kiwipete both ways, promotions
/// with en passant, many queens and knights for disambiguation, and Chess960 castling (a
/// middlegame from the published table, both sides' rooks with inner rights, the rook on the
/// king's destination).
const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "r6k/1P3P2/8/3pP3/8/8/1p3p2/R6K w - d6 0 1",
    "Q6Q/8/1k6/8/4N1N1/8/8/Q3K2Q w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
];

fn positions() -> impl Iterator<Item = Position> {
    POSITIONS
        .iter()
        .map(|fen| Position::from_fen(fen).expect("valid check position"))
}

/// Any bytes as a FEN.
pub fn check_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let fen = pos.to_fen();
    let again = Position::from_fen_with_mode(&fen, pos.castling_mode())
        .unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(again.to_fen(), fen);
    assert_eq!(again, pos, "{fen}");
    assert_eq!(again.zobrist(), pos.zobrist(), "{fen}");
    // Shredder-FEN names the same rooks, so it reads back to the same position in Chess960.
    let shredder = pos.to_shredder_fen();
    let again = Position::from_fen(&shredder)
        .unwrap_or_else(|e| panic!("{shredder} does not read back: {e}"));
    assert!(
        again.is_chess960() || shredder.contains(" - "),
        "{shredder}"
    );
    assert_eq!(again.to_shredder_fen(), shredder);
    assert_eq!(again.zobrist(), pos.zobrist(), "{shredder}");
    // Whatever the position, playing its moves must not panic either.
    assert!(pos.count_legal_moves() <= MAX_MOVES, "{fen}");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal_moves(), "{fen}");
    for &m in moves.iter() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let _ = SanPlus::from_move(&pos, m);
    }
}

/// Any bytes as a UCI move.
pub fn check_uci(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(uci) = text.parse::<UciMove>() else {
        return;
    };
    let written = uci.to_string();
    assert_eq!(written.parse::<UciMove>(), Ok(uci), "{written}");
    for pos in positions() {
        if let Ok(m) = uci.to_move(&pos) {
            assert!(pos.is_legal(m), "{uci} in {pos}");
            assert_eq!(m.to_uci().to_move(&pos), Ok(m), "{uci} in {pos}");
            if let Some(castle) = pos.castling_squares(m) {
                // Both notations name the same castling.
                for to in [castle.king_to, castle.rook_from] {
                    let other = UciMove { to, ..m.to_uci() };
                    assert_eq!(other.to_move(&pos), Ok(m), "{other} in {pos}");
                }
            }
        }
    }
}

/// Any bytes as SAN.
pub fn check_san(data: &[u8]) {
    let Ok(san) = SanPlus::from_ascii(data) else {
        return;
    };
    let written = san.to_string();
    assert_eq!(written.parse::<SanPlus>(), Ok(san), "{written}");
    for pos in positions() {
        match san.to_move(&pos) {
            Ok(m) => {
                let canonical = SanPlus::from_move(&pos, m);
                assert_eq!(
                    canonical.to_move(&pos),
                    Ok(m),
                    "{san} -> {canonical} in {pos}"
                );
            }
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
}

/// Any bytes as a PGN file.
pub fn check_pgn(data: &[u8]) {
    for game in Reader::new(data) {
        let Ok(game) = game else {
            continue;
        };
        let written = write_game(&game.tags, &game.game);
        let again = read_game(&written)
            .unwrap_or_else(|e| panic!("a written game does not read back: {e}\n{written}"));
        assert_eq!(again.tags, game.tags, "{written}");
        assert_eq!(again.result, game.result, "{written}");
        assert_eq!(again.game.moves(), game.game.moves(), "{written}");
        assert_eq!(
            again.game.initial_position().to_fen(),
            game.game.initial_position().to_fen(),
            "{written}"
        );
        assert_eq!(write_game(&again.tags, &again.game), written);
        check_annotated_round_trip(&game);
    }
    check_tree_round_trip(data);
}

/// The first game read with its variations writes back to text that reads to the same tree
/// and writes again to the same bytes; its main line is the game `read_game` reads.
fn check_tree_round_trip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(read) = read_tree(text) else {
        return;
    };
    let game = read_game(text).expect("a game read with its variations reads without them");
    let main = read
        .tree
        .to_game()
        .expect("the main line was read as a game");
    assert_eq!(main.moves(), game.game.moves());
    let written = write_tree(&read.tags, &read.tree);
    let again = read_tree(&written)
        .unwrap_or_else(|e| panic!("a written tree does not read back: {e}\n{written}"));
    assert_eq!(again, read, "{written}");
    assert_eq!(write_tree(&again.tags, &again.tree), written);
}

/// What is read with its annotations writes back to text that reads to the same moves and
/// annotations, and writes again to the same bytes.
fn check_annotated_round_trip(game: &PgnGame) {
    assert_eq!(game.annotations.moves.len(), game.game.ply());
    let written = write_annotated(&game.tags, &game.game, &game.annotations);
    let again = read_game(&written)
        .unwrap_or_else(|e| panic!("an annotated game does not read back: {e}\n{written}"));
    assert_eq!(again.game.moves(), game.game.moves(), "{written}");
    assert_eq!(again.annotations, game.annotations, "{written}");
    assert_eq!(
        write_annotated(&again.tags, &again.game, &again.annotations),
        written
    );
}
