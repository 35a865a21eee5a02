//! How bad a move was: lichess's judgments, reproduced from lila.
//!
//! Source: lichess-org/lila `modules/tree/src/main/Advice.scala` (formerly
//! `modules/analyse/src/main/Advice.scala`) and scalachess `core/src/main/scala/eval.scala`
//! (`WinPercent.winningChances`, multiplier from lila PR #11148):
//! - `CpAdvice`: both evaluations in centipawns; the mover's drop in winning chances
//!   `2 / (1 + exp(-0.00368208 · cp)) - 1` (raw centipawns, the result clamped to [-1, 1]) is a
//!   blunder from 0.3, a mistake from 0.2, an inaccuracy from 0.1;
//! - `MateAdvice`, `MateCreated` (centipawns before, a mate against the mover after): an
//!   inaccuracy if the mover's centipawns before were below -999, a mistake below -700, else a
//!   blunder;
//! - `MateAdvice`, `MateLost` (a mate for the mover before; centipawns, or a mate against the
//!   mover, after): an inaccuracy if the mover's centipawns after are above 999, a mistake
//!   above 700, else (a mate against the mover counts as 0) a blunder;
//! - anything else (a slower mate, a mate that stays lost, delivering checkmate): no judgment.

use serde::Serialize;
use utoipa::ToSchema;

use super::eval::SideEval;

/// lila's `WinPercent.winningChances` multiplier.
const WINNING_CHANCES_MULTIPLIER: f64 = -0.00368208;

/// A move that lost something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Judgment {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// Winning chances in [-1, 1] for the side whose centipawns these are.
pub fn winning_chances(cp: i32) -> f64 {
    let chances = 2.0 / (1.0 + (WINNING_CHANCES_MULTIPLIER * f64::from(cp)).exp()) - 1.0;
    chances.clamp(-1.0, 1.0)
}

/// The judgment of a move, given the evaluations before and after it, both from the MOVER's
/// point of view.
pub fn judge(before: SideEval, after: SideEval) -> Option<Judgment> {
    match (before, after) {
        (SideEval::Cp(before), SideEval::Cp(after)) => {
            by_drop(winning_chances(before) - winning_chances(after))
        }
        // MateCreated.
        (SideEval::Cp(before), SideEval::Mated) => Some(if before < -999 {
            Judgment::Inaccuracy
        } else if before < -700 {
            Judgment::Mistake
        } else {
            Judgment::Blunder
        }),
        // MateLost.
        (SideEval::Mating, after) => {
            let after = match after {
                SideEval::Cp(cp) => cp,
                SideEval::Mated => 0,
                SideEval::Mating => return None,
            };
            Some(if after > 999 {
                Judgment::Inaccuracy
            } else if after > 700 {
                Judgment::Mistake
            } else {
                Judgment::Blunder
            })
        }
        (SideEval::Cp(_), SideEval::Mating) | (SideEval::Mated, _) => None,
    }
}

/// lila's `winningChanceJudgements`: the first threshold the drop reaches.
fn by_drop(drop: f64) -> Option<Judgment> {
    [
        (0.3, Judgment::Blunder),
        (0.2, Judgment::Mistake),
        (0.1, Judgment::Inaccuracy),
    ]
    .into_iter()
    .find(|&(threshold, _)| threshold <= drop)
    .map(|(_, judgment)| judgment)
}

#[cfg(test)]
mod tests {
    use super::*;
    use SideEval::{Cp, Mated, Mating};

    #[test]
    fn winning_chances_follow_lichess_s_curve() {
        // 2 / (1 + e^(-0.368208)) - 1 = 2 / (1 + 0.691971) - 1 = 0.182052
        assert!((winning_chances(100) - 0.182_052).abs() < 1e-6);
        assert!((winning_chances(-100) + 0.182_052).abs() < 1e-6);
        assert_eq!(winning_chances(0), 0.0);
        // 2 / (1 + e^(-3.68208)) - 1 = 2 / 1.025157 - 1 = 0.950895: not 1, hence the ceiling.
        assert!((winning_chances(1000) - 0.950_895).abs() < 1e-6);
    }

    #[test]
    fn a_centipawn_drop_is_judged_by_the_winning_chances_it_costs() {
        // 0 → -50: wc(0) - wc(-50) = 0 - (-0.091793) = 0.0918 < 0.1: nothing.
        assert_eq!(judge(Cp(0), Cp(-50)), None);
        // 0 → -100: 0.182052 ≥ 0.1: inaccuracy.
        assert_eq!(judge(Cp(0), Cp(-100)), Some(Judgment::Inaccuracy));
        // 0 → -150: 0.269344 ≥ 0.2: mistake.
        assert_eq!(judge(Cp(0), Cp(-150)), Some(Judgment::Mistake));
        // 0 → -200: 0.352423 ≥ 0.3: blunder.
        assert_eq!(judge(Cp(0), Cp(-200)), Some(Judgment::Blunder));
        // A gain is never judged.
        assert_eq!(judge(Cp(-200), Cp(0)), None);
    }

    #[test]
    fn judgments_use_raw_centipawns_as_lila_does() {
        // 3000 → 450: wc(3000) - wc(450) = 0.999... - 0.679653 = 0.320316: a blunder. With the
        // centipawns first cut to 1000 it would be 0.950895 - 0.679653 = 0.271242, a mistake.
        assert_eq!(judge(Cp(3000), Cp(450)), Some(Judgment::Blunder));
    }

    #[test]
    fn allowing_a_forced_mate_depends_on_how_lost_the_mover_already_was() {
        assert_eq!(judge(Cp(-300), Mated), Some(Judgment::Blunder));
        assert_eq!(judge(Cp(-700), Mated), Some(Judgment::Blunder));
        assert_eq!(judge(Cp(-701), Mated), Some(Judgment::Mistake));
        assert_eq!(judge(Cp(-999), Mated), Some(Judgment::Mistake));
        assert_eq!(judge(Cp(-1000), Mated), Some(Judgment::Inaccuracy));
    }

    #[test]
    fn losing_a_forced_mate_depends_on_how_much_is_left() {
        assert_eq!(judge(Mating, Cp(300)), Some(Judgment::Blunder));
        assert_eq!(judge(Mating, Cp(700)), Some(Judgment::Blunder));
        assert_eq!(judge(Mating, Cp(701)), Some(Judgment::Mistake));
        assert_eq!(judge(Mating, Cp(999)), Some(Judgment::Mistake));
        assert_eq!(judge(Mating, Cp(1000)), Some(Judgment::Inaccuracy));
        assert_eq!(
            judge(Mating, Mated),
            Some(Judgment::Blunder),
            "from mating to being mated"
        );
    }

    #[test]
    fn slower_mates_lost_positions_and_checkmates_are_not_judged() {
        assert_eq!(judge(Mating, Mating), None);
        assert_eq!(judge(Mated, Mated), None);
        assert_eq!(judge(Mated, Cp(-900)), None);
        assert_eq!(judge(Cp(200), Mating), None);
    }
}
