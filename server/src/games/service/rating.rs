//! The server rates each finished rated game itself (`rated.rs`), from the result it saw, under
//! the game's token: a game created with a player's key counts for that key's rating, kept in the
//! store (`key_rating.rs`). No client declares a result.

use std::sync::Arc;

use crate::games::ladder::{measured, GameScore, RatedGame};
use crate::games::live::slot::GameSlot;
use crate::games::model::rated::rated_score;

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
