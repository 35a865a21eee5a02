//! lc0's policy vocabulary: the 1858 moves a network scores, and where each one's score sits in
//! the 80 planes × 64 squares of the convolutional policy head.
//!
//! Both are built the way the maia repository's `lc0_az_policy_map.py` and lc0's `kMoveStrs`
//! define them, from the side to move's point of view (Black's moves are mirrored first):
//! - the list: for each origin a1, b1, …, h8, every queen-line or knight destination in square
//!   order; then the promotions from the 7th rank, each as queen, rook, bishop (`a7a8q`, `a7a8r`,
//!   `a7a8b`). A knight promotion is the plain move (`a7a8`).
//! - the planes: 56 queen-line planes (N, NE, E, SE, S, SW, W, NW, each 1–7 squares), 8 knight
//!   planes (N, NE, E, SE, S, SW, W, NW), then 9 promotion planes (NW, N, NE × rook, bishop,
//!   queen); each plane holds the move's origin square. Planes 73–79 are unused.
//!
//! Castling is the king taking its own rook (`e1h1`, `e1a1`), as lc0 has always indexed it.

use std::sync::OnceLock;

use alphachess_engine::{Color, Move, Position, Role, Square};

/// The number of moves an lc0 network scores.
pub const POLICY_SIZE: usize = 1858;

/// Queen-line directions as (file, rank) steps, in the policy planes' order.
const QUEEN_DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Knight jumps as (file, rank) steps, in the policy planes' order.
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The promotions that have planes of their own, in the planes' order (a knight promotion is
/// the plain move).
const PROMOTION_PLANE_ROLES: [Role; 3] = [Role::Rook, Role::Bishop, Role::Queen];
/// The promotions in the list's order (`a7a8q`, `a7a8r`, `a7a8b`).
const PROMOTION_LIST_ROLES: [Role; 3] = [Role::Queen, Role::Rook, Role::Bishop];

/// A move as lc0 scores it, from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PolicyMove {
    from: usize,
    to: usize,
    /// Queen, rook or bishop; `None` for every other move, a knight promotion included.
    promotion: Option<Role>,
}

/// `moves()[i]` is the move of policy index `i`; built once.
fn moves() -> &'static [PolicyMove] {
    static MOVES: OnceLock<Vec<PolicyMove>> = OnceLock::new();
    MOVES.get_or_init(build_moves)
}

fn step(square: usize, (df, dr): (i32, i32), times: i32) -> Option<usize> {
    let file = (square % 8) as i32 + df * times;
    let rank = (square / 8) as i32 + dr * times;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn build_moves() -> Vec<PolicyMove> {
    let mut moves = Vec::with_capacity(POLICY_SIZE);
    for from in 0..64 {
        let mut targets: Vec<usize> = QUEEN_DIRECTIONS
            .iter()
            .flat_map(|&d| (1..8).filter_map(move |n| step(from, d, n)))
            .chain(KNIGHT_JUMPS.iter().filter_map(|&j| step(from, j, 1)))
            .collect();
        targets.sort_unstable();
        moves.extend(targets.into_iter().map(|to| PolicyMove {
            from,
            to,
            promotion: None,
        }));
    }
    for from in 48..56usize {
        for to in 56..64usize {
            if (to % 8).abs_diff(from % 8) <= 1 {
                for role in PROMOTION_LIST_ROLES {
                    moves.push(PolicyMove {
                        from,
                        to,
                        promotion: Some(role),
                    });
                }
            }
        }
    }
    moves
}

/// The head's output slot of a move, as `make_map` in `lc0_az_policy_map.py` lays them out.
fn slot_of(m: PolicyMove) -> Option<u16> {
    let (df, dr) = (
        (m.to % 8) as i32 - (m.from % 8) as i32,
        (m.to / 8) as i32 - (m.from / 8) as i32,
    );
    let plane = if let Some(role) = m.promotion {
        let direction = usize::try_from(df + 1).ok().filter(|&d| d < 3 && dr == 1)?;
        let piece = PROMOTION_PLANE_ROLES.iter().position(|&r| r == role)?;
        64 + direction * 3 + piece
    } else if let Some(jump) = KNIGHT_JUMPS.iter().position(|&j| j == (df, dr)) {
        56 + jump
    } else {
        let distance = df.abs().max(dr.abs());
        let unit = (df.signum(), dr.signum());
        if distance == 0 || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let direction = QUEEN_DIRECTIONS.iter().position(|&d| d == unit)?;
        direction * 7 + (distance as usize - 1)
    };
    u16::try_from(plane * 64 + m.from).ok()
}

impl PolicyMove {
    /// `m`, legal in `position`, as lc0 scores it: mirrored for Black, castling as king takes
    /// rook, a knight promotion as the plain move.
    pub(crate) fn of(position: &Position, m: Move) -> PolicyMove {
        let to = match position.castling_squares(m) {
            Some(castling) => castling.rook_from,
            None => m.to(),
        };
        let orient = |square: Square| match position.turn() {
            Color::White => square.index(),
            Color::Black => square.flip_vertical().index(),
        };
        PolicyMove {
            from: orient(m.from()),
            to: orient(to),
            promotion: m.promotion().filter(|&role| role != Role::Knight),
        }
    }

    /// Where the head scores this move: `plane * 64 + square`.
    pub(crate) fn slot(self) -> usize {
        usize::from(slot_of(self).expect("every move of a legal position has a plane"))
    }

    /// This move's index in lc0's 1858-move list, if it is in the list.
    #[cfg(test)]
    pub(crate) fn index(self) -> Option<usize> {
        moves().iter().position(|&m| m == self)
    }
}

/// lc0's 1858 moves as UCI text from White's point of view (`a1b1` … `h7h8b`), in index order.
pub fn policy_index() -> Vec<String> {
    let name = |square: usize| {
        Square::from_index(square)
            .expect("0..64 is a square")
            .to_string()
    };
    moves()
        .iter()
        .map(|m| {
            let suffix = m
                .promotion
                .map(|r| r.char().to_string())
                .unwrap_or_default();
            format!("{}{}{suffix}", name(m.from), name(m.to))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::UciMove;

    fn policy_move(moves: &[&str], uci: &str) -> PolicyMove {
        let mut position = Position::startpos();
        for text in moves {
            let m = text
                .parse::<UciMove>()
                .expect("uci")
                .to_move(&position)
                .expect("legal");
            position.play(m).expect("legal");
        }
        let m = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&position)
            .expect("legal");
        PolicyMove::of(&position, m)
    }

    #[test]
    fn the_list_has_lc0s_1858_moves_with_known_indices() {
        let names = policy_index();
        assert_eq!(names.len(), POLICY_SIZE);
        assert_eq!(&names[..3], ["a1b1", "a1c1", "a1d1"]);
        assert_eq!(names[103], "e1h1");
        assert_eq!(names[1792], "a7a8q");
        assert_eq!(names[POLICY_SIZE - 1], "h7h8b");
    }

    #[test]
    fn every_move_has_its_own_slot() {
        let mut slots: Vec<u16> = moves().iter().filter_map(|&m| slot_of(m)).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), POLICY_SIZE);
        assert!(slots.iter().all(|&s| usize::from(s) < 73 * 64));
    }

    #[test]
    fn castling_is_king_takes_rook_and_black_is_mirrored() {
        let white = policy_move(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"], "e1g1");
        assert_eq!(white.index(), Some(103));
        let black = policy_move(
            &["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "b1c3"],
            "e8g8",
        );
        assert_eq!(black, white);
    }

    #[test]
    fn a_knight_promotion_is_the_plain_move_and_others_have_suffixes() {
        let before = [
            "a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6",
        ];
        let knight = policy_move(&before, "b7a8n");
        assert_eq!(knight.promotion, None);
        assert_eq!(policy_index()[knight.index().expect("listed")], "b7a8");
        let rook = policy_move(&before, "b7a8r");
        assert_eq!(policy_index()[rook.index().expect("listed")], "b7a8r");
        assert_eq!(
            rook.slot(),
            64 * 64 + 49,
            "the first promotion plane (NW, rook), from b7"
        );
    }
}
