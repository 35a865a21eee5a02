//! One live game: its secret, its state behind its own lock, and the one place it changes
//! ([`GameSlot::update`]): saved to the store, published to the view cache and the live stream,
//! and waited for until durable. The registry (`registry/`) holds the slots.
//!
//! With a store other servers share (PostgreSQL), a lost write race makes the slot take the
//! store's version ([`GameSlot::durable`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use bytes::Bytes;

use crate::games::live::events::{GameEvent, GameEvents};
use crate::games::live::search_lock::{RunningSearch, SearchLock};
use crate::games::model::draw::Decline;
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::store::{Fresh, GameSnapshot, GameStore, Lookup, WriteTicket};
use crate::games::view::game_view::{Clock, GameView};
use crate::games::view::review_status::ReviewStatus;
use crate::games::view::view_cache::{SerializedView, ViewCache, ViewTag};
use crate::token::TokenHash;

/// Numbers the in-memory copies of games (see [`GameSnapshot::copy`]).
static NEXT_COPY: AtomicU64 = AtomicU64::new(1);

pub(super) fn new_copy() -> u64 {
    NEXT_COPY.fetch_add(1, Ordering::Relaxed)
}

/// Numbers the changes of every game's view (see [`GameSlot::serialized`]): never reused, so a
/// view cached for a game that left memory and came back is never taken for the current one.
static NEXT_GENERATION: AtomicU64 = AtomicU64::new(1);

pub(super) fn new_generation() -> u64 {
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
    pub(super) id: GameId,
    pub(super) token: TokenHash,
    pub(super) state: Mutex<GameState>,
    /// The view's last change (a number from [`new_generation`]), changed under the game's lock:
    /// the serialized view in `views` is current when it was made at this one.
    pub(super) generation: AtomicU64,
    /// Another server searches the engine's reply (a shared store's lease): the view says the
    /// engine thinks, until this server changes the game. The state alone does not say it.
    pub(super) thinking_elsewhere: AtomicBool,
    /// Whether the game has a review, as `analyses/` reports it (the state does not hold it: a
    /// review is not a change of the game). Written under the game's lock.
    pub(super) review: Mutex<ReviewStatus>,
    /// The store was asked whether it holds a review of this copy of the game and had none (see
    /// [`GameSlot::review_unknown`]).
    pub(super) review_checked: AtomicBool,
    /// Every game's serialized views (bounded by bytes, shared by the registry's games).
    pub(super) views: Arc<ViewCache>,
    pub(super) store: Arc<dyn GameStore>,
    /// Milliseconds since the registry's epoch at the player's last request (or the creation).
    pub(super) last_seen: AtomicU64,
    /// The live stream: every new view and the engine's progress.
    pub(super) events: GameEvents,
    /// The store's ticket for this game's latest change; [`GameSlot::durable`] waits for it.
    pub(super) last_write: AtomicU64,
    /// The player's hint or draw offer being searched, if any (one search per game: see
    /// `search_lock.rs`).
    pub(super) search: SearchLock,
    /// Stockfish's answer to the last draw offer it declined, and the game's version then: the
    /// same offer in the same position gets the same answer, with no search (lila ignores an
    /// offer repeated within 20 plies; here the next move is enough to be heard again).
    pub(super) declined_draw: Mutex<Option<(u64, Decline)>>,
    /// Which copy of the game this is; a new one each time the store's version is adopted.
    pub(super) copy: AtomicU64,
    /// A change ended the game and nobody has taken note yet (see [`GameSlot::take_ended`]).
    pub(super) ended: AtomicBool,
    /// The registry's epoch, for `last_seen`.
    pub(super) epoch: Instant,
}

/// A change to a game, applied and published but not yet known durable: a request answers only
/// once [`Changed::durable`] has resolved (so an acknowledged change survives a crash), and code
/// that leaves the wait to a later step says so with [`Changed::durable_later`].
#[must_use = "a change is acknowledged only once durable: await `durable()`"]
pub struct Changed<'a, T> {
    slot: &'a GameSlot,
    /// What the change answered.
    pub out: T,
    /// The game after the change.
    pub view: Arc<GameView>,
}

impl<T> Changed<'_, T> {
    /// Waits until the change (and every one before it) is durable; what it answered and the
    /// view after it.
    pub(in crate::games) async fn durable(self) -> Result<(T, Arc<GameView>), GameError> {
        self.slot.durable().await?;
        Ok((self.out, self.view))
    }

    /// What the change answered and the view after it, leaving the wait to a later
    /// [`GameSlot::durable`] (tickets settle in order, so that one covers this change too).
    pub(in crate::games) fn durable_later(self) -> (T, Arc<GameView>) {
        (self.out, self.view)
    }
}

impl GameSlot {
    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// What the store keeps of the game's token: a player's key's, for a game created with it
    /// (whose rating the game then counts for).
    pub(in crate::games) fn token(&self) -> &TokenHash {
        &self.token
    }

    /// The store the game is kept in (ratings are kept there too).
    pub(in crate::games) fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
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
        view.review = *self.review.lock().unwrap_or_else(PoisonError::into_inner);
        view
    }

    /// Whether the game has a review now (`analyses/` says so when one is asked for, read back
    /// after a restart, or could not start as the game ended): a new change of the view for the
    /// view cache, so a cached view never shows the old answer, though the game's version stays
    /// (the game itself did not change). No `game` event: the stream's news of a review is its
    /// `analysis` events, and every later `game` event carries the field. Nothing happens if the
    /// view already said so.
    pub(in crate::games) fn set_review(&self, review: ReviewStatus) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        {
            let mut current = self.review.lock().unwrap_or_else(PoisonError::into_inner);
            if *current == review {
                return;
            }
            *current = review;
        }
        let generation = new_generation();
        self.generation.store(generation, Ordering::Release);
        self.keep_serialized(&self.build_view(&state), state.version(), generation);
    }

    /// Whether the store should be asked if it holds a review of the game: the game is over, not
    /// aborted, its view says it has none, and this copy has not asked yet (a copy read back from
    /// the store knows a review only from there: the analysis in memory followed the copy before
    /// it), or asks every time when `shared` (another server may start one).
    pub(in crate::games) fn review_unknown(&self, shared: bool) -> bool {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let none = *self.review.lock().unwrap_or_else(PoisonError::into_inner)
            == ReviewStatus::NotRequested;
        none && state.is_finished()
            && !state.is_aborted()
            && (shared || !self.review_checked.load(Ordering::Acquire))
    }

    /// The store holds no review of this copy of the game (see [`GameSlot::review_unknown`]).
    pub(in crate::games) fn note_no_stored_review(&self) {
        self.review_checked.store(true, Ordering::Release);
    }

    /// The view as `GET /api/games/{id}` sends it: serialized once per change of the game and
    /// shared until the next one (the clock's reading written per request while it runs).
    pub(in crate::games) fn serialized(&self) -> ServedView {
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
    pub(in crate::games) fn events(&self) -> &GameEvents {
        &self.events
    }

    /// A new watcher: the current view and every event after it (subscribed under the game's
    /// lock, so no change falls between the two).
    pub fn watch(&self) -> (Arc<GameView>, tokio::sync::broadcast::Receiver<GameEvent>) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        (Arc::new(self.build_view(&state)), self.events.subscribe())
    }

    /// Reads the state under the lock.
    pub(in crate::games) fn read<T>(&self, f: impl FnOnce(&GameState) -> T) -> T {
        f(&self.state.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The version this server holds.
    pub(in crate::games) fn version(&self) -> u64 {
        self.read(GameState::version)
    }

    /// Takes the store's copy of the game if it is newer (or whatever its version, when `force`d
    /// after a lost write race), publishing it to the watchers; whether it did. A search for the
    /// old copy finds its reply refused (the version moved on).
    pub(super) fn adopt(&self, fresh: Fresh, force: bool) -> bool {
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
    /// [`SharedStore::hold_lease`](crate::games::store::SharedStore::hold_lease)).
    pub(in crate::games) async fn hold_lease(&self, version: u64) -> std::convert::Infallible {
        match self.store.shared() {
            Some(shared) => shared.hold_lease(&self.id, version).await,
            // Alone, there is no lease: nobody else could take the reply over.
            None => std::future::pending().await,
        }
    }

    /// Revalidates the cached game against the store: adopts its newer version (any version when
    /// `force`d); whether it changed. [`GameError::NotFound`] when the store no longer has it.
    pub(in crate::games) async fn refresh(&self, force: bool) -> Result<bool, GameError> {
        let cached = (!force).then(|| self.version());
        match self.store.lookup(&self.id, cached).await? {
            Lookup::Unchanged => Ok(false),
            Lookup::Changed(fresh) => Ok(self.adopt(*fresh, force)),
            Lookup::Missing => Err(GameError::NotFound),
        }
    }

    /// The one place a game changes: runs `change` on a copy of the state and, if it succeeds and
    /// changed something, saves it to the store, publishes the new view (to the view cache and the
    /// live stream), then keeps it. A failed change or save leaves the game exactly as it was.
    ///
    /// The running clock's flag is settled first, in every change: no action comes after a
    /// flag, even when the clock's task has not woken yet. If it fell and `change` is then
    /// refused (the game is over), the flag alone is kept and the refusal answered.
    ///
    /// The answer is a [`Changed`] that must be awaited durable before the change is
    /// acknowledged; a change that ended the game is noted for [`GameSlot::take_ended`].
    pub(in crate::games) fn update<T>(
        &self,
        change: impl FnOnce(&mut GameState) -> Result<T, GameError>,
    ) -> Result<Changed<'_, T>, GameError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let mut draft = state.clone();
        // The game with only its flag settled, kept in case `change` is refused (rare: a clone
        // only when a clock has just run out).
        let flag_alone = draft
            .flag_if_due(tokio::time::Instant::now())
            .then(|| draft.clone());
        let out = match change(&mut draft) {
            Ok(out) => out,
            Err(refused) => {
                if let Some(flag) = flag_alone {
                    self.commit(&mut state, flag)?;
                }
                return Err(refused);
            }
        };
        let view = self.commit(&mut state, draft)?;
        drop(state);
        Ok(Changed {
            slot: self,
            out,
            view,
        })
    }

    /// Saves `draft` (the game's next state) to the store if its version moved, publishes its
    /// view if it changed, and keeps it in place of `state` (held locked); its view.
    fn commit(&self, state: &mut GameState, draft: GameState) -> Result<Arc<GameView>, GameError> {
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
            if draft.is_finished() && !state.is_finished() {
                self.ended.store(true, Ordering::Release);
                // Its review starts by itself now (`change.rs`): the ending's own view says so,
                // as the next `GET` will (an aborted game has none).
                if !draft.is_aborted() {
                    *self.review.lock().unwrap_or_else(PoisonError::into_inner) =
                        ReviewStatus::Requested;
                }
            }
        }
        // A new version (the engine starting or stopping to think is one): a new view, this
        // server's change (nobody else searches).
        let view = if changed {
            self.thinking_elsewhere.store(false, Ordering::Release);
            Some(self.publish(&draft, self.build_view(&draft)))
        } else {
            None
        };
        // Whatever else the change did without a new version (nothing the view shows) is kept.
        *state = draft;
        Ok(view.unwrap_or_else(|| Arc::new(self.build_view(state))))
    }

    /// [`GameSlot::update`] for the edge's own tests, which drive a game's stream without a
    /// service: the change's answer, its durability left to the test.
    #[cfg(test)]
    pub(crate) fn change_for_test<T>(
        &self,
        change: impl FnOnce(&mut GameState) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        self.update(change).map(|changed| changed.durable_later().0)
    }

    /// Whether a change since the last call ended the game (mate, a draw, a resignation, a
    /// flag); `true` once per ending, so its analysis starts once.
    pub(in crate::games) fn take_ended(&self) -> bool {
        self.ended.swap(false, Ordering::AcqRel)
    }

    /// Puts the game back as it was `before` a change (to version `changed`) whose save failed,
    /// so memory never keeps what the store does not; publishes it. Nothing happens if the game
    /// moved on meanwhile (a later change built on it and answers for itself); whether it did.
    pub(in crate::games) fn roll_back(&self, before: GameState, changed: u64) -> bool {
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

    /// Starts a search of the player's (a hint, a draw offer): `prepare` checks the game and
    /// builds the search under the game's lock; [`GameError::SearchInProgress`] while the
    /// engine's reply is due or searched, or another of the player's runs.
    pub(in crate::games) fn begin_search<T>(
        &self,
        prepare: impl FnOnce(&GameState) -> Result<T, GameError>,
    ) -> Result<(T, RunningSearch<'_>), GameError> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.is_engine_thinking() {
            return Err(GameError::SearchInProgress);
        }
        let out = prepare(&state)?;
        let running = self.search.try_begin().ok_or(GameError::SearchInProgress)?;
        self.touch();
        Ok((out, running))
    }

    /// Stockfish's reason for declining a draw offered at `version`, if it already did.
    pub(in crate::games) fn declined_draw(&self, version: u64) -> Option<Decline> {
        match &*self
            .declined_draw
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
        {
            Some((declined, decline)) if *declined == version => Some(decline.clone()),
            _ => None,
        }
    }

    /// Records that Stockfish declined a draw offered at `version`, for `decline`.
    pub(in crate::games) fn remember_declined_draw(&self, version: u64, decline: Decline) {
        *self
            .declined_draw
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some((version, decline));
    }

    /// Stops the player's search, if any: the engine's reply is about to be searched.
    pub(in crate::games) fn cancel_search(&self) {
        self.search.cancel();
    }

    /// Waits until every change made so far to this game is durable in the store; a request
    /// awaits this before it answers, so an acknowledged change survives a crash.
    ///
    /// A shared store may refuse the change because another server changed the game first: the
    /// slot then takes the store's version and the request gets [`GameError::Superseded`] (409,
    /// reload), as if that other change had come first here.
    pub(in crate::games) async fn durable(&self) -> Result<(), GameError> {
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
