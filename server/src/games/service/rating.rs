//! The server rates each finished rated game itself (`rated.rs`), from the result it saw, under
//! the game's token: a game created with a player's key counts for that key's rating, kept in the
//! store (`key_rating.rs`). No client declares a result. The ratings kept are read back here
//! too ([`RatingService`]): the lichess account's, and a new key's estimate.

use std::sync::Arc;

use crate::games::live::registry::Games;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::ladder::{measured, GameScore, Glicko2, KeyRating, RatedGame};
use crate::games::model::rated::rated_score;
use crate::token::TokenHash;

/// The game in `slot` has just ended: once its ending is durable, a rated one is counted for
/// its key (once per game, whichever server or retry sees it end).
pub(super) fn rate_after_end(slot: &Arc<GameSlot>) {
    let Some((score, level)) = slot.read(|state| rated_score(state).map(|s| (s, state.level())))
    else {
        return;
    };
    let step = measured(level);
    let game = RatedGame {
        game_id: slot.id().to_string(),
        score: GameScore {
            opponent_rating: f64::from(step.rating),
            // The measured 95 % interval, as a deviation.
            opponent_deviation: f64::from(step.high - step.low) / 3.92,
            score,
        },
    };
    let slot = Arc::clone(slot);
    tokio::spawn(async move {
        if slot.durable().await.is_err() {
            return;
        }
        if let Err(error) = slot.store().ratings().rate(slot.token(), &game).await {
            tracing::warn!(%error, game = %slot.id(), "a rated game could not be counted");
        }
    });
}

/// The keys' ratings, as the store keeps them.
pub struct RatingService {
    games: Arc<Games>,
}

impl RatingService {
    /// The rating service over `games`' store (built with the others by
    /// [`super::Services::new`]).
    pub(super) fn new(games: Arc<Games>) -> RatingService {
        RatingService { games }
    }

    /// The rating kept for `key` (a player's key) from its rated games; a new player's when it
    /// has none yet.
    pub async fn rating(&self, key: &str) -> Result<KeyRating, GameError> {
        let stored = self
            .games
            .store()
            .ratings()
            .rating(&TokenHash::of(key))
            .await?;
        Ok(stored.unwrap_or_else(KeyRating::new_player))
    }

    /// Starts `key` from `start` while it has counted no rated game; its rating after.
    pub async fn estimate(&self, key: &str, start: &Glicko2) -> Result<KeyRating, GameError> {
        Ok(self
            .games
            .store()
            .ratings()
            .estimate(&TokenHash::of(key), start)
            .await?)
    }
}
