//! The live games: a bounded map of per-game slots, each with its own lock, that forgets games
//! their players left.
//!
//! A game's idle clock is its player's: only a change the player (or the engine answering them)
//! makes, or a hint, refreshes it. Reading a game, watching it, guessing its token or sending a
//! request the game refuses (a takeback with nothing to take back) touches nothing, so nobody
//! else can keep a game alive.
//!
//! A game is deleted only by its own idle expiry, never to make room for someone else's: with a
//! durable store ([`GameStore::reloads`]: SQLite, PostgreSQL) memory is a cache of at most
//! `max_games` games; at that size a new or reloaded game takes the in-memory place of the one
//! needed least (finished first, then the longest silent, never one searched for, watched or in
//! a request), which stays in the store and is read back by [`Games::find`] when asked for. The
//! cap on unfinished games is then the store's (a full one refuses the new game). With the
//! [`crate::games::store::MemoryStore`] (memory is all there is), a new game at the cap is refused.
//!
//! With a store other servers share (PostgreSQL), [`Games::find`] also revalidates a cached game
//! and a lost write race makes the slot take the store's version ([`GameSlot::durable`]).

mod expiry;
mod loading;
mod lookup;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use crate::client_key::ClientKey;
use crate::games::live::creators::Creators;
use crate::games::live::events::GameEvents;
use crate::games::live::search_lock::SearchLock;
use crate::games::live::slot::{new_copy, new_generation, GameSlot};
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::StoredGame;
use crate::games::store::{GameSnapshot, GameStore, WriteTicket};
use crate::games::view::review_status::ReviewStatus;
use crate::games::view::view_cache::ViewCache;
use crate::share_cap::{Refused, ShareLimits};
use crate::token::TokenHash;

/// All live games.
pub struct Games {
    slots: RwLock<HashMap<GameId, Arc<GameSlot>>>,
    max_games: usize,
    idle_timeout: Duration,
    store: Arc<dyn GameStore>,
    /// The games' serialized views, bounded by bytes.
    views: Arc<ViewCache>,
    epoch: Instant,
    /// Stored games that did not load: read-only, their ids never reused.
    quarantined: RwLock<HashMap<GameId, QuarantinedGame>>,
    /// While the stored games are read back (the server already listening): how far it got.
    loading: tokio::sync::watch::Sender<Option<LoadProgress>>,
    /// The unfinished games each client started (see `creators.rs`).
    creators: Creators,
}

/// How far the reading back of the stored games got (see [`Games::loading`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadProgress {
    /// Games read back so far (those that did not load included).
    pub loaded: usize,
    /// Games to read back.
    pub total: usize,
}

impl Games {
    /// An empty registry holding at most `max_games` (and at most `view_bytes` of their
    /// serialized views), and the games `store` could not load.
    pub fn new(
        max_games: usize,
        idle_timeout: Duration,
        view_bytes: usize,
        store: Arc<dyn GameStore>,
    ) -> Games {
        let quarantined = store
            .take_quarantined()
            .into_iter()
            .map(|game| (game.id.clone(), game))
            .collect();
        Games {
            quarantined: RwLock::new(quarantined),
            loading: tokio::sync::watch::Sender::new(None),
            slots: RwLock::new(HashMap::new()),
            max_games,
            idle_timeout,
            store,
            views: Arc::new(ViewCache::new(view_bytes)),
            epoch: Instant::now(),
            creators: Creators::new(ShareLimits {
                total: max_games,
                per_client: max_games,
                per_aggregate: max_games,
                reserve: 0,
                light: 1,
            }),
        }
    }

    /// The registry with shares of the unfinished games (see `creators.rs`): `per_client` for
    /// one client, `per_aggregate` for an IPv6 /56 or the clients a proxy does not name, and
    /// the last quarter of the cap kept for clients with none unfinished. Without it, the cap
    /// alone bounds them.
    pub fn with_creator_shares(mut self, per_client: usize, per_aggregate: usize) -> Games {
        let limits = ShareLimits::new(self.max_games, per_client, per_aggregate, 1);
        self.creators = Creators::new(limits);
        self
    }

    /// Whether `client` may start one more game (its share of the unfinished games, its
    /// aggregate's, the cap): [`GameError::TooManyUnfinished`] or [`GameError::TooManyGames`].
    pub fn admit_creator(&self, client: ClientKey) -> Result<(), GameError> {
        self.creators
            .admit(client)
            .map_err(|refused| match refused {
                Refused::All => GameError::TooManyGames,
                Refused::Client | Refused::Aggregate => GameError::TooManyUnfinished,
            })
    }

    /// Counts `slot` as one of `client`'s unfinished games until it ends or leaves memory.
    pub fn record_creator(&self, client: ClientKey, slot: &Arc<GameSlot>) {
        self.creators.record(client, slot);
    }

    /// Adds a game and saves it. With a store that reloads, at the cap it takes the in-memory
    /// place of the game needed least (which stays stored); the store refuses it when it holds
    /// as many unfinished games as it may. Alone in memory, [`GameError::TooManyGames`] at the
    /// cap: no game is deleted to make room.
    pub fn insert(&self, state: GameState, token: TokenHash) -> Result<Arc<GameSlot>, GameError> {
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        if self.store.reloads() {
            self.make_room(&mut slots);
        } else if slots.len() >= self.max_games {
            return Err(GameError::TooManyGames);
        }
        let id = loop {
            let id = GameId::generate()?;
            if !slots.contains_key(&id) && !self.is_quarantined(&id) {
                break id;
            }
        };
        let slot = self.slot(id.clone(), token, state, WriteTicket::default());
        let ticket = slot.read(|state| {
            self.store.save(&GameSnapshot {
                id: &id,
                token: &slot.token,
                state,
                base: None,
                copy: slot.copy.load(Ordering::Acquire),
            })
        })?;
        slot.last_write.fetch_max(ticket.0, Ordering::AcqRel);
        slots.insert(id, Arc::clone(&slot));
        Ok(slot)
    }

    /// Puts back a game read from the store at startup (same id and token), without saving it
    /// again; `None` if the registry is full or already holds that id (a copy this server holds
    /// is never replaced by what the store held when it opened). Counts as one game loaded.
    pub fn restore(&self, stored: StoredGame) -> Option<Arc<GameSlot>> {
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        self.loaded_one();
        if slots.len() >= self.max_games || slots.contains_key(&stored.id) {
            return None;
        }
        let slot = self.slot(
            stored.id.clone(),
            stored.token,
            stored.state,
            WriteTicket::default(),
        );
        slots.insert(stored.id, Arc::clone(&slot));
        Some(slot)
    }

    /// Every live game (a snapshot of the registry).
    pub fn all(&self) -> Vec<Arc<GameSlot>> {
        self.slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect()
    }

    pub(super) fn slot(
        &self,
        id: GameId,
        token: TokenHash,
        state: GameState,
        ticket: WriteTicket,
    ) -> Arc<GameSlot> {
        Arc::new(GameSlot {
            generation: AtomicU64::new(new_generation()),
            thinking_elsewhere: AtomicBool::new(false),
            review: Mutex::new(ReviewStatus::NotRequested),
            review_checked: AtomicBool::new(false),
            views: Arc::clone(&self.views),
            id,
            token,
            state: Mutex::new(state),
            store: Arc::clone(&self.store),
            last_seen: AtomicU64::new(self.now()),
            last_write: AtomicU64::new(ticket.0),
            events: GameEvents::new(),
            search: SearchLock::default(),
            declined_draw: Mutex::default(),
            copy: AtomicU64::new(new_copy()),
            ended: AtomicBool::new(false),
            epoch: self.epoch,
        })
    }

    /// Where the games are kept (their analyses are kept there too).
    pub fn store(&self) -> Arc<dyn GameStore> {
        Arc::clone(&self.store)
    }

    /// Waits until every change queued so far, of every game, is durable.
    pub async fn flush(&self) -> Result<(), GameError> {
        Ok(self.store.flush().await?)
    }

    /// The bytes of serialized views held (at most `--view-cache-mib`).
    pub fn view_bytes(&self) -> usize {
        self.views.bytes()
    }

    /// How many stored games are quarantined (they did not load at startup).
    pub fn quarantined(&self) -> usize {
        self.quarantined
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The quarantined game with this id, if it is one.
    pub fn quarantined_game(&self, id: &GameId) -> Option<QuarantinedGame> {
        self.quarantined
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
    }

    pub(super) fn is_quarantined(&self, id: &GameId) -> bool {
        self.quarantined
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(id)
    }

    /// How long a game may stay untouched before it is forgotten.
    pub fn idle_timeout(&self) -> Duration {
        self.idle_timeout
    }

    /// How many games are live.
    pub fn len(&self) -> usize {
        self.slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no game is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests;
