//! The step to play next: the one the player is expected to score closest to 50 % against.

use serde::Serialize;

use super::glicko2::Glicko2;
use super::table::measured;
use crate::games::model::level::Level;

/// The suggested next step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suggestion {
    /// The step's number (`level` when creating a game).
    pub level: u8,
    /// The step's measured rating.
    pub rating: i32,
    /// The player's expected score against it, 0..1.
    pub expected: f64,
}

/// The step with the expected score nearest 50 % for `player` (on a tie, the weaker step).
pub fn suggest(player: &Glicko2) -> Suggestion {
    Level::all()
        .map(|level| {
            let row = measured(level);
            // The step's own uncertainty left out: a barely measured step would otherwise look
            // like a fair fight from anywhere.
            let deviation = 0.0;
            Suggestion {
                level: level.get(),
                rating: row.rating,
                expected: player.expected(f64::from(row.rating), deviation),
            }
        })
        // Far off the ladder every expected score rounds to 0 or 1: the nearest rating decides.
        .min_by(|a, b| {
            let off = |s: &Suggestion| (s.expected - 0.5).abs();
            let distance = |s: &Suggestion| (f64::from(s.rating) - player.rating).abs();
            off(a)
                .total_cmp(&off(b))
                .then(distance(a).total_cmp(&distance(b)))
        })
        .expect("the ladder has steps")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::ladder::ladder;

    #[test]
    fn a_player_rated_like_a_step_is_suggested_that_step() {
        for row in &ladder().steps {
            let player = Glicko2 {
                rating: f64::from(row.rating),
                deviation: 100.0,
                volatility: 0.06,
            };
            assert_eq!(suggest(&player).level, row.step);
        }
    }

    #[test]
    fn players_beyond_either_end_are_suggested_the_end_steps() {
        let weak = Glicko2 {
            rating: -1000.0,
            ..Glicko2::default()
        };
        let strong = Glicko2 {
            rating: 5000.0,
            ..Glicko2::default()
        };
        assert_eq!(suggest(&weak).level, 1);
        assert_eq!(suggest(&strong).level, Level::MAX.get());
    }
}
