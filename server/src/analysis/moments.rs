//! Key moments (issue #25): a short list per side of the moves worth going back to, which the
//! review shows above the move list and the retry flow starts from.
//!
//! Per side, in game order:
//! - the **last book move**: where theory ended (the side's last move classed Book);
//! - the **biggest swings**: its [`MAX_SWINGS`] moves that lost the most expected points, among
//!   those classed Inaccuracy, Mistake or Blunder;
//! - the **missed wins**: its moves classed Miss (at most [`MAX_MISSES`], the largest first).

use alphachess_engine::{ByColor, Color};
use serde::Serialize;
use utoipa::ToSchema;

use super::classes::MoveClass;

/// Swings listed per side.
pub const MAX_SWINGS: usize = 3;
/// Missed wins listed per side.
pub const MAX_MISSES: usize = 2;

/// Why a move is a key moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MomentKind {
    LastBook,
    Swing,
    MissedWin,
}

/// One key moment.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub struct KeyMoment {
    /// The ply of the move (1 is the first move).
    pub ply: usize,
    pub kind: MomentKind,
    pub class: MoveClass,
    /// Expected points the move lost (0 to 1).
    pub points_lost: f64,
}

/// Each side's key moments, in game order.
#[derive(Debug, Clone, PartialEq, Default, Serialize, ToSchema)]
pub struct KeyMoments {
    pub white: Vec<KeyMoment>,
    pub black: Vec<KeyMoment>,
}

/// One classed move, as the key moments read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClassedMove {
    pub ply: usize,
    pub side: Color,
    pub class: MoveClass,
    pub points_lost: f64,
}

/// The key moments of a game's classed moves.
pub fn key_moments(moves: &[ClassedMove]) -> KeyMoments {
    let mut sides: ByColor<Vec<KeyMoment>> = ByColor::new(Vec::new(), Vec::new());
    for side in [Color::White, Color::Black] {
        let own: Vec<&ClassedMove> = moves.iter().filter(|m| m.side == side).collect();
        let moment = |m: &ClassedMove, kind| KeyMoment {
            ply: m.ply,
            kind,
            class: m.class,
            points_lost: m.points_lost,
        };
        let mut listed: Vec<KeyMoment> = Vec::new();
        if let Some(book) = own.iter().rev().find(|m| m.class == MoveClass::Book) {
            listed.push(moment(book, MomentKind::LastBook));
        }
        let mut largest = |classes: &[MoveClass], most: usize, kind| {
            let mut chosen: Vec<&&ClassedMove> =
                own.iter().filter(|m| classes.contains(&m.class)).collect();
            // The largest losses; of equal ones, the earlier.
            chosen.sort_by(|a, b| {
                b.points_lost
                    .total_cmp(&a.points_lost)
                    .then(a.ply.cmp(&b.ply))
            });
            listed.extend(chosen.into_iter().take(most).map(|m| moment(m, kind)));
        };
        largest(
            &[
                MoveClass::Inaccuracy,
                MoveClass::Mistake,
                MoveClass::Blunder,
            ],
            MAX_SWINGS,
            MomentKind::Swing,
        );
        largest(&[MoveClass::Miss], MAX_MISSES, MomentKind::MissedWin);
        listed.sort_by_key(|m| m.ply);
        sides[side] = listed;
    }
    KeyMoments {
        white: sides.white,
        black: sides.black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classed(ply: usize, class: MoveClass, points_lost: f64) -> ClassedMove {
        ClassedMove {
            ply,
            side: if ply % 2 == 1 {
                Color::White
            } else {
                Color::Black
            },
            class,
            points_lost,
        }
    }

    #[test]
    fn each_side_gets_its_last_book_move_its_biggest_swings_and_its_missed_wins_in_order() {
        use MoveClass::*;
        let moves = [
            classed(1, Book, 0.0),
            classed(2, Book, 0.0),
            classed(3, Book, 0.0),
            classed(4, Good, 0.03),
            classed(5, Inaccuracy, 0.06),
            classed(6, Blunder, 0.35),
            classed(7, Mistake, 0.12),
            classed(8, Inaccuracy, 0.07),
            classed(9, Blunder, 0.25),
            classed(10, Miss, 0.15),
            classed(11, Inaccuracy, 0.09),
            classed(12, Best, 0.0),
        ];
        let moments = key_moments(&moves);
        let plies = |list: &[KeyMoment]| -> Vec<(usize, MomentKind)> {
            list.iter().map(|m| (m.ply, m.kind)).collect()
        };
        // White: book until 3; swings 9 (0.25), 7 (0.12), 11 (0.09) — not 5 (0.06), the fourth.
        assert_eq!(
            plies(&moments.white),
            [
                (3, MomentKind::LastBook),
                (7, MomentKind::Swing),
                (9, MomentKind::Swing),
                (11, MomentKind::Swing)
            ]
        );
        // Black: book until 2; swings 6 and 8 (a Good move is no swing); the miss at 10.
        assert_eq!(
            plies(&moments.black),
            [
                (2, MomentKind::LastBook),
                (6, MomentKind::Swing),
                (8, MomentKind::Swing),
                (10, MomentKind::MissedWin)
            ]
        );
    }

    #[test]
    fn a_clean_game_has_no_moments_but_its_book_end() {
        let moves = [
            classed(1, MoveClass::Best, 0.0),
            classed(2, MoveClass::Excellent, 0.01),
        ];
        assert_eq!(key_moments(&moves), KeyMoments::default());
    }
}
