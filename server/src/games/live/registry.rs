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
use crate::games::store::{Fresh, GameSnapshot, GameStore, Lookup, WriteTicket};
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
    fn a_wrong_token_is_told_apart_from_an_unknown_game() {
        let games = registry(10, Duration::from_secs(60));
        let token = GameToken::generate().expect("randomness");
        let slot = games.insert(state(), token.hash()).expect("room");
        let id = slot.id().clone();
        assert!(games.authorized(&id, token.expose()).is_ok());
        let wrong = games.authorized(&id, "not-the-token").err();
        let unknown_id = GameId::parse("zzzzzzzzzzzz").expect("an id");
        let unknown = games.authorized(&unknown_id, token.expose()).err();
        assert!(matches!(wrong, Some(GameError::WrongToken)), "{wrong:?}");
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
            drop(
                slot.begin_search(|_| Ok::<_, GameError>(()))
                    .expect("a hint"),
            );
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
        finished
            .update(GameState::resign)
            .expect("resigned")
            .durable_later();
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
            slot.update(change).expect("accepted").durable_later();
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
        let refused = slot
            .update(|state| state.play_player_move(&"e4".parse().expect("notation"), None))
            .map(|changed| changed.durable_later());
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
