//! The attack tables against slow references: every magic lookup for every square and every
//! subset of its relevant blockers, against a ray walk.

use alphachess_engine::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use alphachess_engine::{Bitboard, Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square `steps` steps of (df, dr) from `sq`, if on the board.
fn step(sq: Square, df: i32, dr: i32, steps: i32) -> Option<Square> {
    let file = sq.file().index() as i32 + df * steps;
    let rank = sq.rank().index() as i32 + dr * steps;
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| Square::ALL[(rank * 8 + file) as usize])
}

/// Slider attacks by walking each ray square by square until a blocker.
fn ray_walk(sq: Square, occupied: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        for target in (1..8).map_while(|n| step(sq, df, dr, n)) {
            attacks = attacks.with(target);
            if occupied.contains(target) {
                break;
            }
        }
    }
    attacks
}

/// The squares whose occupancy matters (each ray without its edge square).
fn relevant(sq: Square, dirs: &[(i32, i32)]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        for n in 1..8 {
            match (step(sq, df, dr, n), step(sq, df, dr, n + 1)) {
                (Some(target), Some(_)) => mask = mask.with(target),
                _ => break,
            }
        }
    }
    mask
}

/// Checks `lookup` against the ray walk for every square and every blocker subset; the
/// squares outside the relevant mask are filled with a pattern that must not matter.
fn check_slider(name: &str, dirs: &[(i32, i32)], lookup: fn(Square, Bitboard) -> Bitboard) {
    let mut checked = 0u64;
    for sq in Square::ALL {
        let mask = relevant(sq, dirs);
        let noise = Bitboard(0x8100_0000_0000_0081) & !mask;
        let mut subset = Bitboard::EMPTY;
        loop {
            let expected = ray_walk(sq, subset, dirs);
            assert_eq!(
                lookup(sq, subset),
                expected,
                "{name} on {sq}, blockers {:#x}",
                subset.0
            );
            assert_eq!(
                lookup(sq, subset | noise).0 & !noise.0,
                expected.0 & !noise.0,
                "{name} on {sq}"
            );
            checked += 1;
            subset = Bitboard(subset.0.wrapping_sub(mask.0) & mask.0);
            if subset.is_empty() {
                break;
            }
        }
    }
    assert!(checked > 5_000, "{name}: {checked} lookups checked");
}

#[test]
fn every_rook_magic_lookup_matches_a_ray_walk() {
    check_slider("rook", &ROOK_DIRS, rook_attacks);
}

#[test]
fn every_bishop_magic_lookup_matches_a_ray_walk() {
    check_slider("bishop", &BISHOP_DIRS, bishop_attacks);
}

#[test]
fn queen_attacks_are_rook_and_bishop_attacks_together() {
    let occupied = Bitboard(0x0042_2400_1800_2400);
    for sq in Square::ALL {
        assert_eq!(
            queen_attacks(sq, occupied),
            rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
        );
    }
}

/// Single-step attacks of a leaper.
fn leaper(sq: Square, steps: &[(i32, i32)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(df, dr)| step(sq, df, dr, 1))
        .collect()
}

#[test]
fn leaper_tables_match_their_steps_on_every_square() {
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let king = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    for sq in Square::ALL {
        assert_eq!(knight_attacks(sq), leaper(sq, &knight), "knight on {sq}");
        assert_eq!(king_attacks(sq), leaper(sq, &king), "king on {sq}");
        assert_eq!(
            pawn_attacks(Color::White, sq),
            leaper(sq, &[(-1, 1), (1, 1)]),
            "white pawn on {sq}"
        );
        assert_eq!(
            pawn_attacks(Color::Black, sq),
            leaper(sq, &[(-1, -1), (1, -1)]),
            "black pawn on {sq}"
        );
    }
}

#[test]
fn between_and_line_agree_with_ray_walks_for_every_pair_of_squares() {
    let all_dirs = [ROOK_DIRS, BISHOP_DIRS].concat();
    for a in Square::ALL {
        for b in Square::ALL {
            let aligned = a != b && ray_walk(a, Bitboard::EMPTY, &all_dirs).contains(b);
            if aligned {
                let df = (b.file().index() as i32 - a.file().index() as i32).signum();
                let dr = (b.rank().index() as i32 - a.rank().index() as i32).signum();
                let walked: Bitboard = (1..8)
                    .map_while(|n| step(a, df, dr, n))
                    .take_while(|&s| s != b)
                    .collect();
                assert_eq!(between(a, b), walked, "between {a} and {b}");
                assert!(
                    line(a, b).contains(a) && line(a, b).contains(b),
                    "line {a} {b}"
                );
                assert_eq!(line(a, b).count(), line(b, a).count(), "line {a} {b}");
            } else {
                assert!(between(a, b).is_empty(), "between {a} and {b}");
                assert!(line(a, b).is_empty(), "line {a} {b}");
            }
        }
    }
}
