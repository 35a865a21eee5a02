//! Move classes (issue #25), the one judge of a move since issue #38 (`judgment.rs`): chess.com
//! Game Review's scale of expected points lost, which players know, computed from our own
//! evaluations. The `?!`/`?`/`??` glyph, the summary's counts and retry's list derive from it.
//!
//! A move's **expected points** are the mover's expected score, 0 (lost) to 1 (won), from the
//! evaluation: `(1 + winning_chances(cp)) / 2` with lila's winning chances (the same curve as
//! accuracy, `chances.rs`); a mate for the mover is 1, against the mover 0. The
//! **loss** is the expected points before the move (with the engine's best reply to come, i.e. the
//! best move's value) minus those after the move played. The classes, first that applies:
//!
//! | class | rule |
//! |---|---|
//! | Book | the position after the move is a named opening position, and every earlier one was |
//! | Great | the move is the engine's best, and the best *other* move would lose more than [`GREAT`] (0.10): every alternative is a Mistake or worse. Not for a recapture on the square just taken on, nor for a position with one legal move (nothing was found there) |
//! | Best | the move is the engine's best move |
//! | Miss | the opponent's previous move was a mistake or a blunder (loss > [`INACCURACY`]), and this one gave back more than [`INACCURACY`] of what it offered: the chance was missed |
//! | Excellent | loss ≤ [`EXCELLENT`] (0.02) |
//! | Good | loss ≤ [`GOOD`] (0.05) |
//! | Inaccuracy | loss ≤ [`INACCURACY`] (0.10) |
//! | Mistake | loss ≤ [`MISTAKE`] (0.20) |
//! | Blunder | loss > [`MISTAKE`] |
//!
//! *Great* needs the best alternative's value: where [`may_be_great`] holds for the game's move,
//! the final pass searches that position with two lines (`MultiPV 2`, at the same budget) and
//! keeps the second line's score (`runner.rs`, issue #43). chess.com's *Brilliant* (a good sacrifice) is not
//! given.

use alphachess_engine::{Game, Move};
use serde::Serialize;
use utoipa::ToSchema;

use crate::uci::PositionAnalysis;

use super::chances::winning_chances;
use super::eval::{Eval, SideEval};

/// The most expected points a move may lose and be Excellent.
pub const EXCELLENT: f64 = 0.02;
/// ... and be Good.
pub const GOOD: f64 = 0.05;
/// ... and be only an Inaccuracy; more is a Mistake (and, after the opponent's mistake, a Miss).
pub const INACCURACY: f64 = 0.10;
/// ... and be only a Mistake; more is a Blunder.
pub const MISTAKE: f64 = 0.20;
/// The engine's best move is Great when the best other move would lose more than this: every
/// alternative would have been at least a Mistake.
pub const GREAT: f64 = INACCURACY;

/// A move's class, from the best to the worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    Book,
    /// The only move that holds: the engine's best, and every other move a Mistake or worse.
    Great,
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
    /// The expected points the best other move would lose, when it was searched (only where
    /// [`may_be_great`] holds).
    pub alternative_loss: Option<f64>,
}

/// Whether the final pass searches the alternatives to position `index`'s best move, given its
/// `analysis`: the move played may be Great ([`may_be_great`]), and the mover is not already so
/// lost that no other move could lose more than [`GREAT`].
pub fn alternatives_needed(
    game: &Game,
    book_plies: usize,
    index: usize,
    analysis: &PositionAnalysis,
) -> bool {
    let mover = game.positions()[index].turn();
    let value = expected_points(Eval::from_white_score(analysis.score).for_side(mover, mover));
    value > GREAT && may_be_great(game, book_plies, index, analysis.best)
}

/// Whether the move played in position `index` of `game` can be Great, so the alternatives to
/// `best` (the engine's best move there) are worth an engine's time: it is `best`, after the
/// first `book_plies` moves, with another legal move, and not a recapture on the square the
/// opponent just took on (the obvious reply players do not count as found).
pub fn may_be_great(game: &Game, book_plies: usize, index: usize, best: Move) -> bool {
    let (positions, moves) = (game.positions(), game.moves());
    if index < book_plies || moves.get(index) != Some(&best) {
        return false;
    }
    let position = &positions[index];
    let recapture = index.checked_sub(1).is_some_and(|previous| {
        let taken = moves[previous];
        positions[previous].is_capture(taken)
            && position.is_capture(best)
            && taken.to() == best.to()
    });
    !recapture && position.count_legal_moves() > 1
}

/// The class of one move.
pub fn classify(input: ClassInput) -> MoveClass {
    let loss = input.loss.max(0.0);
    if input.book {
        MoveClass::Book
    } else if input.best && input.alternative_loss.is_some_and(|loss| loss > GREAT) {
        MoveClass::Great
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
            alternative_loss: None,
        })
    }

    fn great(alternative_loss: f64) -> MoveClass {
        classify(ClassInput {
            book: false,
            best: true,
            loss: 0.0,
            offered: 0.0,
            alternative_loss: Some(alternative_loss),
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
            alternative_loss: Some(0.5),
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

    #[test]
    fn the_best_move_is_great_only_when_every_other_move_is_a_mistake_or_worse() {
        // Hand-computed: level (0 cp, 0.5), the only move keeps it, the best other move drops
        // to -100 cp: 0.5 - (1 + 2 / (1 + e^0.368208) - 1) / 2 = 0.5 - 0.40897 = 0.0910: only an
        // Inaccuracy's worth, so Best; to -150 cp: 0.5 - 0.36609 = 0.1339: Great.
        let drop_to = |cp| expected_points(SideEval::Cp(0)) - expected_points(SideEval::Cp(cp));
        assert!((drop_to(-100) - 0.0910).abs() < 1e-3, "{}", drop_to(-100));
        assert!((drop_to(-150) - 0.1339).abs() < 1e-3, "{}", drop_to(-150));
        assert_eq!(great(drop_to(-100)), MoveClass::Best);
        assert_eq!(great(drop_to(-150)), MoveClass::Great);
        // The boundary itself is not Great; a mate only the best move keeps is.
        assert_eq!(great(GREAT), MoveClass::Best);
        let mate_or_even = expected_points(SideEval::Mating) - expected_points(SideEval::Cp(0));
        assert_eq!(great(mate_or_even), MoveClass::Great);
        // Not searched: Best.
        assert_eq!(class(true, 0.0, 0.0), MoveClass::Best);
    }

    fn game(moves: &[&str]) -> Game {
        Game::from_uci_moves(
            alphachess_engine::Position::startpos(),
            moves.iter().copied(),
        )
        .expect("legal moves")
    }

    fn played(game: &Game, index: usize) -> Move {
        game.moves()[index]
    }

    #[test]
    fn only_the_played_best_move_outside_the_book_that_is_no_recapture_may_be_great() {
        // 1. e4 d5 2. exd5 Qxd5: Qxd5 (index 3) takes back on d5; exd5 (index 2) is a capture
        // but no recapture.
        let g = game(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]);
        assert!(!may_be_great(&g, 0, 3, played(&g, 3)), "a recapture");
        assert!(may_be_great(&g, 0, 2, played(&g, 2)));
        assert!(may_be_great(&g, 0, 4, played(&g, 4)));
        // Inside the book, or when the game's move is not the engine's best: no.
        assert!(!may_be_great(&g, 3, 2, played(&g, 2)));
        assert!(!may_be_great(&g, 0, 2, played(&g, 4)));
        // Past the last move there is nothing played.
        assert!(!may_be_great(&g, 0, 5, played(&g, 4)));
        // One legal move: 1. e4 f6 2. Qh5+ g6?? (the only move out of check is g6) is forced.
        let forced = game(&["e2e4", "f7f6", "d1h5", "g7g6"]);
        assert_eq!(forced.positions()[3].count_legal_moves(), 1);
        assert!(!may_be_great(&forced, 0, 3, played(&forced, 3)));
    }

    #[test]
    fn a_mover_already_lost_gets_no_search_of_its_alternatives() {
        use crate::uci::Score;
        // 1. e4 d5 2. exd5: white to move at index 2, the game's move the engine's best.
        let g = game(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]);
        let at = |cp: i32| PositionAnalysis {
            score: Score::Cp(cp),
            best: played(&g, 2),
            pv: vec![played(&g, 2)],
            depth: 1,
            nodes: 1,
            second: None,
        };
        assert!(alternatives_needed(&g, 0, 2, &at(0)));
        // White's expected points at -600 cp: (1 + 2 / (1 + e^2.209) - 1) / 2 = 0.0988, under
        // GREAT: no other move could lose more than that. At -500: 0.1369, searched.
        assert!(!alternatives_needed(&g, 0, 2, &at(-600)));
        assert!(alternatives_needed(&g, 0, 2, &at(-500)));
        let mated = PositionAnalysis {
            score: Score::Mate(-3),
            ..at(0)
        };
        assert!(!alternatives_needed(&g, 0, 2, &mated));
    }
}
