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

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use bytes::Bytes;

use crate::games::live::events::{GameEvent, GameEvents};
use crate::games::live::hint_lock::{HintLock, RunningHint};
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::StoredGame;
use crate::games::store::{Fresh, GameSnapshot, GameStore, Lookup, WriteTicket};
use crate::games::view::game_view::{Clock, GameView};
use crate::games::view::view_cache::{SerializedView, ViewCache, ViewTag};
use crate::token::TokenHash;

/// Numbers the in-memory copies of games (see [`GameSnapshot::copy`]).
static NEXT_COPY: AtomicU64 = AtomicU64::new(1);

fn new_copy() -> u64 {
    NEXT_COPY.fetch_add(1, Ordering::Relaxed)
}

/// Numbers the changes of every game's view (see [`GameSlot::serialized`]): never reused, so a
/// view cached for a game that left memory and came back is never taken for the current one.
static NEXT_GENERATION: AtomicU64 = AtomicU64::new(1);

fn new_generation() -> u64 {
    NEXT_GENERATION.fetch_add(1, Ordering::Relaxed)
}

/// A game's view as `GET /api/games/{id}` sends it.
#[derive(Debug, Clone)]
pub struct ServedView {
    /// Names the view's content (an HTTP `ETag`, weak: a running clock's reading aside).
    pub tag: ViewTag,
    /// The view's JSON.
    pub body: Bytes,
}

/// One game: its secret, its state behind a lock, and which change its view is at (the view itself
/// is serialized into the registry's byte-bounded `ViewCache`, or built from the state).
pub struct GameSlot {
    id: GameId,
    token: TokenHash,
    state: Mutex<GameState>,
    /// The view's last change (a number from [`new_generation`]), changed under the game's lock:
    /// the serialized view in `views` is current when it was made at this one.
    generation: AtomicU64,
    /// Another server searches the engine's reply (a shared store's lease): the view says the
    /// engine thinks, until this server changes the game. The state alone does not say it.
    thinking_elsewhere: AtomicBool,
    /// Every game's serialized views (bounded by bytes, shared by the registry's games).
    views: Arc<ViewCache>,
    store: Arc<dyn GameStore>,
    /// Milliseconds since the registry's epoch at the player's last request (or the creation).
    last_seen: AtomicU64,
    /// The live stream: every new view and the engine's progress.
    events: GameEvents,
    /// The store's ticket for this game's latest change; [`GameSlot::durable`] waits for it.
    last_write: AtomicU64,
    /// The player's hint being searched, if any (one search per game: see `hint_lock.rs`).
    hint: HintLock,
    /// Which copy of the game this is; a new one each time the store's version is adopted.
    copy: AtomicU64,
    /// The registry's epoch, for `last_seen`.
    epoch: Instant,
}

impl GameSlot {
    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// Restarts the game's idle clock: its player acted (and was not refused).
    fn touch(&self) {
        let now = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_seen.store(now, Ordering::Relaxed);
    }

    /// The view of the game now (built from its state: the clock reads now).
    pub fn view(&self) -> Arc<GameView> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::new(self.build_view(&state))
    }

    /// The view of `state` (the game's, its lock held).
    fn build_view(&self, state: &GameState) -> GameView {
        let mut view = GameView::new(&self.id, state);
        view.engine_thinking |= self.thinking_elsewhere.load(Ordering::Acquire);
        view
    }

    /// The view as `GET /api/games/{id}` sends it: serialized once per change of the game and
    /// shared until the next one (the clock's reading written per request while it runs).
    pub fn serialized(&self) -> ServedView {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let generation = self.generation.load(Ordering::Acquire);
        let cached = self.views.get(&self.id, generation).unwrap_or_else(|| {
            let view = self.build_view(&state);
            self.keep_serialized(&view, state.version(), generation)
        });
        let clock = cached
            .clock_runs()
            .then(|| {
                state
                    .clock()
                    .map(|clock| Clock::of(clock, tokio::time::Instant::now()))
            })
            .flatten();
        ServedView {
            tag: cached.tag(),
            body: cached.body(clock.as_ref()),
        }
    }

    /// Serializes `view` (of the game at `version`, change `generation`) into the cache.
    fn keep_serialized(
        &self,
        view: &GameView,
        version: u64,
        generation: u64,
    ) -> Arc<SerializedView> {
        let serialized = Arc::new(SerializedView::of(view, version, generation));
        self.views.put(&self.id, Arc::clone(&serialized));
        serialized
    }

    /// Makes `view` (of `state`, the game's with its lock held) the game's: a new change of its
    /// view, serialized for the readers and published to the watchers.
    fn publish(&self, state: &GameState, view: GameView) -> Arc<GameView> {
        let generation = new_generation();
        self.generation.store(generation, Ordering::Release);
        self.keep_serialized(&view, state.version(), generation);
        let view = Arc::new(view);
        self.events.publish_game(Arc::clone(&view));
        view
    }

    /// The game's live stream, for publishing the engine's progress.
    pub fn events(&self) -> &GameEvents {
        &self.events
    }

    /// A new watcher: the current view and every event after it (subscribed under the game's
    /// lock, so no change falls between the two).
    pub fn watch(&self) -> (Arc<GameView>, tokio::sync::broadcast::Receiver<GameEvent>) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        (Arc::new(self.build_view(&state)), self.events.subscribe())
    }

    /// Reads the state under the lock.
    pub fn read<T>(&self, f: impl FnOnce(&GameState) -> T) -> T {
        f(&self.state.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The version this server holds.
    pub fn version(&self) -> u64 {
        self.read(GameState::version)
    }

    /// Takes the store's copy of the game if it is newer (or whatever its version, when `force`d
    /// after a lost write race), publishing it to the watchers; whether it did. A search for the
    /// old copy finds its reply refused (the version moved on).
    fn adopt(&self, fresh: Fresh, force: bool) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if !force && fresh.game.state.version() <= state.version() {
            return false;
        }
        *state = fresh.game.state;
        self.copy.store(new_copy(), Ordering::Release);
        self.thinking_elsewhere
            .store(fresh.searched_elsewhere, Ordering::Release);
        let view = self.build_view(&state);
        self.publish(&state, view);
        true
    }

    /// Keeps this server's lease on the engine's reply to `version` while polled (see
    /// [`GameStore::hold_lease`]).
    pub async fn hold_lease(&self, version: u64) -> std::convert::Infallible {
        self.store.hold_lease(&self.id, version).await
    }

    /// Revalidates the cached game against the store: adopts its newer version (any version when
    /// `force`d); whether it changed. [`GameError::NotFound`] when the store no longer has it.
    pub async fn refresh(&self, force: bool) -> Result<bool, GameError> {
        let cached = (!force).then(|| self.version());
        match self.store.lookup(&self.id, cached).await? {
            Lookup::Unchanged => Ok(false),
            Lookup::Changed(fresh) => Ok(self.adopt(*fresh, force)),
            Lookup::Missing => Err(GameError::NotFound),
        }
    }

    /// The one place a game changes: runs `change` on a copy of the state and, if it succeeds and
    /// changed something, saves it to the store, publishes the new view (to the view cache and the
    /// live stream; the engine starting or stopping to think counts), then keeps it. A failed
    /// change or save leaves the game exactly as it was.
    pub fn update<T>(
        &self,
        change: impl FnOnce(&mut GameState) -> Result<T, GameError>,
    ) -> Result<(T, Arc<GameView>), GameError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let mut draft = state.clone();
        let out = change(&mut draft)?;
        let changed = draft.version() != state.version();
        if changed {
            let ticket = self.store.save(&GameSnapshot {
                id: &self.id,
                token: &self.token,
                state: &draft,
                base: Some(state.version()),
                copy: self.copy.load(Ordering::Acquire),
            })?;
            self.last_write.fetch_max(ticket.0, Ordering::AcqRel);
            self.touch();
        }
        // A new version, or the same game with the engine starting or stopping to think: a new
        // view (this server's change: nobody else searches).
        let view = if changed || draft.is_engine_thinking() != state.is_engine_thinking() {
            self.thinking_elsewhere.store(false, Ordering::Release);
            Some(self.publish(&draft, self.build_view(&draft)))
        } else {
            None
        };
        // Pending-search bookkeeping changes without a new version; keep it too.
        *state = draft;
        let view = view.unwrap_or_else(|| Arc::new(self.build_view(&state)));
        drop(state);
        Ok((out, view))
    }

    /// Puts the game back as it was `before` a change (to version `changed`) whose save failed,
    /// so memory never keeps what the store does not; publishes it. Nothing happens if the game
    /// moved on meanwhile (a later change built on it and answers for itself); whether it did.
    pub fn roll_back(&self, before: GameState, changed: u64) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.version() != changed {
            return false;
        }
        *state = before;
        self.thinking_elsewhere.store(false, Ordering::Release);
        let view = self.build_view(&state);
        self.publish(&state, view);
        true
    }

    /// Starts a hint: `prepare` checks the game and builds the search under the game's lock;
    /// [`GameError::SearchInProgress`] while the engine's reply is due or searched, or another hint runs.
    pub fn begin_hint<T>(
        &self,
        prepare: impl FnOnce(&GameState) -> Result<T, GameError>,
    ) -> Result<(T, RunningHint<'_>), GameError> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.is_engine_thinking() {
            return Err(GameError::SearchInProgress);
        }
        let out = prepare(&state)?;
        let running = self.hint.try_begin().ok_or(GameError::SearchInProgress)?;
        self.touch();
        Ok((out, running))
    }

    /// Stops the hint being searched, if any: the engine's reply is about to be searched.
    pub fn cancel_hint(&self) {
        self.hint.cancel();
    }

    /// Waits until every change made so far to this game is durable in the store; a request
    /// awaits this before it answers, so an acknowledged change survives a crash.
    ///
    /// A shared store may refuse the change because another server changed the game first: the
    /// slot then takes the store's version and the request gets [`GameError::Superseded`] (409,
    /// reload), as if that other change had come first here.
    pub async fn durable(&self) -> Result<(), GameError> {
        let ticket = WriteTicket(self.last_write.load(Ordering::Acquire));
        match self.store.durable(ticket).await {
            Ok(()) => Ok(()),
            Err(StoreError::Conflict) => {
                tracing::info!(game = %self.id, "another server changed the game first; taking its version");
                if let Err(error) = self.refresh(true).await {
                    tracing::warn!(%error, game = %self.id, "could not reload a game after a lost race");
                }
                Err(GameError::Superseded)
            }
            Err(StoreError::Full) => Err(GameError::TooManyGames),
            Err(error) => Err(error.into()),
        }
    }
}

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
        }
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

    /// From now until [`Games::finish_loading`], `total` stored games are being read back:
    /// [`Games::find`] waits for a game not yet read back, `/api/ready` says how far it got.
    pub fn begin_loading(&self, total: usize) {
        self.loading
            .send_replace(Some(LoadProgress { loaded: 0, total }));
    }

    /// One more stored game was read back (restored, or one that did not load).
    pub fn loaded_one(&self) {
        self.loading.send_if_modified(|progress| match progress {
            Some(progress) => {
                progress.loaded += 1;
                true
            }
            None => false,
        });
    }

    /// Every stored game is read back: takes those that did not load from the store.
    pub fn finish_loading(&self) {
        let quarantined = self.store.take_quarantined();
        self.quarantined
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(quarantined.into_iter().map(|game| (game.id.clone(), game)));
        self.loading.send_replace(None);
    }

    /// How far the reading back of the stored games got; `None` once it is done (or when there
    /// was nothing to read).
    pub fn loading(&self) -> Option<LoadProgress> {
        *self.loading.borrow()
    }

    /// Returns once the game `id` is in memory or every stored game is read back (at once
    /// outside start-up): a request never sees "no such game" for a game not read back yet.
    pub async fn wait_for(&self, id: &GameId) {
        if self.loading.borrow().is_none() {
            return;
        }
        let mut progress = self.loading.subscribe();
        loop {
            if progress.borrow_and_update().is_none() || self.get(id).is_ok() {
                return;
            }
            if progress.changed().await.is_err() {
                return;
            }
        }
    }

    /// Returns once every stored game is read back (at once outside start-up).
    pub async fn wait_loaded(&self) {
        let mut progress = self.loading.subscribe();
        // An error: the registry is gone, nothing left to wait for.
        let _ = progress.wait_for(Option::is_none).await;
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

    fn slot(
        &self,
        id: GameId,
        token: TokenHash,
        state: GameState,
        ticket: WriteTicket,
    ) -> Arc<GameSlot> {
        Arc::new(GameSlot {
            generation: AtomicU64::new(new_generation()),
            thinking_elsewhere: AtomicBool::new(false),
            views: Arc::clone(&self.views),
            id,
            token,
            state: Mutex::new(state),
            store: Arc::clone(&self.store),
            last_seen: AtomicU64::new(self.now()),
            last_write: AtomicU64::new(ticket.0),
            events: GameEvents::new(),
            hint: HintLock::default(),
            copy: AtomicU64::new(new_copy()),
            epoch: self.epoch,
        })
    }

    /// With a store that reloads, at the cap: drops from memory (only) the cached game needed
    /// least, the finished one left longest ago, else the longest silent, never one being
    /// searched for, watched or held by a request here (the store keeps it; it is read back when
    /// asked for).
    fn make_room(&self, slots: &mut HashMap<GameId, Arc<GameSlot>>) {
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

    /// The game with this id if `token` is its token; otherwise the same error as an unknown
    /// game. Either way nothing is touched: only what the player then does counts as activity.
    pub fn authorized(&self, id: &GameId, token: &str) -> Result<Arc<GameSlot>, GameError> {
        self.check_token(self.get(id)?, token)
    }

    fn check_token(&self, slot: Arc<GameSlot>, token: &str) -> Result<Arc<GameSlot>, GameError> {
        if slot.token.verify(token) {
            Ok(slot)
        } else {
            Err(GameError::NotFound)
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
    fn forget_cached(&self, id: &GameId) {
        self.slots
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
        self.views.forget(id);
    }

    /// Where the games are kept (their analyses are kept there too).
    pub fn store(&self) -> Arc<dyn GameStore> {
        Arc::clone(&self.store)
    }

    /// Waits until every change queued so far, of every game, is durable.
    pub async fn flush(&self) -> Result<(), GameError> {
        Ok(self.store.flush().await?)
    }

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

    fn is_quarantined(&self, id: &GameId) -> bool {
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

    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::error::StoreError;
    use crate::games::model::level::Level;
    use crate::games::store::MemoryStore;
    use crate::token::GameToken;
    use alphachess_engine::{Color, Game};

    fn registry(max: usize, idle: Duration) -> Games {
        Games::new(max, idle, 1 << 20, Arc::new(MemoryStore))
    }

    fn state() -> GameState {
        GameState::new(Game::default(), Color::White, Level::MAX)
    }

    #[test]
    fn a_wrong_token_looks_exactly_like_an_unknown_game() {
        let games = registry(10, Duration::from_secs(60));
        let token = GameToken::generate().expect("randomness");
        let slot = games.insert(state(), token.hash()).expect("room");
        let id = slot.id().clone();
        assert!(games.authorized(&id, token.expose()).is_ok());
        let wrong = games.authorized(&id, "not-the-token").err();
        let unknown_id = GameId::parse("zzzzzzzzzzzz").expect("an id");
        let unknown = games.authorized(&unknown_id, token.expose()).err();
        assert!(matches!(wrong, Some(GameError::NotFound)), "{wrong:?}");
        assert!(matches!(unknown, Some(GameError::NotFound)), "{unknown:?}");
    }

    #[test]
    fn the_live_game_cap_is_enforced() {
        let games = registry(2, Duration::from_secs(60));
        for _ in 0..2 {
            games.insert(state(), TokenHash::of("t")).expect("room");
        }
        assert!(matches!(
            games.insert(state(), TokenHash::of("t")),
            Err(GameError::TooManyGames)
        ));
    }

    #[test]
    fn idle_games_expire_and_touched_ones_stay() {
        let games = registry(10, Duration::ZERO);
        let slot = games.insert(state(), TokenHash::of("t")).expect("room");
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(games.expire_idle(), 1);
        assert!(games.get(slot.id()).is_err());
        assert!(games.is_empty());

        let games = registry(10, Duration::from_secs(3600));
        games.insert(state(), TokenHash::of("t")).expect("room");
        assert_eq!(games.expire_idle(), 0);
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn only_the_players_accepted_changes_refresh_the_idle_clock() {
        let games = registry(10, Duration::from_millis(300));
        let token = GameToken::generate().expect("randomness");
        let played = games.insert(state(), token.hash()).expect("room");
        let pestered = games.insert(state(), token.hash()).expect("room");
        let started = Instant::now();
        while started.elapsed() < Duration::from_millis(600) {
            // A hint is the player's activity (as is every accepted change).
            let slot = games
                .authorized(played.id(), token.expose())
                .expect("the player");
            drop(slot.begin_hint(|_| Ok::<_, GameError>(())).expect("a hint"));
            assert!(games.get(pestered.id()).is_ok());
            assert!(games.authorized(pestered.id(), "a guess").is_err());
            // The player's own refused request counts for nothing either.
            let player = games
                .authorized(pestered.id(), token.expose())
                .expect("the player");
            assert!(matches!(
                player.update(GameState::take_back),
                Err(GameError::NothingToTakeBack)
            ));
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(
            games.expire_idle(),
            1,
            "readers, wrong tokens and refused takebacks kept nothing alive"
        );
        assert!(games.get(played.id()).is_ok());
        assert!(games.get(pestered.id()).is_err());
    }

    #[test]
    fn alone_in_memory_a_full_registry_refuses_a_new_game_and_deletes_none() {
        let games = registry(2, Duration::from_secs(3600));
        let finished = games.insert(state(), TokenHash::of("t")).expect("room");
        finished.update(GameState::resign).expect("resigned");
        let silent = games.insert(state(), TokenHash::of("t")).expect("room");
        assert!(matches!(
            games.insert(state(), TokenHash::of("t")),
            Err(GameError::TooManyGames)
        ));
        assert!(games.get(finished.id()).is_ok(), "the finished game stays");
        assert!(games.get(silent.id()).is_ok());
    }

    /// The JSON a fresh view of `slot` serializes to now.
    fn fresh_json(slot: &GameSlot) -> serde_json::Value {
        serde_json::to_value(&*slot.view()).expect("JSON")
    }

    fn served_json(slot: &GameSlot) -> serde_json::Value {
        serde_json::from_slice(&slot.serialized().body).expect("JSON")
    }

    #[test]
    fn the_served_view_is_always_the_fresh_one_and_its_tag_changes_with_it() {
        let games = registry(10, Duration::from_secs(3600));
        let slot = games.insert(state(), TokenHash::of("t")).expect("room");
        let first = slot.serialized();
        assert_eq!(served_json(&slot), fresh_json(&slot));
        assert_eq!(slot.serialized().tag, first.tag, "nothing changed");
        let mut tags = vec![first.tag];
        type Change = fn(&mut GameState) -> Result<(), GameError>;
        let changes: [Change; 4] = [
            |state| state.play_player_move(&"e4".parse().expect("notation"), None),
            |state| {
                state
                    .begin_engine_turn(true)
                    .map(drop)
                    .ok_or(GameError::NotYourTurn)
            },
            |state| state.take_back(),
            |state| state.resign(),
        ];
        for change in changes {
            slot.update(change).expect("accepted");
            let served = slot.serialized();
            assert_eq!(served_json(&slot), fresh_json(&slot));
            assert!(!tags.contains(&served.tag), "a new tag after every change");
            tags.push(served.tag);
        }
    }

    #[test]
    fn a_game_read_back_serializes_no_view_until_asked_and_views_stay_within_the_budget() {
        let games = Games::new(10, Duration::from_secs(3600), 0, Arc::new(MemoryStore));
        let slot = games
            .restore(StoredGame {
                id: GameId::parse("abcdefghijkl").expect("an id"),
                token: TokenHash::of("t"),
                state: state(),
            })
            .expect("room");
        assert_eq!(games.view_bytes(), 0);
        assert_eq!(slot.view().ply, 0);
        assert_eq!(served_json(&slot), fresh_json(&slot), "rebuilt on demand");
        assert_eq!(games.view_bytes(), 0, "a budget of 0 keeps none");
    }

    /// A store whose write queue is full: every write is refused at once.
    struct FullStore;

    impl GameStore for FullStore {
        fn save(&self, _game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError> {
            Err(StoreError::Busy)
        }
        fn delete(&self, _id: &GameId) -> Result<WriteTicket, StoreError> {
            Err(StoreError::Busy)
        }
        fn durable(&self, _ticket: WriteTicket) -> crate::games::store::Durable<'_> {
            Box::pin(std::future::ready(Ok(())))
        }
        fn flush(&self) -> crate::games::store::Durable<'_> {
            Box::pin(std::future::ready(Ok(())))
        }
        fn save_analysis(
            &self,
            _id: &GameId,
            _status: crate::analysis::AnalysisStatus,
            _nodes: u64,
        ) -> Result<WriteTicket, StoreError> {
            Err(StoreError::Busy)
        }
        fn save_analysed_position(
            &self,
            _id: &GameId,
            _position: &crate::analysis::AnalysedPosition,
        ) -> Result<WriteTicket, StoreError> {
            Err(StoreError::Busy)
        }
        fn take_stored_analyses(
            &self,
        ) -> Vec<crate::games::store::analysis_record::AnalysisRecord> {
            Vec::new()
        }
    }

    #[test]
    fn a_change_a_full_store_queue_refuses_is_cancelled() {
        let games = Games::new(10, Duration::from_secs(60), 1 << 20, Arc::new(FullStore));
        assert!(matches!(
            games.insert(state(), TokenHash::of("t")),
            Err(GameError::Store(StoreError::Busy))
        ));
        assert!(games.is_empty(), "a game the store refused is not created");

        let games = registry(10, Duration::from_secs(60));
        let slot = games.insert(state(), TokenHash::of("t")).expect("room");
        let slot = Games::new(10, Duration::from_secs(60), 1 << 20, Arc::new(FullStore)).slot(
            slot.id().clone(),
            TokenHash::of("t"),
            state(),
            WriteTicket::default(),
        );
        let before = slot.view();
        let refused =
            slot.update(|state| state.play_player_move(&"e4".parse().expect("notation"), None));
        assert!(
            matches!(refused, Err(GameError::Store(StoreError::Busy))),
            "{refused:?}"
        );
        assert_eq!(
            slot.read(|state| state.game().ply()),
            0,
            "the move is not kept"
        );
        assert_eq!(slot.view(), before);
    }

    #[test]
    fn a_failed_change_leaves_the_game_as_it_was() {
        let games = registry(10, Duration::from_secs(60));
        let slot = games.insert(state(), TokenHash::of("t")).expect("room");
        let before = slot.view();
        let result = slot.update(|state| {
            state.play_player_move(&"e4".parse().expect("notation"), None)?;
            Err::<(), _>(GameError::NotYourTurn)
        });
        assert!(result.is_err());
        assert_eq!(slot.read(|state| state.game().ply()), 0);
        assert_eq!(slot.view(), before);
    }
}
