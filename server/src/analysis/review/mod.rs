//! Turns the engine's analyses of a finished game's positions (0 = the start, N = the final
//! position) into the plies, judgments, accuracy and summary the API shows. Each ply has one
//! judgment, its class (`classes.rs`); its glyph derives from it (`judgment.rs`).
//!
//! Ply `p` needs positions `p - 1` (the best move, the line, the evaluation before) and `p` (the
//! evaluation after). A final position without legal moves, or drawn by rule, is never searched:
//! checkmate is `{mate: 0}`, a draw `{cp: 0}`.
//!
//! Answers arrive in any order (the game is searched in chunks on several engines) and in two
//! passes: a quick one at a small budget, so the whole graph shows within seconds, then the
//! final one. A ply built from a quick answer is `provisional`; accuracy, the summary and the PGN
//! export wait for final answers only, and a quick answer never replaces a final one.

mod plies;
mod totals;

use std::sync::OnceLock;

use alphachess_engine::{Color, DrawReason, Game, Outcome};

use super::classes::MoveClass;
use super::eval::Eval;
use super::explain::Explanation;
use super::report::{AnalysedPly, Analysis, AnalysisProgress, AnalysisStatus};
use crate::uci::PositionAnalysis;

/// The classes whose moves get a sentence: every one of them (issue #38).
const EXPLAINED: [MoveClass; 4] = [
    MoveClass::Inaccuracy,
    MoveClass::Mistake,
    MoveClass::Blunder,
    MoveClass::Miss,
];

/// The most moves of the engine's line shown per ply.
pub const PV_SHOWN: usize = 6;

/// Which pass an answer comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pass {
    /// A small budget, for a first graph: shown as provisional, never judged for good.
    Quick,
    /// The analysis's budget: what judgments, accuracy and the export rest on.
    Final,
}

/// One position's answer and the pass it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Answer {
    analysis: PositionAnalysis,
    pass: Pass,
}

/// The analysis of one finished game, as it is built position by position.
#[derive(Debug, Clone)]
pub struct Review {
    game: Game,
    /// How many of the game's first moves are book moves: each led to a named opening position,
    /// as did every move before it.
    book_plies: usize,
    /// The answer for each position to search (`None`: not answered yet).
    answers: Vec<Option<Answer>>,
    /// The final position's evaluation when it needs no search.
    terminal: Option<Eval>,
    /// `explanations[p]`: ply `p`'s sentence once worked out (a proof search is not free, and
    /// the plies are rebuilt for every reader); forgotten when one of its answers changes.
    explanations: Vec<OnceLock<Option<Explanation>>>,
}

/// An analysis that does not fit the review.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("position {0} is not one of the game's positions to search")]
    OutOfRange(usize),
    #[error("the analysis of position {0} names a move that is illegal there")]
    WrongPosition(usize),
}

/// The final position's evaluation when it needs no search: checkmate, or a draw by rule
/// (stalemate, repetition, the move rules, insufficient material). `None` when it must be
/// searched (a resignation, an agreed draw, a flag).
pub fn final_eval(game: &Game) -> Option<Eval> {
    let position = game.position();
    if position.legal_moves().is_empty() {
        return Some(if position.is_check() {
            Eval::CHECKMATE
        } else {
            Eval::DRAW
        });
    }
    match game.outcome() {
        // An agreed draw and a flag leave a position the board does not call drawn.
        Some(Outcome::Draw { reason })
            if !matches!(
                reason,
                DrawReason::Agreement | DrawReason::TimeoutVsInsufficientMaterial
            ) =>
        {
            Some(Eval::DRAW)
        }
        _ => None,
    }
}

/// How many positions of `game` the engine must search (the start included).
pub fn positions_to_search(game: &Game) -> usize {
    game.positions().len() - usize::from(final_eval(game).is_some())
}

/// How many of `game`'s first moves are book moves: each one's position is a named opening
/// position (the chess-openings data we ship), and so was every one before. A Chess960 game has
/// none.
fn book_plies(game: &Game) -> usize {
    if game.initial_position().is_chess960() {
        return 0;
    }
    let book = crate::openings::book();
    game.positions()
        .iter()
        .skip(1)
        .take_while(|position| book.get(position.repetition_key()).is_some())
        .count()
}

impl Review {
    /// An empty review of `game`.
    pub fn new(game: Game) -> Review {
        let terminal = final_eval(&game);
        let answers = vec![None; positions_to_search(&game)];
        Review {
            book_plies: book_plies(&game),
            explanations: vec![OnceLock::new(); game.ply() + 2],
            game,
            answers,
            terminal,
        }
    }

    /// The game reviewed.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Positions answered finally and at least provisionally, of those to search.
    pub fn progress(&self) -> AnalysisProgress {
        let answered = self.answers.iter().flatten();
        AnalysisProgress {
            done: answered.clone().filter(|a| a.pass == Pass::Final).count(),
            quick: answered.count(),
            total: self.answers.len(),
        }
    }

    /// Whether every position has its final answer.
    pub fn is_complete(&self) -> bool {
        self.answers
            .iter()
            .all(|a| a.as_ref().is_some_and(|a| a.pass == Pass::Final))
    }

    /// The positions still without an answer of `pass` (or better), in order.
    pub fn missing(&self, pass: Pass) -> Vec<usize> {
        (0..self.answers.len())
            .filter(|&index| self.pass_of(index).is_none_or(|have| have < pass))
            .collect()
    }

    /// The pass position `index` was answered in, if it was.
    pub fn pass_of(&self, index: usize) -> Option<Pass> {
        self.answers.get(index)?.as_ref().map(|a| a.pass)
    }

    /// How many of the game's first moves are book moves.
    pub fn book_plies(&self) -> usize {
        self.book_plies
    }

    /// The final evaluation of position `index` (from white's side), searched or by rule.
    pub fn eval_of(&self, index: usize) -> Option<Eval> {
        match self.eval(index)? {
            (eval, false) => Some(eval),
            (_, true) => None,
        }
    }

    /// The final answer for position `index`, if there is one.
    pub fn final_answer(&self, index: usize) -> Option<&PositionAnalysis> {
        self.answers
            .get(index)?
            .as_ref()
            .filter(|a| a.pass == Pass::Final)
            .map(|a| &a.analysis)
    }

    /// Sets the answer of `pass` for position `index` and answers the plies it changes (none
    /// when a quick answer comes for a position that already has its final one: it is ignored).
    /// A final answer replaces an earlier final one (the consistency pass re-searches).
    pub fn set(
        &mut self,
        index: usize,
        analysis: PositionAnalysis,
        pass: Pass,
    ) -> Result<Vec<AnalysedPly>, ReviewError> {
        let slot = self
            .answers
            .get(index)
            .ok_or(ReviewError::OutOfRange(index))?;
        if !self.game.positions()[index].is_legal(analysis.best) {
            return Err(ReviewError::WrongPosition(index));
        }
        if slot.as_ref().is_some_and(|a| a.pass > pass) {
            return Ok(Vec::new());
        }
        self.answers[index] = Some(Answer { analysis, pass });
        for p in [index, index + 1] {
            if let Some(explanation) = self.explanations.get_mut(p) {
                explanation.take();
            }
        }
        // Position `index` ends ply `index` and starts ply `index + 1` (which, after the last
        // searched position, ends in a final position that needs no search).
        Ok([index, index + 1]
            .into_iter()
            .filter(|&p| p >= 1 && p <= self.game.ply())
            .filter_map(|p| self.ply(p))
            .collect())
    }

    /// Every ply evaluated so far, final or provisional, in order (with gaps while it runs).
    pub fn plies(&self) -> Vec<AnalysedPly> {
        (1..=self.game.ply()).filter_map(|p| self.ply(p)).collect()
    }

    /// The plies with final evaluations only, in order (with gaps while it runs): what the PGN
    /// export annotates.
    pub fn final_plies(&self) -> Vec<AnalysedPly> {
        self.plies()
            .into_iter()
            .filter(|ply| !ply.provisional)
            .collect()
    }

    /// The analysis in the API's shape, with accuracy and summary once complete.
    pub fn to_analysis(&self, status: AnalysisStatus) -> Analysis {
        // Built once: the summary and the key moments read the same plies.
        let plies = self.plies();
        Analysis {
            status,
            progress: self.progress(),
            accuracy: self.accuracy(),
            summary: self.summary_of(&plies),
            key_moments: self.key_moments_of(&plies),
            phases: self.phases(),
            plies,
            ahead: None,
        }
    }

    /// The evaluation of position `index` if known, and whether it is provisional.
    fn eval(&self, index: usize) -> Option<(Eval, bool)> {
        match self.answers.get(index) {
            Some(answer) => {
                let answer = answer.as_ref()?;
                Some((
                    Eval::from_white_score(answer.analysis.score),
                    answer.pass == Pass::Quick,
                ))
            }
            None if index == self.game.ply() => self.terminal.map(|eval| (eval, false)),
            None => None,
        }
    }

    fn first_mover(&self) -> Color {
        self.game.initial_position().turn()
    }
}

#[cfg(test)]
mod tests;
