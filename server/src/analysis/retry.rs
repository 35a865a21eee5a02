//! Retry your own mistakes (issue #25): which of the player's moves to practise, and how a try is
//! judged. The server judges, with the engine at the review's own budget, so the verdict is the
//! same on every device (lichess's "Learn from your mistakes" judges in the browser).
//!
//! **Which moves:** lichess's rule (`ui/analyse/src/retrospect/retroCtrl.ts`): the player's own
//! moves after the book (`Review::book_plies`) whose drop in winning chances (lila's curve, on the
//! −1..+1 scale, a mate counting as ±1) is more than [`SWING`]. A move that keeps a won mate drops
//! nothing, so prolonging a mate is never listed.
//!
//! **How a try is judged**, against the value of the position before the move (the engine's best):
//! - the engine's own best move, or (when the player had a forced mate) any move after which the
//!   player still mates: **solved**;
//! - else the expected points the try loses (as the move classes count them, `classes.rs`):
//!   at most [`SOLVED`] (0.02, lichess's 0.04 in winning chances) **solved**; at most
//!   [`NOT_QUITE`] (0.10, an inaccuracy at worst) **not quite**; more, **wrong**.

use alphachess_engine::{Move, Position};
use serde::Serialize;
use utoipa::ToSchema;

use super::classes::expected_points;
use super::eval::{Eval, SideEval};
use super::judgment::winning_chances;
use super::review::Review;

/// A drop in winning chances (−1..+1) above this makes a move worth retrying (lichess's).
pub const SWING: f64 = 0.075;
/// Expected points a try may lose and still solve the position.
pub const SOLVED: f64 = 0.02;
/// ... and be "not quite"; more is wrong.
pub const NOT_QUITE: f64 = 0.10;

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
    /// Expected points the move played lost.
    pub played_loss: f64,
}

/// How a try went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Solved,
    NotQuite,
    Wrong,
}

/// The winning chances (−1..+1) of an evaluation from one side's point of view.
fn chances(eval: SideEval) -> f64 {
    match eval {
        SideEval::Cp(cp) => winning_chances(cp),
        SideEval::Mating => 1.0,
        SideEval::Mated => -1.0,
    }
}

/// The player's mistakes in `review` (a complete one), in game order.
pub fn puzzles(review: &Review, player: alphachess_engine::Color) -> Vec<Puzzle> {
    let game = review.game();
    let positions = game.positions();
    (review.book_plies() + 1..=game.ply())
        .filter(|&p| positions[p - 1].turn() == player)
        .filter_map(|p| {
            let before_eval = review.eval_of(p - 1)?;
            let after_eval = review.eval_of(p)?;
            let mover = positions[p - 1].turn();
            let before_side = before_eval.for_side(mover, mover);
            let after_side = after_eval.for_side(mover, positions[p].turn());
            (chances(before_side) - chances(after_side) > SWING).then_some(p)
        })
        .filter_map(|p| puzzle_at(review, p))
        .collect()
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
    let loss = (expected_points(before) - expected_points(after_side)).max(0.0);
    let verdict = if loss <= SOLVED {
        Verdict::Solved
    } else if loss <= NOT_QUITE {
        Verdict::NotQuite
    } else {
        Verdict::Wrong
    };
    (verdict, loss)
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
