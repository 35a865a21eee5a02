//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): the player's rating, its
//! deviation and volatility, updated after each game against the computer. Implemented once,
//! here, and served by a stateless endpoint (`POST /api/rating`) that the browser and the CLI both
//! call: the two clients cannot drift apart, and the worked example is tested in one place.

use serde::{Deserialize, Serialize};

/// The system constant τ: how much the volatility may change (Glickman suggests 0.3–1.2).
pub const TAU: f64 = 0.5;

/// Glicko's rating-to-Glicko-2 scale factor, 400 / ln 10.
const SCALE: f64 = 173.7178;

/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A rating with its deviation (RD) and volatility, on the Glicko scale.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Glicko2 {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// One game of a rating period: the opponent's rating and deviation, and the player's score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameScore {
    pub opponent_rating: f64,
    pub opponent_deviation: f64,
    /// 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
}

impl Default for Glicko2 {
    /// A new player: 1500 ± 350, volatility 0.06.
    fn default() -> Glicko2 {
        Glicko2 {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Glicko2 {
    /// The expected score against an opponent rated `rating` ± `deviation`.
    pub fn expected(&self, rating: f64, deviation: f64) -> f64 {
        e(
            (self.rating - 1500.0) / SCALE,
            (rating - 1500.0) / SCALE,
            deviation / SCALE,
        )
    }

    /// The rating after one rating period of `games` (none: only the deviation grows).
    pub fn update(&self, games: &[GameScore]) -> Glicko2 {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Glicko2 {
                deviation: phi_star * SCALE,
                ..*self
            };
        }
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|game| {
                let mu_j = (game.opponent_rating - 1500.0) / SCALE;
                let phi_j = game.opponent_deviation / SCALE;
                (g(phi_j), e(mu, mu_j, phi_j), game.score)
            })
            .collect();
        let v = 1.0
            / opponents
                .iter()
                .map(|&(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        let improvement: f64 = opponents.iter().map(|&(g, e, s)| g * (s - e)).sum();
        let delta = v * improvement;

        // Step 5: the new volatility, by the Illinois algorithm.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        while (big_b - big_a).abs() > EPSILON {
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();

        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * improvement;
        Glicko2 {
            rating: mu_new * SCALE + 1500.0,
            deviation: phi_new * SCALE,
            volatility: sigma_new,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent_rating: f64, opponent_deviation: f64, score: f64) -> GameScore {
        GameScore {
            opponent_rating,
            opponent_deviation,
            score,
        }
    }

    #[test]
    fn glickmans_worked_example_gives_1464_06_151_52_0_05999() {
        let player = Glicko2 {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = player.update(&[
            game(1400.0, 30.0, 1.0),
            game(1550.0, 100.0, 0.0),
            game(1700.0, 300.0, 0.0),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = Glicko2 {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = player.update(&[]);
        assert_eq!(after.rating, 1500.0);
        // sqrt(200² + (0.06 · 173.7178)²)
        assert!((after.deviation - 200.271).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_both_narrow_a_new_rating() {
        let new = Glicko2::default();
        let won = new.update(&[game(1500.0, 50.0, 1.0)]);
        let lost = new.update(&[game(1500.0, 50.0, 0.0)]);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(won.deviation < 350.0 && lost.deviation < 350.0);
        assert!((new.expected(1500.0, 50.0) - 0.5).abs() < 1e-12);
    }
}
