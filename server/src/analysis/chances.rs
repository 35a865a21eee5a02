//! lila's winning chances: the one curve from centipawns to how likely a side is to win, which
//! the move classes (`classes.rs`, the one judge) and accuracy (`accuracy.rs`) both read.
//!
//! Source: scalachess `core/src/main/scala/eval.scala` (`WinPercent.winningChances`,
//! multiplier from lila PR #11148).

/// lila's `WinPercent.winningChances` multiplier.
const WINNING_CHANCES_MULTIPLIER: f64 = -0.00368208;

/// Winning chances in [-1, 1] for the side whose centipawns these are.
pub fn winning_chances(cp: i32) -> f64 {
    let chances = 2.0 / (1.0 + (WINNING_CHANCES_MULTIPLIER * f64::from(cp)).exp()) - 1.0;
    chances.clamp(-1.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chances_follow_lichess_s_curve() {
        // 2 / (1 + e^(-0.368208)) - 1 = 2 / (1 + 0.691971) - 1 = 0.182052
        assert!((winning_chances(100) - 0.182_052).abs() < 1e-6);
        assert!((winning_chances(-100) + 0.182_052).abs() < 1e-6);
        assert_eq!(winning_chances(0), 0.0);
        // 2 / (1 + e^(-3.68208)) - 1 = 2 / 1.025157 - 1 = 0.950895: not 1, hence the ceiling.
        assert!((winning_chances(1000) - 0.950_895).abs() < 1e-6);
    }
}
