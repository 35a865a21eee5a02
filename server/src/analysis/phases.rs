//! A game's phases (opening, middlegame, endgame) and each side's accuracy in each (issue #25).
//!
//! **Where the phases start** is scalachess's `Divider`, on material alone: the middlegame
//! starts at the first position with at most 10 queens, rooks, bishops and knights on the board
//! (both sides together), or with a back rank holding fewer than 4 of its side's pieces (the
//! pieces have left home); the endgame at the first position with at most 6. The `Divider`'s
//! third middlegame signal, "mixedness" (how far the armies have entered each other's halves),
//! is not reproduced: our middlegame can start a few moves later in a game whose pieces stay
//! home while the pawns lock. A phase that never starts is absent.
//!
//! **Accuracy by phase** is computed continuously: every move's accuracy and weight come from
//! the whole game (`accuracy::move_scores`, whose volatility windows run across the boundaries),
//! and a phase's accuracy is the same mean over its moves only. lila's first version scored
//! each phase as if it were a game of its own, restarting the windows at each boundary
//! (lila#21457), so a phase's first moves were weighted by nothing before them.

use alphachess_engine::{Bitboard, ByColor, Color, Position, Rank, Role};
use serde::Serialize;
use utoipa::ToSchema;

use super::accuracy::{accuracy_of, Accuracy, MoveScore};

/// Pieces other than kings and pawns at or below which the middlegame has begun.
const MIDDLEGAME_PIECES: usize = 10;
/// ... and the endgame.
const ENDGAME_PIECES: usize = 6;
/// A back rank with fewer of its side's pieces than this is "sparse": the middlegame has begun.
const BACKRANK_HOME: usize = 4;

/// Where the middlegame and the endgame begin, as plies (the position after that many moves);
/// `None` for a phase the game never reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, ToSchema)]
pub struct Division {
    pub middlegame: Option<usize>,
    pub endgame: Option<usize>,
}

/// Each side's accuracy in each phase the game reached (`null`: the phase never came, or the
/// side made no move in it).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub struct PhaseAccuracy {
    pub division: Division,
    pub opening: Accuracy,
    pub middlegame: Accuracy,
    pub endgame: Accuracy,
}

/// Queens, rooks, bishops and knights on the board.
fn majors_and_minors(position: &Position) -> usize {
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .map(|role| position.by_role(role).count())
        .sum()
}

/// Whether either side has fewer than [`BACKRANK_HOME`] pieces left on its back rank.
fn backrank_sparse(position: &Position) -> bool {
    let home =
        |color: Color, rank: Rank| (position.by_color(color) & Bitboard::from_rank(rank)).count();
    home(Color::White, Rank::First) < BACKRANK_HOME
        || home(Color::Black, Rank::Eighth) < BACKRANK_HOME
}

/// Where `positions` (the start first) enter the middlegame and the endgame.
pub fn divide(positions: &[Position]) -> Division {
    let middlegame = positions.iter().position(|position| {
        majors_and_minors(position) <= MIDDLEGAME_PIECES || backrank_sparse(position)
    });
    let endgame = positions
        .iter()
        .position(|position| majors_and_minors(position) <= ENDGAME_PIECES);
    // A game that skips straight to the endgame has no middlegame of its own.
    let middlegame = match (middlegame, endgame) {
        (Some(m), Some(e)) if m >= e => None,
        (m, _) => m,
    };
    Division {
        middlegame,
        endgame,
    }
}

/// Each side's accuracy per phase; `scores[i]` is move `i + 1`'s (the move into position
/// `i + 1`), which belongs to the phase its position BEFORE the move is in.
pub fn phase_accuracy(division: Division, scores: &[MoveScore]) -> PhaseAccuracy {
    let end = scores.len();
    let middle_start = division.middlegame.unwrap_or(end).min(end);
    let end_start = division.endgame.unwrap_or(end).min(end);
    let opening_end = middle_start.min(end_start);
    let shown = |accuracy: ByColor<Option<f64>>| Accuracy {
        white: accuracy.white.map(|v| (v * 10.0).round() / 10.0),
        black: accuracy.black.map(|v| (v * 10.0).round() / 10.0),
    };
    let range = |from: usize, to: usize| shown(accuracy_of(&scores[from.min(to)..to]));
    PhaseAccuracy {
        division,
        opening: range(0, opening_end),
        middlegame: range(middle_start, end_start.max(middle_start)),
        endgame: range(end_start, end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::accuracy::{game_accuracy, move_scores};
    use alphachess_engine::pgn;

    fn positions(moves: &str) -> Vec<Position> {
        pgn::read_game(moves)
            .expect("test moves are legal")
            .game
            .positions()
            .to_vec()
    }

    #[test]
    fn the_opening_lasts_while_the_pieces_are_home_and_many() {
        // 1. e4 e5 2. Nf3 Nc6: only two pieces have left each back rank (6 remain).
        let division = divide(&positions("1. e4 e5 2. Nf3 Nc6 *"));
        assert_eq!(division, Division::default());
    }

    #[test]
    fn a_back_rank_left_by_its_pieces_starts_the_middlegame() {
        // No capture: all 14 pieces stay, so only the back ranks can start the middlegame.
        // Counted by hand: after 8. c3 white keeps a1 R, d1 Q, f1 R, g1 K (4) and black a8 R,
        // d8 Q, f8 R, g8 K (4); 8... Qd7 leaves black 3 on its back rank, at ply 16.
        let moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 6. Bg5 Bg4 \
                     7. Nbd2 O-O 8. c3 Qd7 *";
        let division = divide(&positions(moves));
        assert_eq!(division.middlegame, Some(16));
        assert_eq!(division.endgame, None);
    }

    #[test]
    fn an_endgame_from_the_start_has_no_opening_or_middlegame_moves() {
        let start: Position = "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1".parse().expect("a FEN");
        assert_eq!(
            divide(&[start]),
            Division {
                middlegame: None,
                endgame: Some(0)
            }
        );
    }

    #[test]
    fn phases_are_scored_on_the_whole_game_s_weights_and_cover_every_move() {
        // 30 moves (a volatility window of 3 positions): level, then a swing at position 19
        // just before the endgame begins at position 20.
        let mut cps = vec![10; 31];
        cps[19] = -400;
        for (index, cp) in cps.iter_mut().enumerate().skip(20) {
            *cp = 300 + 10 * (index as i32 % 2);
        }
        let scores = move_scores(Color::White, &cps);
        let division = Division {
            middlegame: Some(10),
            endgame: Some(20),
        };
        let phases = phase_accuracy(division, &scores);
        // Each phase is the same mean over its moves of the whole game's scores...
        let expect = |from: usize, to: usize| accuracy_of(&scores[from..to]);
        let round = |v: Option<f64>| v.map(|v| (v * 10.0).round() / 10.0);
        assert_eq!(phases.opening.white, round(expect(0, 10).white));
        assert_eq!(phases.middlegame.black, round(expect(10, 20).black));
        assert_eq!(phases.endgame.white, round(expect(20, 30).white));
        // ... not a game of its own: the endgame's first move keeps the weight its window over
        // the swing before gave it (a window restarted at the boundary sees only the calm end).
        let alone = move_scores(Color::White, &cps[20..]);
        assert!(
            scores[20].weight > alone[0].weight,
            "{:?} {:?}",
            scores[20],
            alone[0]
        );
        // And all the moves together are still the game's accuracy.
        assert_eq!(
            accuracy_of(&scores).white,
            game_accuracy(Color::White, &cps).white
        );
    }

    #[test]
    fn a_phase_the_game_never_reached_has_no_accuracy() {
        let scores = move_scores(Color::White, &[20, 30, 10]);
        let phases = phase_accuracy(Division::default(), &scores);
        assert!(phases.opening.white.is_some() && phases.opening.black.is_some());
        assert_eq!(phases.middlegame.white, None);
        assert_eq!(phases.endgame.black, None);
    }
}
