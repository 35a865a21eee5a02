//! A game found by its id: in memory, or read back from the store (revalidated with a shared
//! one), and the room made for it.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, PoisonError};

use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::store::{Fresh, Lookup, WriteTicket};

use super::Games;

impl Games {
    /// With a store that reloads, at the cap: drops from memory (only) the cached game needed
    /// least, the finished one left longest ago, else the longest silent, never one being
    /// searched for, watched or held by a request here (the store keeps it; it is read back when
    /// asked for).
    pub(super) fn make_room(&self, slots: &mut HashMap<GameId, Arc<GameSlot>>) {
        if slots.len() < self.max_games {
            return;
        }
        let now = self.now();
        let dropped = slots
            .values()
            // Only the map holds it: no request can change it while another copy is read back.
            .filter(|slot| Arc::strong_count(slot) == 1)
            .filter(|slot| !slot.events.has_watchers() && !slot.read(GameState::is_engine_thinking))
            .max_by_key(|slot| {
                let silent = now.saturating_sub(slot.last_seen.load(Ordering::Relaxed));
                (slot.read(GameState::is_finished), silent)
            })
            .map(|slot| slot.id.clone());
        if let Some(id) = dropped {
            slots.remove(&id);
            self.views.forget(&id);
        }
    }

    /// Keeps a game read from a shared store in memory (or adopts it into the copy a concurrent
    /// request cached first).
    fn cache(&self, fresh: Fresh) -> Arc<GameSlot> {
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(slot) = slots.get(&fresh.game.id).cloned() {
            drop(slots);
            slot.adopt(fresh, false);
            return slot;
        }
        self.make_room(&mut slots);
        let Fresh {
            game,
            searched_elsewhere,
            silent,
        } = fresh;
        let slot = self.slot(
            game.id.clone(),
            game.token,
            game.state,
            WriteTicket::default(),
        );
        let silent = u64::try_from(silent.as_millis()).unwrap_or(u64::MAX);
        slot.last_seen
            .store(self.now().saturating_sub(silent), Ordering::Relaxed);
        slot.thinking_elsewhere
            .store(searched_elsewhere, Ordering::Release);
        slots.insert(game.id, Arc::clone(&slot));
        slot
    }

    /// The live game with this id ([`GameError::Quarantined`] for a stored game that did not
    /// load). Reading does not count as its player's activity.
    pub fn get(&self, id: &GameId) -> Result<Arc<GameSlot>, GameError> {
        let slot = self
            .slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned();
        slot.ok_or_else(|| {
            if self.is_quarantined(id) {
                GameError::Quarantined
            } else {
                GameError::NotFound
            }
        })
    }

    /// The game with this id if `token` is its token; otherwise [`GameError::WrongToken`] (or
    /// [`GameError::NotFound`] when there is no such game). Either way nothing is touched: only what the player then does counts as activity.
    pub fn authorized(&self, id: &GameId, token: &str) -> Result<Arc<GameSlot>, GameError> {
        self.check_token(self.get(id)?, token)
    }

    fn check_token(&self, slot: Arc<GameSlot>, token: &str) -> Result<Arc<GameSlot>, GameError> {
        if slot.token.verify(token) {
            Ok(slot)
        } else {
            Err(GameError::WrongToken)
        }
    }

    /// The game with this id as the store holds it now: a game this server has not cached is
    /// read from the store, a cached one revalidated (one cheap query with a shared store, so a
    /// move made through another server is seen; nothing more than [`Games::get`] alone).
    pub async fn find(&self, id: &GameId) -> Result<Arc<GameSlot>, GameError> {
        self.wait_for(id).await;
        let cached = match self.get(id) {
            Ok(slot) => Some(slot),
            Err(GameError::NotFound) => None,
            Err(error) => return Err(error),
        };
        let version = cached.as_ref().map(|slot| slot.version());
        match self.store.lookup(id, version).await? {
            Lookup::Unchanged => cached.ok_or(GameError::NotFound),
            Lookup::Changed(fresh) => Ok(match cached {
                Some(slot) => {
                    slot.adopt(*fresh, false);
                    slot
                }
                None => self.cache(*fresh),
            }),
            Lookup::Missing => {
                if cached.is_some() {
                    self.forget_cached(id);
                }
                Err(GameError::NotFound)
            }
        }
    }

    /// [`Games::find`], then [`Games::authorized`]'s check of the token.
    pub async fn find_authorized(
        &self,
        id: &GameId,
        token: &str,
    ) -> Result<Arc<GameSlot>, GameError> {
        let slot = self.find(id).await?;
        self.check_token(slot, token)
    }

    /// Drops a game from memory only (a shared store keeps it for the other servers).
    pub(super) fn forget_cached(&self, id: &GameId) {
        self.slots
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
        self.views.forget(id);
    }
}
