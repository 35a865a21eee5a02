//! Perft on the six standard positions of the chessprogramming wiki's perft page, and on the
//! 256-position suite. Shallow depths run in the default (debug) test run; the full published
//! depths are `#[ignore]`d and run in release by `./build.sh test` with `--include-ignored`.

use alphachess_engine::{perft, perft_divide, Position};

/// (name, FEN, node counts from depth 1 upwards) as published.
const POSITIONS: [(&str, &str, &[u64]); 6] = [
    (
        "start position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    ),
    (
        "kiwipete (position 2)",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594, 164_075_551, 6_923_051_137],
    ),
];

/// Checks every standard position at every depth up to `max_depth` (or all published depths).
fn check_standard_positions(max_depth: Option<usize>) {
    for (name, fen, counts) in POSITIONS {
        let pos = Position::from_fen(fen).expect("the standard FENs are valid");
        let depths = max_depth.map_or(counts.len(), |max| max.min(counts.len()));
        for (depth, &expected) in counts.iter().enumerate().take(depths) {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(&pos, depth),
                expected,
                "{name} at depth {depth}: {fen}"
            );
        }
    }
}

#[test]
fn standard_positions_match_the_published_counts_to_depth_3() {
    check_standard_positions(Some(3));
}

#[test]
#[ignore = "full published depths: run in release with --include-ignored"]
fn standard_positions_match_the_published_counts_at_full_depth() {
    check_standard_positions(None);
}

#[test]
fn perft_at_depth_0_is_one_node() {
    assert_eq!(perft(&Position::startpos(), 0), 1);
}

#[test]
fn divide_sums_to_perft_and_lists_each_legal_move_once() {
    let (_, fen, counts) = POSITIONS[1];
    let pos = Position::from_fen(fen).expect("valid");
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), pos.legal_moves().len());
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), counts[2]);
}

/// Runs the suite file to `max_depth`, naming the data line that broke.
fn check_suite(max_depth: u32) {
    let text = include_str!("data/perft-suite.epd");
    let mut positions = 0;
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim();
        let pos = Position::from_fen(fen)
            .unwrap_or_else(|err| panic!("perft-suite.epd line {line_number}: {err}: {fen}"));
        for part in parts {
            let mut words = part.split_whitespace();
            let depth: u32 = words
                .next()
                .and_then(|d| d.strip_prefix('D')?.parse().ok())
                .expect("D<n>");
            let expected: u64 = words.next().and_then(|n| n.parse().ok()).expect("count");
            if depth <= max_depth {
                assert_eq!(
                    perft(&pos, depth),
                    expected,
                    "perft-suite.epd line {line_number}, depth {depth}: {fen}"
                );
            }
        }
        positions += 1;
    }
    assert_eq!(positions, 256, "the suite has 256 positions");
}

#[test]
fn suite_positions_match_stockfish_to_depth_2() {
    check_suite(2);
}

#[test]
#[ignore = "depth 4 of the whole suite: run in release with --include-ignored"]
fn suite_positions_match_stockfish_to_depth_4() {
    check_suite(4);
}
