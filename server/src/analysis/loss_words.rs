//! A move's loss worded as a player reads it (issue #38): "loses about 1.8 pawns (62 % → 35 %)",
//! never "0.05 points lost". The pawns are the engine's centipawns before and after; the
//! percentages are the same expected points the move classes use (`classes.rs`), the mover's
//! expected score from 0 % (lost) to 100 % (won).

use super::classes::expected_points;
use super::eval::SideEval;

/// The mover's expected score in whole percent.
fn percent(eval: SideEval) -> i64 {
    // Within 0..=100, so the cast cannot truncate.
    (expected_points(eval) * 100.0).round() as i64
}

/// The loss from `before` (the best move's value) to `after` (the move's), both from the
/// mover's point of view, in words.
pub fn loss_words(before: SideEval, after: SideEval) -> String {
    let score = format!("{} % → {} %", percent(before), percent(after));
    match (before, after) {
        (SideEval::Cp(before), SideEval::Cp(after)) => {
            let pawns = f64::from(before - after) / 100.0;
            if pawns < 0.05 {
                format!("loses nothing ({score})")
            } else {
                format!("loses about {pawns:.1} pawns ({score})")
            }
        }
        (SideEval::Mating, SideEval::Mating) | (SideEval::Mated, SideEval::Mated) => {
            format!("loses nothing ({score})")
        }
        (SideEval::Mating, _) => format!("lets a forced mate go ({score})"),
        (_, SideEval::Mated) => format!("allows a forced mate ({score})"),
        (_, SideEval::Mating) => format!("loses nothing ({score})"),
        (SideEval::Mated, SideEval::Cp(_)) => format!("loses nothing ({score})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SideEval::{Cp, Mated, Mating};

    #[test]
    fn a_centipawn_loss_is_pawns_and_the_expected_score() {
        // Expected points 1 / (1 + e^(-0.00368208 cp)): +1.00 is 0.5910 (59 %), -0.80 0.4269.
        assert_eq!(
            loss_words(Cp(100), Cp(-80)),
            "loses about 1.8 pawns (59 % → 43 %)"
        );
        assert_eq!(loss_words(Cp(20), Cp(18)), "loses nothing (52 % → 52 %)");
    }

    #[test]
    fn mates_are_named_not_counted_in_pawns() {
        assert_eq!(
            loss_words(Cp(0), Mated),
            "allows a forced mate (50 % → 0 %)"
        );
        assert_eq!(
            loss_words(Mating, Cp(300)),
            "lets a forced mate go (100 % → 75 %)"
        );
        assert_eq!(loss_words(Mating, Mating), "loses nothing (100 % → 100 %)");
    }
}
