//! Move classes beside lichess's judgments (issue #25): chess.com Game Review's scale of
//! expected points lost, which players know, computed from our own evaluations.
//!
//! A move's **expected points** are the mover's expected score, 0 (lost) to 1 (won), from the
//! evaluation: `(1 + winning_chances(cp)) / 2` with lila's winning chances (the same curve as the
//! judgments and accuracy, `judgment.rs`); a mate for the mover is 1, against the mover 0. The
//! **loss** is the expected points before the move (with the engine's best reply to come, i.e. the
//! best move's value) minus those after the move played. The classes, first that applies:
//!
//! | class | rule |
//! |---|---|
//! | Book | the position after the move is a named opening position, and every earlier one was |
//! | Best | the move is the engine's best move |
//! | Miss | the opponent's previous move was a mistake or a blunder (loss > [`INACCURACY`]), and this one gave back more than [`INACCURACY`] of what it offered: the chance was missed |
//! | Excellent | loss ≤ [`EXCELLENT`] (0.02) |
//! | Good | loss ≤ [`GOOD`] (0.05) |
//! | Inaccuracy | loss ≤ [`INACCURACY`] (0.10) |
//! | Mistake | loss ≤ [`MISTAKE`] (0.20) |
//! | Blunder | loss > [`MISTAKE`] |
//!
//! chess.com's *Great* (the only move that holds) and *Brilliant* need the second-best line of
//! every position (a second principal variation), which this review does not search yet.

use serde::Serialize;
use utoipa::ToSchema;

use super::eval::SideEval;
use super::judgment::winning_chances;

/// The most expected points a move may lose and be Excellent.
pub const EXCELLENT: f64 = 0.02;
/// ... and be Good.
pub const GOOD: f64 = 0.05;
/// ... and be only an Inaccuracy; more is a Mistake (and, after the opponent's mistake, a Miss).
pub const INACCURACY: f64 = 0.10;
/// ... and be only a Mistake; more is a Blunder.
pub const MISTAKE: f64 = 0.20;

/// A move's class, from the best to the worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    Book,
    Best,
    Excellent,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// The opponent's mistake offered a winning chance and this move let it go.
    Miss,
}

/// The mover's expected score, 0 to 1, from an evaluation from the mover's point of view.
pub fn expected_points(eval: SideEval) -> f64 {
    match eval {
        SideEval::Cp(cp) => (1.0 + winning_chances(cp)) / 2.0,
        SideEval::Mating => 1.0,
        SideEval::Mated => 0.0,
    }
}

/// What a move's class depends on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClassInput {
    /// The position after the move is a book position, as were all before it.
    pub book: bool,
    /// The move is the engine's best.
    pub best: bool,
    /// Expected points lost (the best move's value minus the move's), at least 0.
    pub loss: f64,
    /// The expected points the opponent's previous move lost (0 for the first move).
    pub offered: f64,
}

/// The class of one move.
pub fn classify(input: ClassInput) -> MoveClass {
    let loss = input.loss.max(0.0);
    if input.book {
        MoveClass::Book
    } else if input.best {
        MoveClass::Best
    } else if input.offered > INACCURACY && loss > INACCURACY {
        MoveClass::Miss
    } else if loss <= EXCELLENT {
        MoveClass::Excellent
    } else if loss <= GOOD {
        MoveClass::Good
    } else if loss <= INACCURACY {
        MoveClass::Inaccuracy
    } else if loss <= MISTAKE {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(best: bool, loss: f64, offered: f64) -> MoveClass {
        classify(ClassInput {
            book: false,
            best,
            loss,
            offered,
        })
    }

    #[test]
    fn expected_points_follow_lila_s_winning_chances() {
        assert_eq!(expected_points(SideEval::Cp(0)), 0.5);
        assert_eq!(expected_points(SideEval::Mating), 1.0);
        assert_eq!(expected_points(SideEval::Mated), 0.0);
        // Hand-computed: 2 / (1 + e^(-0.00368208 * 300)) - 1 = 0.50213, so (1 + 0.50213) / 2.
        assert!((expected_points(SideEval::Cp(300)) - 0.751_06).abs() < 1e-4);
        assert!((expected_points(SideEval::Cp(-300)) - 0.248_94).abs() < 1e-4);
    }

    #[test]
    fn each_threshold_is_inclusive_and_the_next_class_starts_above_it() {
        assert_eq!(class(false, 0.0, 0.0), MoveClass::Excellent);
        assert_eq!(class(false, 0.02, 0.0), MoveClass::Excellent);
        assert_eq!(class(false, 0.0201, 0.0), MoveClass::Good);
        assert_eq!(class(false, 0.05, 0.0), MoveClass::Good);
        assert_eq!(class(false, 0.0501, 0.0), MoveClass::Inaccuracy);
        assert_eq!(class(false, 0.10, 0.0), MoveClass::Inaccuracy);
        assert_eq!(class(false, 0.1001, 0.0), MoveClass::Mistake);
        assert_eq!(class(false, 0.20, 0.0), MoveClass::Mistake);
        assert_eq!(class(false, 0.2001, 0.0), MoveClass::Blunder);
        // A move that gains (the engine's best was searched less deep) loses nothing.
        assert_eq!(class(false, -0.03, 0.0), MoveClass::Excellent);
    }

    #[test]
    fn the_best_move_and_book_moves_are_named_whatever_the_numbers_say() {
        assert_eq!(class(true, 0.3, 0.0), MoveClass::Best);
        let book = ClassInput {
            book: true,
            best: false,
            loss: 0.15,
            offered: 0.0,
        };
        assert_eq!(classify(book), MoveClass::Book);
    }

    #[test]
    fn a_chance_let_go_after_the_opponent_s_mistake_is_a_miss() {
        // The opponent dropped 0.25 (a blunder); this move gives 0.15 of it back.
        assert_eq!(class(false, 0.15, 0.25), MoveClass::Miss);
        // Taking most of it (losing 0.04) is only Good; an inaccuracy offered is no chance.
        assert_eq!(class(false, 0.04, 0.25), MoveClass::Good);
        assert_eq!(class(false, 0.15, 0.08), MoveClass::Mistake);
        // Hand-computed case: +0 → the opponent blunders to +300 for us (offered 0.2511), and we
        // play a move worth +50 instead of keeping +300: loss = 0.75106 - 0.54598 = 0.2051.
        let loss = expected_points(SideEval::Cp(300)) - expected_points(SideEval::Cp(50));
        let offered = expected_points(SideEval::Cp(0)) - expected_points(SideEval::Cp(-300));
        assert!((loss - 0.2051).abs() < 1e-3, "{loss}");
        assert_eq!(class(false, loss, offered), MoveClass::Miss);
    }
}
