//! Retry your own mistakes (issue #25): which of the player's moves to practise, and how a try is
//! judged. The server judges, with the engine at the review's own budget, so the verdict is the
//! same on every device (lichess's "Learn from your mistakes" judges in the browser).
//!
//! **Which moves** (issue #38, the one judge): the player's own moves after the book
//! (`Review::book_plies`) whose class is an Inaccuracy, a Mistake, a Blunder or a Miss, the
//! review's own judgment of the ply (`judgment.rs`). A move that keeps a won mate loses nothing,
//! so prolonging a mate is never listed.
//!
//! **How a try is judged**, on the review's scale: one number for one move, the expected points
//! it loses against the value of the position before the move (the engine's best), as the move
//! classes count them (`classes.rs`). The move played has the review's own evaluation (so its
//! loss is the review's), the best move the best move's:
//! - the engine's own best move, or (when the player had a forced mate) any move after which the
//!   player still mates: **solved**;
//! - else the loss: at most [`SOLVED`] (Excellent, 0.02) **solved**; at most [`NOT_QUITE`] (an
//!   Inaccuracy at worst, 0.10) **not quite**; more, **wrong**. The loss is worded as a player
//!   reads it (`loss_words.rs`).

use alphachess_engine::{Move, Position};
use serde::Serialize;
use utoipa::ToSchema;

use super::classes::{expected_points, EXCELLENT, INACCURACY};
use super::eval::{Eval, SideEval};
use super::loss_words::loss_words;
use super::review::Review;

/// Expected points a try may lose and still solve the position: an Excellent move's.
pub const SOLVED: f64 = EXCELLENT;
/// ... and be "not quite" (an Inaccuracy at worst); more is wrong.
pub const NOT_QUITE: f64 = INACCURACY;

/// One of the player's mistakes to retry.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// The ply of the move to retry (the position is the one before it).
    pub ply: usize,
    pub before: Position,
    /// The move the player made.
    pub played: Move,
    /// The engine's best move there, and its line.
    pub best: Move,
    pub best_line: Vec<Move>,
    /// The position's value with the best move, from white's side.
    pub best_eval: Eval,
    /// The review's value of the position after the move played, from white's side.
    pub played_eval: Eval,
    /// Expected points the move played lost: the review's `points_lost` for the ply.
    pub played_loss: f64,
}

impl Puzzle {
    /// The loss of the move played, in words ("loses about 1.8 pawns (59 % → 43 %)").
    pub fn played_words(&self) -> String {
        let mover = self.before.turn();
        let mut after = self.before.clone();
        let turn = match after.play(self.played) {
            Ok(()) => after.turn(),
            Err(_) => !mover,
        };
        loss_words(
            self.best_eval.for_side(mover, mover),
            self.played_eval.for_side(mover, turn),
        )
    }
}

/// How a try went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Solved,
    NotQuite,
    Wrong,
}

/// The player's mistakes in `review` (a complete one), in game order: the moves the review's one
/// judge calls an Inaccuracy or worse (issue #38).
pub fn puzzles(review: &Review, player: alphachess_engine::Color) -> Vec<Puzzle> {
    let positions = review.game().positions();
    review
        .final_plies()
        .into_iter()
        .filter(|ply| ply.ply > review.book_plies() && ply.judgment.is_some())
        .filter(|ply| positions[ply.ply - 1].turn() == player)
        .filter_map(|ply| puzzle_at(review, ply.ply))
        .collect()
}

/// The evaluation (white's side) the review already has for `tried` in `puzzle`: the best
/// move's value for the best move, the review's for the move played; `None` for another move,
/// which the engine must search.
pub fn known_eval(puzzle: &Puzzle, tried: Move) -> Option<Eval> {
    if tried == puzzle.best {
        Some(puzzle.best_eval)
    } else if tried == puzzle.played {
        Some(puzzle.played_eval)
    } else {
        None
    }
}

/// The loss of a try in words, given its evaluation (white's side) after it.
pub fn try_words(puzzle: &Puzzle, after: &Position, after_eval: Eval) -> String {
    let mover = puzzle.before.turn();
    loss_words(
        puzzle.best_eval.for_side(mover, mover),
        after_eval.for_side(mover, after.turn()),
    )
}

/// The move of ply `p` of `review`'s game as a position to find the best move in, whatever it
/// lost (the practice deck takes the review's own judgments, issue #41). `None` until the
/// review has the final evaluations around it.
pub fn puzzle_at(review: &Review, p: usize) -> Option<Puzzle> {
    let positions = review.game().positions();
    let before = positions.get(p.checked_sub(1)?)?;
    let after = positions.get(p)?;
    let mover = before.turn();
    let best_eval = review.eval_of(p - 1)?;
    let after_eval = review.eval_of(p)?;
    let before_side = best_eval.for_side(mover, mover);
    let after_side = after_eval.for_side(mover, after.turn());
    let answer = review.final_answer(p - 1)?;
    Some(Puzzle {
        ply: p,
        before: before.clone(),
        played: review.game().moves()[p - 1],
        best: answer.best,
        best_line: answer.pv.clone(),
        best_eval,
        played_eval: after_eval,
        played_loss: (expected_points(before_side) - expected_points(after_side)).max(0.0),
    })
}

/// The verdict on `tried` in `puzzle`'s position, given the engine's evaluation (white's side)
/// of the position after it; and the expected points it lost.
pub fn judge(puzzle: &Puzzle, tried: Move, after: &Position, after_eval: Eval) -> (Verdict, f64) {
    let mover = puzzle.before.turn();
    let before = puzzle.best_eval.for_side(mover, mover);
    let after_side = after_eval.for_side(mover, after.turn());
    if tried == puzzle.best || (before == SideEval::Mating && after_side == SideEval::Mating) {
        return (Verdict::Solved, 0.0);
    }
    if tried == puzzle.played {
        // The review's own number for this move, so the verdict never contradicts it.
        return (verdict_of(puzzle.played_loss), puzzle.played_loss);
    }
    let loss = (expected_points(before) - expected_points(after_side)).max(0.0);
    (verdict_of(loss), loss)
}

/// The verdict for a try that loses `loss` expected points.
fn verdict_of(loss: f64) -> Verdict {
    if loss <= SOLVED {
        Verdict::Solved
    } else if loss <= NOT_QUITE {
        Verdict::NotQuite
    } else {
        Verdict::Wrong
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::UciMove;

    fn puzzle(fen: &str, best: &str, best_eval: Eval) -> Puzzle {
        let before: Position = fen.parse().expect("a FEN");
        let uci: UciMove = best.parse().expect("UCI");
        let best = uci.to_move(&before).expect("legal");
        Puzzle {
            ply: 1,
            played: best,
            best,
            best_line: vec![best],
            best_eval,
            played_eval: Eval::Cp(-900),
            played_loss: 0.3,
            before,
        }
    }

    fn tried(puzzle: &Puzzle, text: &str, after_eval: Eval) -> (Verdict, f64) {
        let uci: UciMove = text.parse().expect("UCI");
        let m = uci.to_move(&puzzle.before).expect("legal");
        let mut after = puzzle.before.clone();
        after.play(m).expect("legal");
        judge(puzzle, m, &after, after_eval)
    }

    #[test]
    fn the_best_move_solves_and_others_are_judged_by_what_they_lose() {
        // White to move, +1.00 with the best move (e2e4, say).
        let p = puzzle(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
            Eval::Cp(100),
        );
        assert_eq!(tried(&p, "e2e4", Eval::Cp(-500)).0, Verdict::Solved);
        // Hand-computed from lila's curve, expected points (1 + wc(cp)) / 2: +1.00 is 0.59103,
        // +0.90 0.58210, +0.40 0.53675, -1.00 0.40897.
        // +0.90: 0.0089 lost: solved.
        let (verdict, loss) = tried(&p, "d2d4", Eval::Cp(90));
        assert_eq!(verdict, Verdict::Solved);
        assert!((loss - 0.0089).abs() < 0.0005, "{loss}");
        // +0.40: 0.0543 lost: not quite.
        let (verdict, loss) = tried(&p, "g1f3", Eval::Cp(40));
        assert_eq!(verdict, Verdict::NotQuite);
        assert!((loss - 0.0543).abs() < 0.0005, "{loss}");
        // -1.00 for white: 0.1821 lost: wrong.
        assert_eq!(tried(&p, "a2a3", Eval::Cp(-100)).0, Verdict::Wrong);
    }

    #[test]
    fn the_move_played_is_judged_by_the_review_s_own_number() {
        let mut p = puzzle(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
            Eval::Cp(100),
        );
        let uci: UciMove = "a2a3".parse().expect("UCI");
        p.played = uci.to_move(&p.before).expect("legal");
        p.played_eval = Eval::Cp(-80);
        p.played_loss = 0.1641;
        // Whatever a new search says of a3, the review's loss and evaluation are the answer.
        assert_eq!(tried(&p, "a2a3", Eval::Cp(95)), (Verdict::Wrong, 0.1641));
        assert_eq!(known_eval(&p, p.played), Some(Eval::Cp(-80)));
        assert_eq!(known_eval(&p, p.best), Some(Eval::Cp(100)));
        assert_eq!(
            p.played_words(),
            "loses about 1.8 pawns (59 % → 43 %)",
            "worded as a player reads it"
        );
    }

    #[test]
    fn in_a_mating_net_any_move_that_keeps_the_mate_solves_it() {
        // White mates in 2 with Qe4+ (Stockfish 15.1); Qb5 still mates, more slowly.
        let p = puzzle("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", "b1e4", Eval::Mate(2));
        assert_eq!(tried(&p, "b1b5", Eval::Mate(3)).0, Verdict::Solved);
        // A move that lets the mate go, even into a won position, does not.
        let (verdict, loss) = tried(&p, "b6c6", Eval::Cp(900));
        assert_ne!(verdict, Verdict::Solved);
        assert!(loss > SOLVED);
    }
}
