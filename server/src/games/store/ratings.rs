//! Where the keys' ratings are kept (`key_rating.rs`): a storage interface of its own, so the
//! rating use case names only what it needs and a backend keeps ratings beside its games
//! (SQLite, PostgreSQL) or not at all (the [`MemoryStore`](super::MemoryStore)). A store hands it
//! out through [`GameStore::ratings`](super::GameStore::ratings).

use crate::games::model::error::StoreError;
use crate::games::model::ladder::{Glicko2, KeyRating, RatedGame};
use crate::games::store::Pending;
use crate::token::TokenHash;

/// The ratings of players' keys, each counted from the key's finished rated games.
pub trait RatingStore: Send + Sync {
    /// The rating kept for `key` (a player's key's token hash), if it has one.
    fn rating(&self, key: &TokenHash) -> Pending<'_, Option<KeyRating>>;

    /// Counts the finished rated `game` for `key`, once per game id; the rating after it.
    fn rate(&self, key: &TokenHash, game: &RatedGame) -> Pending<'_, KeyRating>;

    /// Starts `key` from `start` (the first visit's estimate), only while it has counted no
    /// rated game; the key's rating after it (unchanged once it has games).
    fn estimate(&self, key: &TokenHash, start: &Glicko2) -> Pending<'_, KeyRating>;
}

/// A store that keeps nothing keeps no rating either: none is read, and counting one fails.
impl RatingStore for super::MemoryStore {
    fn rating(&self, _key: &TokenHash) -> Pending<'_, Option<KeyRating>> {
        Box::pin(std::future::ready(Ok(None)))
    }

    fn rate(&self, _key: &TokenHash, _game: &RatedGame) -> Pending<'_, KeyRating> {
        Box::pin(std::future::ready(Err(StoreError::backend(
            "rating a game",
            "this store keeps no ratings",
        ))))
    }

    fn estimate(&self, _key: &TokenHash, _start: &Glicko2) -> Pending<'_, KeyRating> {
        Box::pin(std::future::ready(Err(StoreError::backend(
            "setting an estimate",
            "this store keeps no ratings",
        ))))
    }
}
