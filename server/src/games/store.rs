//! Where game changes go besides memory. The in-memory registry is the source of truth while the
//! server runs; a [`GameStore`] sees every change of every game, in order, under that game's lock,
//! so a durable store (SQLite, PostgreSQL) can be added without touching the handlers.

use super::id::GameId;
use super::state::GameState;
use crate::token::TokenHash;

/// One game as a store sees it after a change.
#[derive(Debug)]
pub struct GameSnapshot<'a> {
    pub id: &'a GameId,
    pub token: &'a TokenHash,
    pub state: &'a GameState,
}

/// A store failed; the change it was asked to keep is not applied.
#[derive(Debug, thiserror::Error)]
#[error("the game store failed: {0}")]
pub struct StoreError(pub String);

/// Receives every change of every game.
pub trait GameStore: Send + Sync + 'static {
    /// Keeps `game` as it is now. Called with the game's lock held; an error cancels the change.
    fn save(&self, game: &GameSnapshot<'_>) -> Result<(), StoreError>;

    /// Forgets a game (it expired or its creation failed).
    fn delete(&self, id: &GameId) -> Result<(), StoreError>;
}

/// Keeps nothing beyond the live registry: games last as long as the process.
#[derive(Debug, Default, Clone, Copy)]
pub struct MemoryStore;

impl GameStore for MemoryStore {
    fn save(&self, _game: &GameSnapshot<'_>) -> Result<(), StoreError> {
        Ok(())
    }

    fn delete(&self, _id: &GameId) -> Result<(), StoreError> {
        Ok(())
    }
}
