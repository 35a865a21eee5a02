//! Turns the engine's analyses of a finished game's positions (0 = the start, N = the final
//! position) into the plies, judgments, accuracy and summary the API shows.
//!
//! Ply `p` needs positions `p - 1` (the best move, the line, the evaluation before) and `p` (the
//! evaluation after). A final position without legal moves, or drawn by rule, is never searched:
//! checkmate is `{mate: 0}`, a draw `{cp: 0}`.

use alphachess_engine::{ByColor, Color, DrawReason, Game, Move, Outcome, Position, SanPlus};

use super::accuracy::{average_centipawn_loss, game_accuracy};
use super::eval::Eval;
use super::judgment::{judge, Judgment};
use super::report::{
    Accuracy, AnalysedPly, Analysis, AnalysisProgress, AnalysisStatus, BestMove, SideSummary,
    Summary,
};
use crate::uci::PositionAnalysis;

/// The most moves of the engine's line shown per ply.
pub const PV_SHOWN: usize = 6;

/// The analysis of one finished game, as it is built position by position.
#[derive(Debug, Clone)]
pub struct Review {
    game: Game,
    /// Analyses of positions `0..searched.len()`, in order.
    searched: Vec<PositionAnalysis>,
    /// The final position's evaluation when it needs no search.
    terminal: Option<Eval>,
}

/// An analysis that does not fit the review.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("every position of the game is already analysed")]
    Complete,
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

impl Review {
    /// An empty review of `game`.
    pub fn new(game: Game) -> Review {
        let terminal = final_eval(&game);
        Review {
            game,
            searched: Vec::new(),
            terminal,
        }
    }

    /// Positions searched so far, of those to search.
    pub fn progress(&self) -> AnalysisProgress {
        AnalysisProgress {
            done: self.searched.len(),
            total: positions_to_search(&self.game),
        }
    }

    /// Whether every position is analysed.
    pub fn is_complete(&self) -> bool {
        self.searched.len() == positions_to_search(&self.game)
    }

    /// Adds the analysis of the next position and answers the plies it completes (none for the
    /// start; two for the last searched position when the final one needs no search).
    pub fn push(&mut self, analysis: PositionAnalysis) -> Result<Vec<AnalysedPly>, ReviewError> {
        let index = self.searched.len();
        if self.is_complete() {
            return Err(ReviewError::Complete);
        }
        if !self.game.positions()[index].is_legal(analysis.best) {
            return Err(ReviewError::WrongPosition(index));
        }
        self.searched.push(analysis);
        let last = if self.is_complete() {
            self.game.ply()
        } else {
            index
        };
        Ok((index.max(1)..=last).filter_map(|p| self.ply(p)).collect())
    }

    /// Every ply finished so far, in order.
    pub fn plies(&self) -> Vec<AnalysedPly> {
        (1..=self.game.ply()).map_while(|p| self.ply(p)).collect()
    }

    /// The analysis in the API's shape, with accuracy and summary once complete.
    pub fn to_analysis(&self, status: AnalysisStatus) -> Analysis {
        Analysis {
            status,
            progress: self.progress(),
            plies: self.plies(),
            accuracy: self.accuracy(),
            summary: self.summary(),
        }
    }

    /// The evaluation of position `index`, if known.
    fn eval(&self, index: usize) -> Option<Eval> {
        match self.searched.get(index) {
            Some(analysis) => Some(Eval::from_white_score(analysis.score)),
            None if index == self.game.ply() => self.terminal,
            None => None,
        }
    }

    /// Ply `p` (1-based), once positions `p - 1` and `p` are analysed.
    fn ply(&self, p: usize) -> Option<AnalysedPly> {
        let analysis = self.searched.get(p.checked_sub(1)?)?;
        let after = self.eval(p)?;
        let positions = self.game.positions();
        let before = &positions[p - 1];
        let judgment = self.judgment(p);
        Some(AnalysedPly {
            ply: p,
            eval: after,
            best: Some(BestMove {
                uci: analysis.best.to_uci().to_string(),
                san: SanPlus::from_move(before, analysis.best).to_string(),
            }),
            pv_san: san_line(before, &analysis.pv),
            judgment,
        })
    }

    /// The judgment of ply `p`, from the mover's point of view.
    fn judgment(&self, p: usize) -> Option<Judgment> {
        let positions = self.game.positions();
        let mover = positions[p - 1].turn();
        let before = self.eval(p - 1)?.for_side(mover, mover);
        let after = self.eval(p)?.for_side(mover, positions[p].turn());
        judge(before, after)
    }

    /// White's (ceiled) centipawns of every position, once all are known.
    fn white_cps(&self) -> Option<Vec<i32>> {
        self.game
            .positions()
            .iter()
            .enumerate()
            .map(|(index, position)| Some(self.eval(index)?.white_cp(position.turn())))
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
        let cps = self.white_cps()?;
        let acpl = average_centipawn_loss(self.first_mover(), &cps);
        let mut sides: ByColor<SideSummary> = ByColor::default();
        for ply in self.plies() {
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

/// The first [`PV_SHOWN`] moves of `line` from `position`, in SAN.
fn san_line(position: &Position, line: &[Move]) -> Vec<String> {
    let mut position = position.clone();
    let mut shown = Vec::with_capacity(PV_SHOWN);
    for &m in line.iter().take(PV_SHOWN) {
        let san = SanPlus::from_move(&position, m).to_string();
        if position.play(m).is_err() {
            break;
        }
        shown.push(san);
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::Score;
    use alphachess_engine::{UciMove, WinReason};

    fn game_after(moves: &[&str]) -> Game {
        let mut game = Game::default();
        for text in moves {
            let uci: UciMove = text.parse().expect("test move is UCI");
            let m = uci.to_move(game.position()).expect("test move is legal");
            game.play(m).expect("test move is playable");
        }
        game
    }

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
        }
    }

    #[test]
    fn a_checkmate_needs_no_search_and_its_ply_comes_with_the_one_before() {
        // 1. f3 e5 2. g4 Qh4#
        let game = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        let positions = game.positions().to_vec();
        let mut review = Review::new(game);
        assert_eq!(review.progress(), AnalysisProgress { done: 0, total: 4 });

        let start = answer(&positions[0], Score::Cp(20), &["e2e4", "e7e5"]);
        assert_eq!(review.push(start), Ok(vec![]), "the start is no ply");
        let plies = review
            .push(answer(&positions[1], Score::Cp(-10), &["e7e5"]))
            .expect("fits");
        assert_eq!(plies.len(), 1);
        assert_eq!(plies[0].ply, 1);
        assert_eq!(plies[0].eval, Eval::Cp(-10));
        assert_eq!(plies[0].best.as_ref().map(|b| b.san.as_str()), Some("e4"));
        assert_eq!(plies[0].pv_san, ["e4", "e5"]);
        // wc(20) - wc(-10) = 0.0368 + 0.0184 = 0.055: nothing.
        assert_eq!(plies[0].judgment, None);

        let plies = review
            .push(answer(&positions[2], Score::Cp(-60), &["b1c3", "b8c6"]))
            .expect("fits");
        assert_eq!(plies[0].ply, 2);
        assert_eq!(plies[0].judgment, None, "black gained");

        // Black mates in one: white's score is "mate -1". That completes plies 3 and 4.
        let plies = review
            .push(answer(&positions[3], Score::Mate(-1), &["d8h4"]))
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
            review.push(answer(&positions[3], Score::Mate(-1), &["d8h4"])),
            Err(ReviewError::Complete)
        );
        let analysis = review.to_analysis(AnalysisStatus::Done);
        assert_eq!(analysis.plies.len(), 4);
        assert_eq!(analysis.progress, AnalysisProgress { done: 4, total: 4 });
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
                .push(answer(position, Score::Cp(30), &line))
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
        assert_eq!(review.push(wrong), Err(ReviewError::WrongPosition(0)));
    }
}
