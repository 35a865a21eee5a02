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

use std::sync::OnceLock;

use alphachess_engine::{ByColor, Color, DrawReason, Game, Line, Outcome, SanPlus};

use super::accuracy::{average_centipawn_loss, game_accuracy, move_scores, Accuracy};
use super::classes::{classify, expected_points, may_be_great, ClassInput, MoveClass};
use super::eval::Eval;
use super::explain::{explain_every, Explanation, MoveFacts};
use super::judgment::Judgment;
use super::moments::{key_moments, ClassedMove, KeyMoments};
use super::phases::{divide, phase_accuracy, PhaseAccuracy};
use super::report::{
    AnalysedPly, Analysis, AnalysisProgress, AnalysisStatus, BestMove, SideSummary, Summary,
};
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

    /// Ply `p` (1-based), once positions `p - 1` and `p` are answered.
    fn ply(&self, p: usize) -> Option<AnalysedPly> {
        let before_answer = self.answers.get(p.checked_sub(1)?)?.as_ref()?;
        let (after, after_provisional) = self.eval(p)?;
        let (before_eval, _) = self.eval(p - 1)?;
        let positions = self.game.positions();
        let before = &positions[p - 1];
        let mover = before.turn();
        let analysis = &before_answer.analysis;
        let points_lost = self.points_lost(p)?;
        let alternative_loss = analysis
            .second
            .filter(|_| may_be_great(&self.game, self.book_plies, p - 1, analysis.best))
            .map(|second| {
                let value = |eval: Eval| expected_points(eval.for_side(mover, mover));
                value(before_eval) - value(Eval::from_white_score(second))
            });
        let class = classify(ClassInput {
            book: p <= self.book_plies,
            best: self.game.moves()[p - 1] == analysis.best,
            alternative_loss,
            loss: points_lost,
            offered: p
                .checked_sub(1)
                .and_then(|previous| self.points_lost(previous))
                .unwrap_or(0.0),
        });
        let searched_after = self.answers.get(p).and_then(Option::as_ref);
        let provisional = before_answer.pass == Pass::Quick || after_provisional;
        let explanation = if provisional || !EXPLAINED.contains(&class) {
            None
        } else {
            self.explanations[p]
                .get_or_init(|| {
                    explain_every(&MoveFacts {
                        ply: p,
                        before,
                        played: self.game.moves()[p - 1],
                        best_line: &analysis.pv,
                        reply_line: searched_after.map_or(&[], |a| a.analysis.pv.as_slice()),
                    })
                })
                .clone()
        };
        Some(AnalysedPly {
            ply: p,
            eval: after,
            best: Some(BestMove {
                uci: analysis.best.to_uci().to_string(),
                san: SanPlus::from_move(before, analysis.best).to_string(),
            }),
            // The first PV_SHOWN moves, up to the first illegal one, in SAN.
            pv_san: Line::from_moves(before, analysis.pv.iter().take(PV_SHOWN))
                .san()
                .iter()
                .map(ToString::to_string)
                .collect(),
            provisional,
            depth: searched_after.map(|a| a.analysis.depth),
            nodes: searched_after.map(|a| a.analysis.nodes),
            // The one judge (`judgment.rs`): the glyph is the class's.
            judgment: Judgment::of_class(class, points_lost),
            class: Some(class),
            points_lost: Some((points_lost * 1000.0).round() / 1000.0),
            explanation,
        })
    }

    /// The expected points ply `p` (1-based) lost for its mover, once its two positions are
    /// answered: the value before it (the best move's) minus the value after it, at least 0.
    fn points_lost(&self, p: usize) -> Option<f64> {
        let positions = self.game.positions();
        let (before, _) = self.eval(p.checked_sub(1)?)?;
        let (after, _) = self.eval(p)?;
        let mover = positions[p - 1].turn();
        let before = expected_points(before.for_side(mover, mover));
        let after = expected_points(after.for_side(mover, positions[p].turn()));
        Some((before - after).max(0.0))
    }

    /// Each side's key moments, once complete.
    pub fn key_moments(&self) -> Option<KeyMoments> {
        self.key_moments_of(&self.plies())
    }

    /// [`Review::key_moments`] from this review's `plies`.
    fn key_moments_of(&self, plies: &[AnalysedPly]) -> Option<KeyMoments> {
        if !self.is_complete() {
            return None;
        }
        let positions = self.game.positions();
        let moves: Vec<ClassedMove> = plies
            .iter()
            .filter_map(|ply| {
                Some(ClassedMove {
                    ply: ply.ply,
                    side: positions[ply.ply - 1].turn(),
                    class: ply.class?,
                    points_lost: ply.points_lost?,
                })
            })
            .collect();
        Some(key_moments(&moves))
    }

    /// Where the phases begin and each side's accuracy in each, once complete.
    pub fn phases(&self) -> Option<PhaseAccuracy> {
        let cps = self.white_cps()?;
        let scores = move_scores(self.first_mover(), &cps);
        Some(phase_accuracy(divide(self.game.positions()), &scores))
    }

    /// White's (ceiled) centipawns of every position, once all are final.
    fn white_cps(&self) -> Option<Vec<i32>> {
        if !self.is_complete() {
            return None;
        }
        self.game
            .positions()
            .iter()
            .enumerate()
            .map(|(index, position)| Some(self.eval(index)?.0.white_cp(position.turn())))
            .collect()
    }

    /// Each side's accuracy (one decimal), once complete.
    pub fn accuracy(&self) -> Option<Accuracy> {
        let cps = self.white_cps()?;
        let accuracy = game_accuracy(self.first_mover(), &cps);
        let shown = |value: Option<f64>| value.map(|v| (v * 10.0).round() / 10.0);
        Some(Accuracy {
            white: shown(accuracy.white),
            black: shown(accuracy.black),
        })
    }

    /// Each side's judgments and average centipawn loss, once complete.
    pub fn summary(&self) -> Option<Summary> {
        self.summary_of(&self.plies())
    }

    /// [`Review::summary`] from this review's `plies`.
    fn summary_of(&self, plies: &[AnalysedPly]) -> Option<Summary> {
        let cps = self.white_cps()?;
        let acpl = average_centipawn_loss(self.first_mover(), &cps);
        let mut sides: ByColor<SideSummary> = ByColor::default();
        for ply in plies {
            let side = &mut sides[self.game.positions()[ply.ply - 1].turn()];
            match ply.judgment {
                Some(Judgment::Inaccuracy) => side.inaccuracies += 1,
                Some(Judgment::Mistake) => side.mistakes += 1,
                Some(Judgment::Blunder) => side.blunders += 1,
                None => {}
            }
        }
        sides.white.acpl = acpl.white.unwrap_or(0);
        sides.black.acpl = acpl.black.unwrap_or(0);
        Some(Summary {
            white: sides.white,
            black: sides.black,
        })
    }

    fn first_mover(&self) -> Color {
        self.game.initial_position().turn()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::Score;
    use alphachess_engine::{Move, Position, UciMove, WinReason};
    use alphachess_testkit::game_after;

    /// An engine answer for `position`: `line` in UCI, the first move being the best.
    fn answer(position: &Position, score: Score, line: &[&str]) -> PositionAnalysis {
        let mut board = position.clone();
        let pv: Vec<Move> = line
            .iter()
            .map(|text| {
                let uci: UciMove = text.parse().expect("test move is UCI");
                let m = uci.to_move(&board).expect("test line is legal");
                board.play(m).expect("legal");
                m
            })
            .collect();
        PositionAnalysis {
            score,
            best: pv[0],
            pv,
            depth: 20,
            nodes: 1_000_000,
            second: None,
        }
    }

    impl Review {
        /// Sets the final answer of the first position without one (the old, sequential order).
        fn push_final(
            &mut self,
            analysis: PositionAnalysis,
        ) -> Result<Vec<AnalysedPly>, ReviewError> {
            let next = self
                .missing(Pass::Final)
                .first()
                .copied()
                .unwrap_or(self.answers.len());
            self.set(next, analysis, Pass::Final)
        }
    }

    #[test]
    fn a_checkmate_needs_no_search_and_its_ply_comes_with_the_one_before() {
        // 1. f3 e5 2. g4 Qh4#
        let game = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        let positions = game.positions().to_vec();
        let mut review = Review::new(game);
        assert_eq!(
            review.progress(),
            AnalysisProgress {
                done: 0,
                quick: 0,
                total: 4
            }
        );

        let start = answer(&positions[0], Score::Cp(20), &["e2e4", "e7e5"]);
        assert_eq!(review.push_final(start), Ok(vec![]), "the start is no ply");
        let plies = review
            .push_final(answer(&positions[1], Score::Cp(-10), &["e7e5"]))
            .expect("fits");
        assert_eq!(plies.len(), 1);
        assert_eq!(plies[0].ply, 1);
        assert_eq!(plies[0].eval, Eval::Cp(-10));
        assert_eq!(plies[0].best.as_ref().map(|b| b.san.as_str()), Some("e4"));
        assert_eq!(plies[0].pv_san, ["e4", "e5"]);
        // wc(20) - wc(-10) = 0.0368 + 0.0184 = 0.055: nothing.
        assert_eq!(plies[0].judgment, None);

        let plies = review
            .push_final(answer(&positions[2], Score::Cp(-60), &["b1c3", "b8c6"]))
            .expect("fits");
        assert_eq!(plies[0].ply, 2);
        assert_eq!(plies[0].judgment, None, "black gained");

        // Black mates in one: white's score is "mate -1". That completes plies 3 and 4.
        let plies = review
            .push_final(answer(&positions[3], Score::Mate(-1), &["d8h4"]))
            .expect("fits");
        assert_eq!(
            plies.iter().map(|p| p.ply).collect::<Vec<_>>(),
            [3, 4],
            "the mate needs no search"
        );
        assert_eq!(plies[0].eval, Eval::Mate(-1));
        assert_eq!(plies[0].best.as_ref().map(|b| b.san.as_str()), Some("Nc3"));
        // MateCreated from -60 cp (not below -700): a blunder.
        assert_eq!(plies[0].judgment, Some(Judgment::Blunder));
        assert_eq!(plies[1].eval, Eval::CHECKMATE);
        assert_eq!(plies[1].best.as_ref().map(|b| b.san.as_str()), Some("Qh4#"));
        assert_eq!(plies[1].judgment, None, "mating is never a mistake");

        assert!(review.is_complete());
        assert_eq!(
            review.set(
                4,
                answer(&positions[3], Score::Mate(-1), &["d8h4"]),
                Pass::Final
            ),
            Err(ReviewError::OutOfRange(4)),
            "the checkmate is never searched"
        );
        let analysis = review.to_analysis(AnalysisStatus::Done);
        assert_eq!(analysis.plies.len(), 4);
        assert_eq!(
            analysis.progress,
            AnalysisProgress {
                done: 4,
                quick: 4,
                total: 4
            }
        );
        let summary = analysis.summary.expect("complete");
        // White's cp: 20, -10, -60, -1000 (mate), -1000 (checkmated, white to move).
        // White: 20 → -10 loses 30, -60 → -1000 loses 940: (30 + 940) / 2 = 485.
        // Black: -10 → -60 and -1000 → -1000 lose nothing.
        assert_eq!(
            summary.white,
            SideSummary {
                inaccuracies: 0,
                mistakes: 0,
                blunders: 1,
                acpl: 485
            }
        );
        assert_eq!(summary.black, SideSummary::default());
        let accuracy = analysis.accuracy.expect("complete");
        assert_eq!(accuracy.black, Some(100.0));
        assert!(accuracy.white.expect("white moved") < 50.0);
    }

    #[test]
    fn a_resigned_game_s_final_position_is_searched() {
        let mut game = game_after(&["e2e4", "e7e5"]);
        game.resign(Color::White);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Resignation
            })
        );
        assert_eq!(final_eval(&game), None);
        assert_eq!(positions_to_search(&game), 3);
        let positions = game.positions().to_vec();
        let mut review = Review::new(game);
        for (position, line) in positions.iter().zip([["e2e4"], ["e7e5"], ["g1f3"]]) {
            review
                .push_final(answer(position, Score::Cp(30), &line))
                .expect("fits");
        }
        assert!(review.is_complete());
        assert_eq!(review.plies().len(), 2);
        assert!(review.summary().is_some());
    }

    #[test]
    fn a_stalemate_or_a_draw_by_rule_is_a_draw_without_search() {
        let stalemate =
            Game::new(Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("a valid FEN"));
        assert_eq!(final_eval(&stalemate), Some(Eval::DRAW));
        assert_eq!(positions_to_search(&stalemate), 0);
        // Threefold repetition (the game ends there under the automatic rule).
        let repeated = game_after(&[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ]);
        assert!(repeated.outcome().is_some());
        assert_eq!(final_eval(&repeated), Some(Eval::DRAW));
        let mut agreed = game_after(&["e2e4"]);
        agreed.agree_draw();
        assert_eq!(final_eval(&agreed), None, "an agreed draw is searched");
    }

    #[test]
    fn an_analysis_of_another_position_is_refused() {
        let game = game_after(&["e2e4"]);
        let mut review = Review::new(game.clone());
        // e7e5 is black's move: illegal in the start position.
        let wrong = answer(&game.positions()[1], Score::Cp(0), &["e7e5"]);
        assert_eq!(review.push_final(wrong), Err(ReviewError::WrongPosition(0)));
    }

    #[test]
    fn answers_in_any_order_make_plies_once_both_ends_are_known() {
        let game = game_after(&["e2e4", "e7e5", "g1f3"]);
        let positions = game.positions().to_vec();
        let mut review = Review::new(game);
        // Backward, as a chunk is searched: position 3, then 2.
        let last = answer(&positions[3], Score::Cp(30), &["b8c6"]);
        assert_eq!(review.set(3, last, Pass::Final), Ok(vec![]));
        let plies = review
            .set(
                2,
                answer(&positions[2], Score::Cp(35), &["g1f3"]),
                Pass::Final,
            )
            .expect("fits");
        assert_eq!(plies.iter().map(|p| p.ply).collect::<Vec<_>>(), [3]);
        assert_eq!(
            review.plies().len(),
            1,
            "plies 1 and 2 wait for positions 0 and 1"
        );
        assert_eq!(review.missing(Pass::Final), [0, 1]);
        assert!(review.summary().is_none() && review.accuracy().is_none());
    }

    #[test]
    fn a_quick_answer_is_provisional_and_never_replaces_a_final_one() {
        let game = game_after(&["e2e4", "e7e5"]);
        let positions = game.positions().to_vec();
        let mut review = Review::new(game);
        for (index, position) in positions.iter().enumerate() {
            let line = [["e2e4"], ["e7e5"], ["g1f3"]][index];
            review
                .set(index, answer(position, Score::Cp(10), &line), Pass::Quick)
                .expect("fits");
        }
        assert_eq!(
            review.progress(),
            AnalysisProgress {
                done: 0,
                quick: 3,
                total: 3
            }
        );
        assert!(review.plies().iter().all(|p| p.provisional));
        assert!(review.final_plies().is_empty());
        assert!(review.summary().is_none(), "no summary from quick answers");
        assert_eq!(review.missing(Pass::Quick), Vec::<usize>::new());

        let plies = review
            .set(
                1,
                answer(&positions[1], Score::Cp(25), &["e7e5"]),
                Pass::Final,
            )
            .expect("fits");
        // Ply 1 is final only at its end; ply 2 only at its start: both stay provisional.
        assert!(plies.iter().all(|p| p.provisional));
        review
            .set(
                0,
                answer(&positions[0], Score::Cp(20), &["e2e4"]),
                Pass::Final,
            )
            .expect("fits");
        let first = &review.plies()[0];
        assert!(!first.provisional);
        assert_eq!((first.depth, first.nodes), (Some(20), Some(1_000_000)));
        // A late quick answer does not undo the final one.
        let late = answer(&positions[0], Score::Cp(-300), &["d2d4"]);
        assert_eq!(review.set(0, late, Pass::Quick), Ok(vec![]));
        assert_eq!(
            review.plies()[0].best.as_ref().map(|b| b.san.as_str()),
            Some("e4")
        );
        review
            .set(
                2,
                answer(&positions[2], Score::Cp(20), &["g1f3"]),
                Pass::Final,
            )
            .expect("fits");
        assert!(review.is_complete());
        assert_eq!(review.final_plies().len(), 2);
        assert!(review.summary().is_some());
    }
}
