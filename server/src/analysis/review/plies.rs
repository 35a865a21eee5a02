//! One ply of the review: its evaluation, class, judgment and sentence, once both its
//! positions are answered.

use alphachess_engine::{Line, SanPlus};

use super::super::classes::{classify, expected_points, may_be_great, ClassInput};
use super::super::eval::Eval;
use super::super::explain::{explain_every, MoveFacts};
use super::super::judgment::Judgment;
use super::super::report::{AnalysedPly, BestMove};
use super::{Pass, Review, EXPLAINED, PV_SHOWN};

impl Review {
    /// Ply `p` (1-based), once positions `p - 1` and `p` are answered.
    pub(super) fn ply(&self, p: usize) -> Option<AnalysedPly> {
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
}
