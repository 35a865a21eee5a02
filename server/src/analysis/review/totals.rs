//! What the whole review adds up to once complete: key moments, phases, accuracy, summary.

use alphachess_engine::ByColor;

use super::super::accuracy::{average_centipawn_loss, game_accuracy, move_scores, Accuracy};
use super::super::judgment::Judgment;
use super::super::moments::{key_moments, ClassedMove, KeyMoments};
use super::super::phases::{divide, phase_accuracy, PhaseAccuracy};
use super::super::report::{AnalysedPly, SideSummary, Summary};
use super::Review;

impl Review {
    /// Each side's key moments, once complete.
    pub fn key_moments(&self) -> Option<KeyMoments> {
        self.key_moments_of(&self.plies())
    }

    /// [`Review::key_moments`] from this review's `plies`.
    pub(super) fn key_moments_of(&self, plies: &[AnalysedPly]) -> Option<KeyMoments> {
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
    pub(super) fn summary_of(&self, plies: &[AnalysedPly]) -> Option<Summary> {
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
}
