//! Accuracy and average centipawn loss, reproduced from lila.
//!
//! Sources (lichess-org/lila, `modules/analyse/src/main/`):
//! - `AccuracyPercent.fromWinPercents`: a move's accuracy from the mover's win% before and
//!   after it, `103.1668100711649 · e^(-0.04354415386753951 · drop) - 3.166924740191411`, plus
//!   1 ("uncertainty bonus"), clamped to [0, 100]; 100 when the win% did not drop;
//! - `AccuracyPercent.gameAccuracy`: per side, the mean of a volatility-weighted mean (each move
//!   weighted by the standard deviation of the win% over a sliding window, clamped to
//!   [0.5, 12]) and a harmonic mean (values below 1 counted as 1) of its moves' accuracies;
//! - `AccuracyCP.diffsList`/`mean`: a move's centipawn loss is the mover's drop in (ceiled)
//!   centipawns, at least 0; a side's ACPL is the rounded mean of its losses;
//! - win% (scalachess `WinPercent.fromCentiPawns`): `50 + 50 · winning_chances(cp)`, the
//!   centipawns first cut to ±1000 (`Eval.Cp.ceiled`), a mate counting as ±1000.
//!
//! One difference: lila puts the start position at `Cp.initial` (+15) instead of analysing it;
//! here every function takes the evaluations of ALL positions, the start first, so the start is
//! whatever the engine said of it (and games from a set-up position work the same way).

use alphachess_engine::{ByColor, Color};
use serde::Serialize;
use utoipa::ToSchema;

use super::chances::winning_chances;
use super::eval::CP_CEILING;

/// Each side's accuracy in percent (0..100, one decimal); `null` for a side that made no move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub struct Accuracy {
    pub white: Option<f64>,
    pub black: Option<f64>,
}

/// White's chances to win in percent, from white's centipawns (ceiled to ±1000).
pub fn win_percent(white_cp: i32) -> f64 {
    50.0 + 50.0 * winning_chances(white_cp.clamp(-CP_CEILING, CP_CEILING))
}

/// A move's accuracy in percent, from the mover's win% before and after it.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The side that played move `index` (0-based) of a game `first_mover` started.
fn mover(first_mover: Color, index: usize) -> Color {
    if index.is_multiple_of(2) {
        first_mover
    } else {
        !first_mover
    }
}

/// One move's part in its side's accuracy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveScore {
    pub side: Color,
    /// The move's accuracy, 0..100.
    pub accuracy: f64,
    /// Its weight: the volatility of the win% around it.
    pub weight: f64,
}

/// Every move's accuracy and weight, in move order, computed over the whole game: the windows
/// of the volatility weights run across any boundary a caller later cuts the moves at (issue
/// #25: lila's first phase accuracies scored each phase as a game of its own, lila#21457).
pub fn move_scores(first_mover: Color, white_cps: &[i32]) -> Vec<MoveScore> {
    let win: Vec<f64> = white_cps.iter().copied().map(win_percent).collect();
    let moves = win.len().saturating_sub(1);
    let weights = volatility_weights(&win, moves);
    win.windows(2)
        .zip(weights)
        .enumerate()
        .map(|(index, (pair, weight))| {
            let (prev, next) = (pair[0], pair[1]);
            let side = mover(first_mover, index);
            // As lila writes it: black's drop is white's gain.
            let accuracy = match side {
                Color::White => move_accuracy(prev, next),
                Color::Black => move_accuracy(next, prev),
            };
            MoveScore {
                side,
                accuracy,
                weight,
            }
        })
        .collect()
}

/// Each side's accuracy over `scores` (all of a game's moves, or a part of them): the mean of
/// the weighted and the harmonic mean of its moves; `None` for a side with no move there.
pub fn accuracy_of<'a>(scores: impl IntoIterator<Item = &'a MoveScore>) -> ByColor<Option<f64>> {
    let mut by_side: ByColor<Vec<(f64, f64)>> = ByColor::new(Vec::new(), Vec::new());
    for score in scores {
        by_side[score.side].push((score.accuracy, score.weight));
    }
    by_side.map(|moves| {
        let weighted = weighted_mean(&moves)?;
        let harmonic = harmonic_mean(moves.iter().map(|&(accuracy, _)| accuracy))?;
        Some((weighted + harmonic) / 2.0)
    })
}

/// Each side's accuracy over a game, `None` for a side that made no move. `white_cps` holds
/// white's (ceiled) centipawns for every position, the start first: one more than the moves.
pub fn game_accuracy(first_mover: Color, white_cps: &[i32]) -> ByColor<Option<f64>> {
    accuracy_of(&move_scores(first_mover, white_cps))
}

/// One weight per move: the standard deviation of the win% over a window of
/// `clamp(moves / 10, 2, 8)` positions, the first `window - 2` moves using the first window.
fn volatility_weights(win: &[f64], moves: usize) -> Vec<f64> {
    let window = (moves / 10).clamp(2, 8);
    if win.len() < window {
        return Vec::new();
    }
    let first = &win[..window];
    std::iter::repeat_n(first, window - 2)
        .chain(win.windows(window))
        .map(|values| standard_deviation(values).clamp(0.5, 12.0))
        .collect()
}

/// Population standard deviation (scalalib `Maths.standardDeviation`).
fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// scalalib `Maths.weightedMean` of (value, weight) pairs.
fn weighted_mean(pairs: &[(f64, f64)]) -> Option<f64> {
    let (sum, weights) = pairs.iter().fold((0.0, 0.0), |(sum, weights), &(v, w)| {
        (sum + v * w, weights + w)
    });
    (!pairs.is_empty() && weights != 0.0).then(|| sum / weights)
}

/// scalalib `Maths.harmonicMean`, values below 1 counted as 1.
fn harmonic_mean(values: impl ExactSizeIterator<Item = f64>) -> Option<f64> {
    let n = values.len();
    let inverse: f64 = values.map(|v| 1.0 / v.max(1.0)).sum();
    (n > 0).then(|| n as f64 / inverse)
}

/// Each side's centipawn loss per move, in move order: the mover's drop, at least 0.
pub fn centipawn_losses(first_mover: Color, white_cps: &[i32]) -> ByColor<Vec<u32>> {
    let mut losses = ByColor::new(Vec::new(), Vec::new());
    for (index, pair) in white_cps.windows(2).enumerate() {
        let side = mover(first_mover, index);
        let white_change = pair[1] - pair[0];
        let loss = match side {
            Color::White => -white_change,
            Color::Black => white_change,
        };
        losses[side].push(loss.max(0).unsigned_abs());
    }
    losses
}

/// Each side's average centipawn loss, rounded half up; `None` for a side that made no move.
pub fn average_centipawn_loss(first_mover: Color, white_cps: &[i32]) -> ByColor<Option<u32>> {
    centipawn_losses(first_mover, white_cps).map(|losses| {
        let n = losses.len();
        let total: u64 = losses.iter().map(|&l| u64::from(l)).sum();
        (n > 0).then(|| ((total as f64 / n as f64) + 0.5).floor() as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn win_percent_is_half_of_the_winning_chances_around_fifty() {
        // 50 + 50 · 0.182052 = 59.1026 for +100; mates and large scores stop at ±1000.
        assert!(close(win_percent(100), 59.102_59, 1e-4));
        assert_eq!(win_percent(0), 50.0);
        assert_eq!(win_percent(5000), win_percent(1000));
    }

    #[test]
    fn a_move_s_accuracy_decays_with_the_win_percent_it_gives_away() {
        // 60 → 50: 103.1668100711649 · e^(-0.4354415) - 3.1669247 + 1
        //        = 103.1668100711649 · 0.6469789 - 2.1669247 = 66.746753 - 2.166925 = 64.579828
        assert!(close(move_accuracy(60.0, 50.0), 64.579_828, 1e-5));
        // No drop: 100 (103.1668 - 3.1669 + 1 = 101.0 is cut to 100).
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        assert_eq!(move_accuracy(40.0, 70.0), 100.0);
        // A drop of 100: 103.1668 · e^(-4.3544) - 2.1669 = 1.3252 - 2.1669 < 0, cut to 0.
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn game_accuracy_weights_moves_by_the_volatility_around_them() {
        // Positions 0, -40, -40, -200, -200 (white's cp); white moves first.
        // win%: 50, 46.324562, 46.324562, 32.378836, 32.378836. 4 moves: window 2, so each
        // move's weight is |Δwin%| / 2 clamped to [0.5, 12].
        // White, move 1: 50 → 46.324562: accuracy 85.742177, weight 3.675438 / 2 = 1.837719.
        // White, move 3: 46.324562 → 32.378836: accuracy 54.042946, weight 13.945725 / 2 = 6.972863.
        // Weighted mean: (85.742177 · 1.837719 + 54.042946 · 6.972863) / 8.810582 = 60.654800.
        // Harmonic mean: 2 / (1 / 85.742177 + 1 / 54.042946) = 66.298326.
        // White: (60.654800 + 66.298326) / 2 = 63.476563. Black never lost anything: 100.
        let accuracy = game_accuracy(Color::White, &[0, -40, -40, -200, -200]);
        let white = accuracy.white.expect("white moved");
        assert!(close(white, 63.476_563, 1e-5), "{white}");
        assert_eq!(accuracy.black, Some(100.0));
    }

    #[test]
    fn a_side_without_moves_has_no_accuracy() {
        let accuracy = game_accuracy(Color::White, &[15, 15]);
        assert_eq!(accuracy.white, Some(100.0));
        assert_eq!(accuracy.black, None);
        let empty = game_accuracy(Color::White, &[15]);
        assert_eq!((empty.white, empty.black), (None, None));
    }

    /// lila's own test cases (`modules/analyse/src/test/AccuracyPercentTest.scala`), with the
    /// start position at lila's `Cp.initial` (+15) and the same tolerances.
    #[test]
    fn lila_s_accuracy_test_cases_hold() {
        let cases: Vec<(Color, Vec<i32>, f64, f64, f64, f64)> = vec![
            (Color::White, vec![15, 15], 100.0, 1.0, 100.0, 1.0),
            (Color::White, vec![-900, -900], 10.0, 5.0, 100.0, 1.0),
            (Color::White, vec![15, 900], 100.0, 1.0, 10.0, 5.0),
            (Color::White, vec![-900, 0], 10.0, 5.0, 10.0, 5.0),
            (Color::White, vec![15; 20], 100.0, 1.0, 100.0, 1.0),
            (
                Color::White,
                [vec![15; 20], vec![-900]].concat(),
                50.0,
                5.0,
                100.0,
                1.0,
            ),
            (
                Color::White,
                [vec![15; 21], vec![900]].concat(),
                100.0,
                1.0,
                50.0,
                5.0,
            ),
            (Color::White, [-50, 15].repeat(5), 76.0, 8.0, 76.0, 8.0),
            (Color::White, [-50, 15].repeat(50), 76.0, 8.0, 76.0, 8.0),
            (Color::White, [-135, 15].repeat(50), 54.0, 8.0, 54.0, 8.0),
            (Color::White, [-435, 15].repeat(50), 20.0, 8.0, 20.0, 8.0),
            (Color::Black, vec![15, 15], 100.0, 1.0, 100.0, 1.0),
            (Color::Black, vec![900, 900], 100.0, 1.0, 10.0, 5.0),
            (Color::Black, vec![15, -900], 10.0, 5.0, 100.0, 1.0),
            (Color::Black, vec![900, 0], 10.0, 5.0, 10.0, 5.0),
        ];
        for (first, cps, white, white_tolerance, black, black_tolerance) in cases {
            let positions = [vec![15], cps.clone()].concat();
            let accuracy = game_accuracy(first, &positions);
            let (w, b) = (
                accuracy.white.expect("white moved"),
                accuracy.black.expect("black moved"),
            );
            assert!(
                close(w, white, white_tolerance),
                "{first:?} {cps:?}: white {w}"
            );
            assert!(
                close(b, black, black_tolerance),
                "{first:?} {cps:?}: black {b}"
            );
        }
    }

    #[test]
    fn centipawn_loss_is_the_mover_s_drop_and_never_negative() {
        // White: 15 → -85 loses 100, -85 → 300 gains (0). Black: -85 → -85 loses 0,
        // 300 → 1000 (a mate, ceiled) loses 700 for black.
        let cps = [15, -85, -85, 300, 1000];
        let losses = centipawn_losses(Color::White, &cps);
        assert_eq!(losses.white, [100, 0]);
        assert_eq!(losses.black, [0, 700]);
        let acpl = average_centipawn_loss(Color::White, &cps);
        // (100 + 0) / 2 = 50; (0 + 700) / 2 = 350.
        assert_eq!((acpl.white, acpl.black), (Some(50), Some(350)));
    }

    #[test]
    fn average_centipawn_loss_rounds_half_up() {
        // White loses 1 then 0 (two moves): 0.5 rounds up to 1. Black loses 0 in its one move.
        let acpl = average_centipawn_loss(Color::White, &[0, -1, -1, -1]);
        assert_eq!(acpl.white, Some(1));
        assert_eq!(acpl.black, Some(0));
        assert_eq!(average_centipawn_loss(Color::White, &[0, 0]).black, None);
    }
}
