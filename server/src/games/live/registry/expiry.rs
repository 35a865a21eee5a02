//! Games forgotten: removed, deleted, or expired when their players left.

use std::sync::atomic::Ordering;
use std::sync::PoisonError;

use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;

use super::Games;

impl Games {
    /// Forgets a game.
    pub fn remove(&self, id: &GameId) {
        self.forget_cached(id);
        self.delete_stored(id);
    }

    /// Forgets a game and waits until that is durable: a failed creation is answered only once
    /// the game it stored is gone from the store too.
    pub async fn forget(&self, id: &GameId) -> Result<(), GameError> {
        self.forget_cached(id);
        let ticket = self.store.delete(id)?;
        Ok(self.store.durable(ticket).await?)
    }

    fn delete_stored(&self, id: &GameId) {
        if let Err(error) = self.store.delete(id) {
            tracing::warn!(%error, game = %id, "could not delete a game from the store");
        }
    }

    /// Forgets every game untouched for longer than the idle timeout; returns how many. With a
    /// store that reloads they only leave memory: the store forgets games on its own clock
    /// ([`GameStore::expire_idle`]), since another server may be serving them.
    ///
    /// [`GameStore::expire_idle`]: crate::games::store::GameStore::expire_idle
    pub fn expire_idle(&self) -> usize {
        let limit = u64::try_from(self.idle_timeout.as_millis()).unwrap_or(u64::MAX);
        let now = self.now();
        let shared = self.store.reloads();
        let expired: Vec<GameId> = self
            .slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .filter(|slot| now.saturating_sub(slot.last_seen.load(Ordering::Relaxed)) > limit)
            .filter(|slot| !shared || !slot.read(GameState::is_engine_thinking))
            .map(|slot| slot.id.clone())
            .collect();
        for id in &expired {
            if shared {
                self.forget_cached(id);
            } else {
                self.remove(id);
            }
        }
        expired.len()
    }
}
