//! Chess960: perft against the published table of 960 positions (chessprogramming.org's
//! "Chess960 Perft Results", Reinhard Scharnagl's positions, as in Ethereal's `fischer.epd`),
//! castling corner cases against Stockfish 17's `go perft` under `UCI_Chess960`, the start
//! positions by number, X-FEN and Shredder-FEN, UCI and SAN castling, and PGN.

use alphachess_engine::pgn::{read_game, write_game, Tags};
use alphachess_engine::{
    perft, perft_divide, CastlingMode, FenError, Game, Position, SanPlus, UciMove, STARTPOS_FEN,
};

/// The published table: a FEN and its counts at depths 1 to 6, one position per line.
const TABLE: &str = include_str!("data/chess960-perft.epd");

/// (FEN, depth, leaf count) for positions with a castling subtlety. The counts are Stockfish's
/// `go perft` with `setoption name UCI_Chess960 value true` on this machine, move by move
/// (`perft --chess960 --divide` printed the same lines, king-takes-rook included).
const TRICKY: [(&str, &str, u32, u64); 10] = [
    (
        "the castling rook on b1 shields the king from the queen on a1: no O-O-O",
        "4k3/8/8/8/8/8/8/qRK5 w B - 0 1",
        4,
        19_079,
    ),
    (
        "the king already on g1, rooks on a1 and h1",
        "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
        4,
        16_219,
    ),
    (
        "the rook already on f1, between the king and g1",
        "4k3/8/8/8/8/8/8/4KR2 w F - 0 1",
        4,
        4_432,
    ),
    (
        "king b1, the king-side rook on c1 in the king's path",
        "4k3/8/8/8/8/8/8/1KR5 w C - 0 1",
        4,
        7_087,
    ),
    (
        "king d1, rook c1: castling swaps them",
        "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
        4,
        6_173,
    ),
    (
        "castling through the f1 square a rook attacks",
        "4k3/8/8/8/8/8/5r2/1K5R w H - 0 1",
        4,
        50_941,
    ),
    (
        "king b1 and rook a1 with an enemy rook on the a-file",
        "r3k3/8/8/8/8/8/8/RK6 w A - 0 1",
        4,
        27_549,
    ),
    (
        "both sides with rooks on both wings of a b/g king",
        "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
        4,
        242_723,
    ),
    (
        "standard rights with rooks that block the other side",
        "2r1kr2/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        4,
        282_803,
    ),
    (
        "both kings on g with rooks f and h",
        "rkr5/8/8/8/8/8/8/5RKR w KQkq - 0 1",
        4,
        231_403,
    ),
];

/// The table's lines as (FEN, counts from depth 1).
fn table() -> impl Iterator<Item = (&'static str, Vec<u64>)> {
    TABLE
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().expect("a FEN").trim();
            let counts = parts
                .map(|part| {
                    let count = part.split_whitespace().nth(1).expect("a count");
                    count.parse().expect("a number")
                })
                .collect();
            (fen, counts)
        })
}

/// Every table position to `max_depth`.
fn check_table(max_depth: usize) {
    let mut checked = 0;
    for (fen, counts) in table() {
        let pos = Position::from_fen(fen).expect("the table's FENs are valid");
        assert!(pos.is_chess960() || fen.contains(" - "), "{fen}");
        for (depth, &expected) in counts.iter().enumerate().take(max_depth) {
            let depth = depth as u32 + 1;
            assert_eq!(perft(&pos, depth), expected, "depth {depth}: {fen}");
        }
        checked += 1;
    }
    assert_eq!(checked, 960);
}

#[test]
fn the_960_published_positions_match_to_depth_2() {
    check_table(2);
}

#[test]
#[ignore = "depth 4 of all 960 positions: run in release with --include-ignored"]
fn the_960_published_positions_match_to_depth_4() {
    check_table(4);
}

#[test]
fn castling_corner_cases_match_stockfish() {
    for (why, fen, depth, expected) in TRICKY {
        let pos = Position::from_fen(fen).expect("valid");
        assert_eq!(perft(&pos, depth), expected, "{why}: {fen}");
    }
}

/// The castling moves of `fen`, in UCI.
fn castlings(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).expect("valid");
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn a_castling_rook_that_shields_its_king_cannot_castle() {
    assert!(castlings("4k3/8/8/8/8/8/8/qRK5 w B - 0 1").is_empty());
    // Without the queen the same castling is legal: the king stays, the rook goes to d1.
    assert_eq!(castlings("4k3/8/8/8/8/8/8/1RK5 w B - 0 1"), ["c1b1"]);
}

#[test]
fn castling_is_written_king_takes_rook_in_chess960_and_king_two_squares_in_standard() {
    assert_eq!(
        castlings("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"),
        ["b1a1", "b1h1"]
    );
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(castlings(kiwipete), ["e1c1", "e1g1"]);
    let pos = Position::from_fen_with_mode(kiwipete, CastlingMode::Chess960).expect("valid");
    let mut in_960: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| m.to_string())
        .collect();
    in_960.sort();
    assert_eq!(in_960, ["e1a1", "e1h1"]);
}

#[test]
fn castling_moves_king_and_rook_to_the_g_or_c_and_f_or_d_files() {
    let cases = [
        // (FEN, castling in UCI, FEN after)
        (
            "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
            "d1c1",
            "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
        ),
        (
            "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
            "g1h1",
            "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1",
        ),
        (
            "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
            "g1a1",
            "4k3/8/8/8/8/8/8/2KR3R b - - 1 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4KR2 w F - 0 1",
            "e1f1",
            "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
        ),
    ];
    for (fen, uci, after) in cases {
        let mut pos = Position::from_fen(fen).expect("valid");
        let m = uci
            .parse::<UciMove>()
            .expect("syntax")
            .to_move(&pos)
            .expect("legal");
        assert!(m.is_castle(), "{uci} in {fen}");
        pos.play(m).expect("legal");
        assert_eq!(pos.to_fen(), after, "{uci} in {fen}");
        let fresh = Position::from_fen(after).expect("valid");
        assert_eq!(
            pos.zobrist(),
            fresh.zobrist(),
            "incremental key: {uci} in {fen}"
        );
    }
}

#[test]
fn a_castling_is_accepted_as_king_takes_rook_and_as_the_kings_destination() {
    let pos = Position::from_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1").expect("valid");
    for (text, expected) in [
        ("b1h1", "b1h1"),
        ("b1g1", "b1h1"),
        ("b1a1", "b1a1"),
        ("b1c1", "b1c1"),
    ] {
        let m = text
            .parse::<UciMove>()
            .expect("syntax")
            .to_move(&pos)
            .expect("legal");
        assert_eq!(m.to_string(), expected, "{text}");
    }
    // b1c1 is a plain king step here, not O-O-O: a legal plain move keeps its meaning.
    let step = "b1c1"
        .parse::<UciMove>()
        .expect("syntax")
        .to_move(&pos)
        .expect("legal");
    assert!(!step.is_castle());
    // Standard chess tolerates e1h1 for e1g1.
    let kiwipete = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
    let m = "e1h1"
        .parse::<UciMove>()
        .expect("syntax")
        .to_move(&kiwipete)
        .expect("legal");
    assert_eq!(m.to_string(), "e1g1");
}

#[test]
fn san_castling_reads_and_writes_o_o_in_chess960() {
    let pos = Position::from_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1").expect("valid");
    for (san, uci) in [("O-O", "b1h1"), ("O-O-O", "b1a1"), ("0-0", "b1h1")] {
        let m = san
            .parse::<SanPlus>()
            .expect("syntax")
            .to_move(&pos)
            .expect("legal");
        assert_eq!(m.to_string(), uci, "{san}");
        let written = SanPlus::from_move(&pos, m).to_string();
        assert!(written.starts_with("O-O"), "{written}");
    }
    // Coordinates in SAN's place: king onto its rook, or onto its destination.
    for (text, uci) in [("b1h1", "b1h1"), ("b1g1", "b1h1"), ("b1a1", "b1a1")] {
        let m = text
            .parse::<SanPlus>()
            .expect("syntax")
            .to_move(&pos)
            .expect("legal");
        assert_eq!(m.to_string(), uci, "{text}");
    }
}

#[test]
fn start_positions_by_number_follow_scharnagl() {
    let expected = [
        (0, "bbqnnrkr"),
        (1, "bqnbnrkr"),
        (518, "rnbqkbnr"),
        (959, "rkrnnqbb"),
        (21, "nqbbnrkr"),
    ];
    for (number, rank) in expected {
        let pos = Position::chess960(number).expect("in range");
        assert!(pos.to_fen().starts_with(rank), "{number}: {}", pos.to_fen());
        assert!(pos.is_chess960());
        assert_eq!(pos.chess960_number(), Some(number));
    }
    assert_eq!(
        Position::chess960(518).expect("in range").to_fen(),
        STARTPOS_FEN
    );
    assert_eq!(Position::startpos().chess960_number(), Some(518));
    assert!(Position::chess960(960).is_err());
    let all: std::collections::HashSet<String> = (0..960)
        .map(|n| Position::chess960(n).expect("in range").to_fen())
        .collect();
    assert_eq!(all.len(), 960, "960 distinct setups");
    for number in 0..960 {
        let pos = Position::chess960(number).expect("in range");
        assert_eq!(pos.chess960_number(), Some(number));
    }
    let moved = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        .expect("valid");
    assert_eq!(moved.chess960_number(), None);
}

#[test]
fn x_fen_and_shredder_fen_read_and_write_the_same_rights() {
    let cases = [
        // (input, X-FEN out, Shredder-FEN out)
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ),
        (
            // The f1 rook holds the right although h1 has a rook farther out: X-FEN names it.
            "4k3/8/8/8/8/8/8/4KR1R w F - 0 1",
            "4k3/8/8/8/8/8/8/4KR1R w F - 0 1",
            "4k3/8/8/8/8/8/8/4KR1R w F - 0 1",
        ),
        (
            "2r1kr2/8/8/8/8/8/8/R3KR1R w FAfc - 0 1",
            "2r1kr2/8/8/8/8/8/8/R3KR1R w FQkq - 0 1",
            "2r1kr2/8/8/8/8/8/8/R3KR1R w FAfc - 0 1",
        ),
        (
            STARTPOS_FEN,
            STARTPOS_FEN,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        ),
    ];
    for (input, xfen, shredder) in cases {
        let pos = Position::from_fen(input).expect("valid");
        assert_eq!(pos.to_xfen(), xfen, "{input}");
        assert_eq!(pos.to_shredder_fen(), shredder, "{input}");
        for text in [xfen, shredder] {
            let again = Position::from_fen(text).expect("valid");
            assert_eq!(again.to_shredder_fen(), shredder, "{text}");
            assert_eq!(again.zobrist(), pos.zobrist(), "{text}");
        }
    }
    // Shredder letters put even the standard setup in Chess960 mode; KQkq does not.
    assert!(
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
            .expect("valid")
            .is_chess960()
    );
    assert!(!Position::startpos().is_chess960());
}

#[test]
fn standard_mode_is_refused_for_rights_only_chess960_has() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(
        Position::from_fen_with_mode(fen, CastlingMode::Standard),
        Err(FenError::NeedsChess960)
    );
    // Without rights the same board is fine in standard mode.
    let no_rights = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 9";
    assert!(Position::from_fen_with_mode(no_rights, CastlingMode::Standard).is_ok());
}

#[test]
fn standard_positions_keep_their_polyglot_keys_and_chess960_rook_files_hash_apart() {
    assert_eq!(Position::startpos().zobrist(), 0x463b_9618_1691_fc9c);
    let in_960 = Position::from_fen_with_mode(STARTPOS_FEN, CastlingMode::Chess960).expect("valid");
    assert_eq!(in_960.zobrist(), 0x463b_9618_1691_fc9c);
    // Same board, the king-side right with the f1 rook or with the h1 rook.
    let inner = Position::from_fen("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").expect("valid");
    let outer = Position::from_fen("4k3/8/8/8/8/8/8/4KR1R w H - 0 1").expect("valid");
    assert_ne!(inner.zobrist(), outer.zobrist());
    assert_ne!(inner, outer);
}

#[test]
fn losing_a_right_by_moving_or_losing_its_rook_keeps_the_key_incremental() {
    let start = Position::from_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1").expect("valid");
    for (uci, rights) in [("h1h8", "Aa"), ("a1a2", "Hha"), ("b1c2", "ha")] {
        let mut pos = start.clone();
        let m = uci
            .parse::<UciMove>()
            .expect("syntax")
            .to_move(&pos)
            .expect("legal");
        pos.play(m).expect("legal");
        let field = pos.to_shredder_fen();
        assert_eq!(field.split(' ').nth(2), Some(rights), "{uci}: {field}");
        assert_eq!(
            pos.zobrist(),
            Position::from_fen(&field).expect("valid").zobrist()
        );
    }
}

#[test]
fn perft_divide_prints_king_takes_rook_like_stockfish() {
    // Stockfish with UCI_Chess960 prints "b1h1: 1" and "b1a1: 1" for the castlings here.
    let pos = Position::from_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1").expect("valid");
    let lines: Vec<String> = perft_divide(&pos, 1)
        .iter()
        .map(|(m, n)| format!("{m}: {n}"))
        .collect();
    assert!(lines.contains(&"b1h1: 1".to_string()), "{lines:?}");
    assert!(lines.contains(&"b1a1: 1".to_string()), "{lines:?}");
}

#[test]
fn a_chess960_game_writes_and_reads_back_as_pgn_with_its_variant_and_fen() {
    let start = Position::chess960(0).expect("in range");
    let moves = [
        "Ne3", "Ne6", "Nd3", "Nd6", "c3", "c6", "Qc2", "Qc7", "O-O-O", "O-O-O",
    ];
    let game = Game::from_san_moves(start.clone(), moves).expect("legal");
    let pgn = write_game(&Tags::new(), &game);
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(
        pgn.contains(&format!("[FEN \"{}\"]", start.to_fen())),
        "{pgn}"
    );
    assert!(pgn.contains("5. O-O-O O-O-O"), "{pgn}");
    assert_eq!(
        game.position().to_shredder_fen(),
        "bbkr3r/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BBKR3R w - - 4 6"
    );
    let again = read_game(&pgn).expect("reads back");
    assert_eq!(again.game.moves(), game.moves());
    assert!(again.game.initial_position().is_chess960());
    assert_eq!(again.game.position(), game.position());
    // Setup 518 in a Chess960 game still writes its variant and FEN, so the mode survives.
    let game = Game::new(Position::chess960(518).expect("in range"));
    let pgn = write_game(&Tags::new(), &game);
    assert!(
        pgn.contains("[Variant \"Chess960\"]") && pgn.contains("[FEN"),
        "{pgn}"
    );
    assert!(read_game(&pgn)
        .expect("reads")
        .game
        .initial_position()
        .is_chess960());
}

#[test]
fn the_readme_example_castles_as_it_says() {
    let mut pos =
        Position::from_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1").expect("valid");
    let castle = "b1h1"
        .parse::<UciMove>()
        .expect("syntax")
        .to_move(&pos)
        .expect("legal");
    assert_eq!(SanPlus::from_move(&pos, castle).to_string(), "O-O");
    pos.play(castle).expect("legal");
    assert_eq!(
        pos.to_shredder_fen(),
        "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1"
    );
}

#[test]
fn a_position_stays_under_100_bytes_with_its_castling_rooks() {
    // Copy-make copies it per move: the castling rooks, mode and touch mask cost 8 bytes.
    assert!(std::mem::size_of::<Position>() <= 96);
}

/// Issue #42, L6: rights no start position gives are refused, with the reason: a king on the
/// a- or h-file castling (every start has the king between its rooks). Stockfish's corner cases
/// (rights from rooks on other files than the other side's) stay accepted (`TRICKY`).
#[test]
fn castling_rights_no_start_position_gives_are_refused() {
    let refused = [
        // The king on a1 with a king-side rook on b1 (Shredder-FEN and X-FEN).
        "4k3/8/8/8/8/8/8/KR6 w B - 0 1",
        "4k3/8/8/8/8/8/8/KR6 w K - 0 1",
        // The king on h8 with a queen-side rook on a8.
        "r6k/8/8/8/8/8/8/4K3 b a - 0 1",
        "r6k/8/8/8/8/8/8/4K3 b q - 0 1",
    ];
    for fen in refused {
        assert_eq!(
            Position::from_fen(fen),
            Err(FenError::ImpossibleCastlingRights),
            "{fen}"
        );
    }
    assert!(FenError::ImpossibleCastlingRights
        .to_string()
        .contains("no start position"));
    let kept = [
        // The king on b1 and g1: a rook may stand beyond it.
        "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
        "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
        // The same boards without rights: a king may walk to the edge.
        "4k3/8/8/8/8/8/8/KR6 w - - 0 1",
        STARTPOS_FEN,
    ];
    for fen in kept {
        assert!(Position::from_fen(fen).is_ok(), "{fen}");
    }
}
