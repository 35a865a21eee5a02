//! What the retry flow shows (issue #25): the player's mistakes to try again, with nothing of
//! the answer, and a verdict per try, with the answer only once it is solved or revealed.

use serde::Serialize;
use utoipa::ToSchema;

use crate::analysis::retry::{Puzzle, Verdict};
use crate::analysis::{BestMove, Eval};
use alphachess_engine::{Line, Move, Position, SanPlus};

use super::color_name::ColorName;

/// `GET /api/games/{id}/retry`: the player's own Inaccuracies, Mistakes, Blunders and Misses
/// by the review's judgment, in game order. No best move, no line,
/// no evaluation of the best move: nothing that gives the answer away.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RetryList {
    pub puzzles: Vec<RetryPuzzle>,
}

/// One mistake to try again.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RetryPuzzle {
    /// The ply of the move to find again: the position is the one before it.
    pub ply: usize,
    /// The position to play from.
    #[schema(example = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3")]
    pub fen: String,
    /// The side to move there: the player.
    #[schema(value_type = ColorName)]
    pub turn: alphachess_engine::Color,
    /// The move that was played.
    pub played: BestMove,
    /// Expected points that move lost (0 to 1): the review's `points_lost` for the ply.
    pub points_lost: f64,
    /// That loss as a player reads it.
    #[schema(example = "loses about 1.8 pawns (59 % → 43 %)")]
    pub loss: String,
}

/// The answer to a try.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RetryAnswer {
    pub verdict: Verdict,
    pub tried: BestMove,
    /// The position after the try, from white's side, at the review's budget.
    pub eval: Eval,
    /// Expected points the try lost against the best move (0 when solved by a mate kept), on
    /// the review's scale: the move played has the review's own loss.
    pub points_lost: f64,
    /// The try's loss as a player reads it.
    #[schema(example = "loses about 0.4 pawns (59 % → 53 %)")]
    pub loss: String,
    /// Only once solved: the engine's best move and line.
    pub solution: Option<Solution>,
}

/// The engine's answer to a mistake: given once solved or revealed.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Solution {
    pub best: BestMove,
    /// The engine's line from the position, in SAN, starting with `best`.
    #[schema(example = json!(["g6", "Qf3", "Nf6"]))]
    pub line: Vec<String>,
    /// The position's value with the best move, from white's side.
    pub eval: Eval,
}

/// A move in both notations.
pub fn both(position: &Position, m: Move) -> BestMove {
    BestMove {
        uci: m.to_uci().to_string(),
        san: SanPlus::from_move(position, m).to_string(),
    }
}

impl RetryPuzzle {
    pub fn of(puzzle: &Puzzle) -> RetryPuzzle {
        RetryPuzzle {
            ply: puzzle.ply,
            fen: puzzle.before.to_fen(),
            turn: puzzle.before.turn(),
            played: both(&puzzle.before, puzzle.played),
            points_lost: (puzzle.played_loss * 1000.0).round() / 1000.0,
            loss: puzzle.played_words(),
        }
    }
}

impl Solution {
    pub fn of(puzzle: &Puzzle) -> Solution {
        Solution {
            best: both(&puzzle.before, puzzle.best),
            line: Line::from_moves(&puzzle.before, &puzzle.best_line)
                .san()
                .iter()
                .map(ToString::to_string)
                .collect(),
            eval: puzzle.best_eval,
        }
    }
}
