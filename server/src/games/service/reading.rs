//! What a game being played shows without changing it: its view, its live stream, its summary
//! and its PGN (no token needed, but for the player's own stream), and the games a key owns.

use std::sync::Arc;
use std::time::SystemTime;

use bytes::Bytes;

use super::owned::owned;
use super::play::GameService;
use crate::games::live::owners::Owners;
use crate::games::live::slot::{GameSlot, ServedView};
use crate::games::model::error::GameError;
use crate::games::model::export::to_pgn;
use crate::games::model::id::GameId;
use crate::games::view::export_cache::{Export, Stamp};
use crate::games::view::summary::{GameSummaries, GameSummary};

impl GameService {
    /// A game to follow on its live stream (read back from the store if it left memory).
    pub async fn watch(&self, id: &GameId) -> Result<Arc<GameSlot>, GameError> {
        self.find_with_review(id).await
    }

    /// [`GameService::watch`] for the game's player only: `token` must be the game's.
    pub async fn watch_own(&self, id: &GameId, token: &str) -> Result<Arc<GameSlot>, GameError> {
        self.games.find_authorized(id, token).await
    }

    /// The game if it is in memory (news of a game just created here).
    pub fn in_memory(&self, id: &GameId) -> Option<Arc<GameSlot>> {
        self.games.get(id).ok()
    }

    /// The current view of a game, serialized (no token needed).
    pub async fn view(&self, id: &GameId) -> Result<ServedView, GameError> {
        Ok(self.find_with_review(id).await?.serialized())
    }

    /// The summaries of the games among `ids`, in that order (no token needed; unknown ids
    /// are left out, so a list cannot tell a forgotten game from a mistyped one).
    pub async fn summaries(&self, ids: &[GameId]) -> GameSummaries {
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            if let Ok(slot) = self.games.find(id).await {
                games.push(slot.read(|state| GameSummary::new(slot.id(), state)));
            }
        }
        GameSummaries { games }
    }

    /// The game as PGN; a quarantined game's as far as its stored row replays.
    pub async fn pgn(&self, id: &GameId) -> Result<Bytes, GameError> {
        self.games.wait_for(id).await;
        if let Some(quarantined) = self.games.quarantined_game(id) {
            return Ok(Bytes::from(quarantined.to_pgn()));
        }
        let slot = self.games.find(id).await?;
        let plies = self.analyses.plies(&slot);
        let today = SystemTime::now();
        let day = today
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs() / 86_400);
        Ok(slot.read(|state| {
            let stamp = Stamp::pgn(state.version(), day, plies.len());
            self.exports.get_or_make(id, Export::Pgn, stamp, || {
                Bytes::from(to_pgn(state, today, &plies))
            })
        }))
    }

    /// The games the key owns, at most `MAX_OWNED` (see `owned.rs`): the lichess account's list
    /// and event stream.
    pub async fn owned(&self, key: &str) -> Result<Vec<Arc<GameSlot>>, GameError> {
        owned(&self.games, key).await
    }

    /// What the service knows of keys beyond the stores (news of their new games).
    pub fn owners(&self) -> &Owners {
        &self.owners
    }
}
