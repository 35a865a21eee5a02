//! The rating a player's key holds: kept by the server from the rated games it saw end
//! (`rated.rs`), never from a result a client declares, so one key has one rating on every
//! device and client. Served by `GET /api/account` in lichess's `Perf` shape.

use super::glicko2::{GameScore, Glicko2};

/// A key's rating and how many rated games made it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyRating {
    pub rating: Glicko2,
    /// Rated games counted.
    pub games: u32,
    /// How much the last rated game moved the rating, rounded (lichess's `prog` is over the
    /// last twelve games; ours is the last game's, which is what a player just saw happen).
    pub prog: i32,
}

/// A finished rated game to count for a key: its id (counted once) and its score.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub game_id: String,
    pub score: GameScore,
}

impl KeyRating {
    /// A key with no rated game yet: 1500 ± 350.
    pub fn new_player() -> KeyRating {
        KeyRating {
            rating: Glicko2::default(),
            games: 0,
            prog: 0,
        }
    }

    /// The rating after `score`.
    pub fn after(&self, score: &GameScore) -> KeyRating {
        let rating = self.rating.update(std::slice::from_ref(score));
        KeyRating {
            rating,
            games: self.games.saturating_add(1),
            prog: (rating.rating - self.rating.rating).round() as i32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_rating_counts_a_game_and_says_by_how_much() {
        let win = GameScore {
            opponent_rating: 1500.0,
            opponent_deviation: 50.0,
            score: 1.0,
        };
        let after = KeyRating::new_player().after(&win);
        assert_eq!(after.games, 1);
        assert!(after.prog > 0, "{after:?}");
        assert_eq!(after.prog, (after.rating.rating - 1500.0).round() as i32);
    }
}
