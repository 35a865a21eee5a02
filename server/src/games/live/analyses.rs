//! Post-game analysis of the live games (issue #12, made fast by #24): who asked for one, which
//! run, what is kept.
//!
//! A finished game's analysis starts when its player asks for it, or by itself when a live game
//! ends. It runs in passes on the engines' analysis lane, behind live play:
//! 1. the positions already in the cache of analysed positions (`position_cache.rs`) are final
//!    at once (a second review of the same moves costs no engine time);
//! 2. a quick pass searches every other position at a small budget ([`QUICK_NODES`]), so the
//!    whole evaluation graph is on the stream within seconds, marked provisional;
//! 3. the final pass searches them at the analysis's budget, in chunks spread over every
//!    engine the analysis gets a place for ([`run_pass`], `analysis/chunks.rs`);
//! 4. a consistency pass re-searches, on one engine in turn, the positions on both sides of a
//!    chunk boundary where a mate score appears or vanishes: a fresh engine on the next chunk
//!    may miss a mate the previous one found, and the move between would be judged as losing
//!    it (lichess's known fault, lila#15202).
//!
//! Places are held one chunk at a time and shared fairly between the clients that created the
//! games ([`FairPlaces`]), so a short review waits a chunk per engine and client ahead of it,
//! not for whole 600-ply imports. Each final answer is stored at once (so a restart resumes
//! after it, see [`Analyses::resume`]) and published on the game's stream with the plies it
//! completes; the status changes (queued, running, done with accuracy and summary, failed) are
//! published too. A failed analysis is restarted by the next request, from where it stopped.
//!
//! An analysis lives as long as its game: it holds the game only weakly, stops when the game is
//! forgotten, and is dropped from the map the next time an analysis starts.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use alphachess_engine::Game;
use tokio_util::sync::CancellationToken;

use crate::analysis::classes::alternatives_needed;
use crate::analysis::{
    consistency_checks, plan, positions_to_search, run_pass, Alternatives, AnalysedPly,
    AnalysedPosition, Analysis, AnalysisEvent, AnalysisStatus, Answered, Chunk, ClientSearcher,
    Flow, Pass, PassPlan, PassSettings, Review, RunError, CHUNK_POSITIONS, DEFAULT_ANALYSIS_NODES,
    QUICK_CHUNK_POSITIONS, QUICK_NODES,
};
use crate::client_key::ClientKey;
use crate::games::live::analysis_places::FairPlaces;
use crate::games::live::queue_place::{ahead, QueueEntry};
use crate::games::live::registry::Games;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::store::analysis_record::StoredAnalysis;
use crate::games::store::position_cache::{CacheKey, CachedAnswer, SearchIdentity};
use crate::games::store::GameStore;
use crate::games::view::review_status::ReviewStatus;
use crate::uci::{EnginePool, PositionAnalysis};

/// How analyses run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// Nodes per position (`go nodes N`).
    pub nodes: u64,
    /// Nodes per position of the quick pass; 0: no quick pass.
    pub quick_nodes: u64,
    /// Chunks that may be searched at once, of one analysis or several (one engine each); the
    /// analyses without one wait as `queued`.
    pub max_running: usize,
    /// Analyses that may be queued or running at once, all clients together: past it a new one
    /// is refused (503, retry later) rather than queued behind hours of others.
    pub max_pending: usize,
    /// Analyses one client may have queued or running at once: past it that client's new one is
    /// refused (429) while other clients' still queue, so one client cannot fill the queue.
    pub per_client: usize,
    /// Analyses one aggregate of clients (an IPv6 /56, the clients a proxy does not name) may
    /// have queued or running at once; as `per_client`.
    pub per_aggregate: usize,
}

impl Default for AnalysisSettings {
    fn default() -> AnalysisSettings {
        AnalysisSettings {
            nodes: DEFAULT_ANALYSIS_NODES,
            quick_nodes: QUICK_NODES,
            max_running: 1,
            max_pending: DEFAULT_MAX_PENDING_ANALYSES,
            per_client: DEFAULT_ANALYSES_PER_CLIENT,
            per_aggregate: DEFAULT_ANALYSES_PER_NETWORK,
        }
    }
}

/// Default of [`AnalysisSettings::max_pending`]: at 500,000 nodes a position, a few hours of
/// one engine's analysis time, which a queue should not hold more of.
pub const DEFAULT_MAX_PENDING_ANALYSES: usize = 256;

/// Default of [`AnalysisSettings::per_client`]: a player reviews a few games at once; more is a
/// script filling the queue.
pub const DEFAULT_ANALYSES_PER_CLIENT: usize = 4;

/// Default of [`AnalysisSettings::per_aggregate`]: four clients' worth.
pub const DEFAULT_ANALYSES_PER_NETWORK: usize = 16;

/// How long a refused client is told to wait: about one chunk.
const BUSY_RETRY_AFTER_SECS: u64 = 10;

/// Why an analysis was refused or cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("the game is not finished; it can be analysed once it is over")]
    GameNotFinished,
    /// An aborted game (`abortable.rs`) has too few moves to review: it is never queued.
    #[error("the game was aborted before each side made two moves; there is nothing to review")]
    GameAborted,
    #[error("nobody has asked for this game's analysis")]
    NotRequested,
    #[error("the analysis queue is full; try again in {retry_after_secs} s")]
    QueueFull { retry_after_secs: u64 },
    #[error("this client (or its network) already has as many analyses queued as it may; try again in {retry_after_secs} s")]
    OverShare { retry_after_secs: u64 },
}

impl From<StoreError> for AnalysisError {
    fn from(error: StoreError) -> AnalysisError {
        AnalysisError::Game(error.into())
    }
}

/// The analyses of the live games and the places they run in.
pub struct Analyses {
    engines: EnginePool,
    store: Arc<dyn GameStore>,
    settings: AnalysisSettings,
    /// One place per analysis that may run; the others wait for one, fairly between clients
    /// (`None`: games whose creator is not known, e.g. after a restart).
    places: FairPlaces<Option<ClientKey>>,
    by_game: Mutex<HashMap<GameId, Arc<Tracked>>>,
    /// Who created each live game, for the fair share of its analysis, and whether it is that
    /// client's own game (created unfinished and played; not an import already over).
    owners: Mutex<HashMap<GameId, Owner>>,
    /// Cancelled when the server stops: running analyses stop where they are (their answers so
    /// far are stored) and resume after the restart.
    stopping: CancellationToken,
    /// The next analysis's creation order, for its place in the queue.
    next_seq: AtomicU64,
}

/// A live game (held weakly), the client that created it, and whether it is that client's own
/// played game.
type Owner = (Weak<GameSlot>, ClientKey, bool);

/// One game's analysis.
struct Tracked {
    id: GameId,
    /// Creation order, for the place in the queue (`queue_place.rs`).
    seq: u64,
    slot: Weak<GameSlot>,
    /// Whose share the analysis runs in.
    client: Option<ClientKey>,
    /// Nodes per position, kept for the whole analysis (a resumed one keeps its budget).
    nodes: u64,
    progress: Mutex<Progress>,
}

/// Where one analysis stands.
struct Progress {
    status: AnalysisStatus,
    review: Review,
}

impl Progress {
    /// The analysis as the API shows it: accuracy and summary only once it is done.
    fn analysis(&self) -> Analysis {
        let mut analysis = self.review.to_analysis(self.status);
        if self.status != AnalysisStatus::Done {
            analysis.accuracy = None;
            analysis.summary = None;
            analysis.key_moments = None;
            analysis.phases = None;
        }
        analysis
    }

    /// The event that says the status changed.
    fn status_event(&self) -> AnalysisEvent {
        let analysis = self.analysis();
        AnalysisEvent {
            status: analysis.status,
            progress: analysis.progress,
            ply: None,
            accuracy: analysis.accuracy,
            summary: analysis.summary,
            key_moments: analysis.key_moments,
            phases: analysis.phases,
            ahead: None,
        }
    }

    /// The event that carries a newly analysed ply.
    fn ply_event(&self, ply: AnalysedPly) -> AnalysisEvent {
        AnalysisEvent {
            status: self.status,
            progress: self.review.progress(),
            ply: Some(ply),
            accuracy: None,
            summary: None,
            key_moments: None,
            phases: None,
            ahead: None,
        }
    }
}

/// Why a running analysis stopped before its end.
enum Stop {
    /// The game was forgotten.
    Gone,
    /// An answer did not fit the review (a bug, not the engine's fault: it was checked).
    Invalid(String),
}

impl Tracked {
    fn lock(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn is_of(&self, slot: &Arc<GameSlot>) -> bool {
        std::ptr::eq(self.slot.as_ptr(), Arc::as_ptr(slot))
    }

    /// Sends `event` to the game's watchers, if the game is still there.
    fn publish(&self, event: AnalysisEvent) {
        if let Some(slot) = self.slot.upgrade() {
            slot.events().publish_analysis(event);
        }
    }

    /// Tells the game's view that it has a review (its `review` field, which says whether, not
    /// the status).
    fn show_in_view(&self) {
        if let Some(slot) = self.slot.upgrade() {
            slot.set_review(ReviewStatus::Requested);
        }
    }

    /// Stores and publishes a new status.
    fn set_status(
        &self,
        progress: &mut Progress,
        status: AnalysisStatus,
        store: &dyn GameStore,
    ) -> Result<(), StoreError> {
        store.save_analysis(&self.id, status, self.nodes)?;
        progress.status = status;
        self.publish(progress.status_event());
        Ok(())
    }

    /// Keeps and publishes one answer: a final one is stored (a restart resumes after it) and,
    /// unless it came from the cache, cached for other games; a quick one is only shown.
    fn record(
        &self,
        answered: &Answered,
        store: &dyn GameStore,
        cache: &Cache,
    ) -> Result<(), Stop> {
        if self.slot.strong_count() == 0 {
            return Err(Stop::Gone);
        }
        let position = &answered.position;
        let mut progress = self.lock();
        let plies = progress
            .review
            .set(position.index, position.analysis.clone(), answered.pass)
            .map_err(|error| Stop::Invalid(error.to_string()))?;
        if answered.pass == Pass::Final {
            if let Err(error) = store.save_analysed_position(&self.id, position) {
                tracing::warn!(%error, game = %self.id, "an analysed position could not be stored");
            }
            if answered.chunk != FROM_CACHE {
                let key = cache.key(progress.review.game(), position.index);
                if let Err(error) = store.cache_answer(&key, &CachedAnswer::of(&position.analysis))
                {
                    tracing::debug!(%error, "an answer could not be cached");
                }
            }
        }
        for ply in plies {
            self.publish(progress.ply_event(ply));
        }
        Ok(())
    }

    /// The analysis got a place: it is running (stored and published once); `true` the first
    /// time, when the queue has moved.
    fn mark_running(&self, store: &dyn GameStore) -> bool {
        let mut progress = self.lock();
        if progress.status == AnalysisStatus::Running {
            return false;
        }
        if let Err(error) = self.set_status(&mut progress, AnalysisStatus::Running, store) {
            tracing::warn!(%error, game = %self.id, "the analysis status could not be stored");
        }
        true
    }

    /// Stores and publishes the end of a run; a store failure is only logged (the analysis is
    /// in memory, and a restart would redo what was not kept).
    fn finish(&self, status: AnalysisStatus, store: &dyn GameStore) {
        let mut progress = self.lock();
        if let Err(error) = self.set_status(&mut progress, status, store) {
            tracing::warn!(%error, game = %self.id, "the analysis status could not be stored");
        }
    }
}

impl Analyses {
    /// No analyses yet; `stopping` is the server's shutdown token.
    pub fn new(
        engines: EnginePool,
        store: Arc<dyn GameStore>,
        settings: AnalysisSettings,
        stopping: CancellationToken,
    ) -> Analyses {
        Analyses {
            engines,
            store,
            settings,
            places: FairPlaces::new(settings.max_running),
            by_game: Mutex::new(HashMap::new()),
            owners: Mutex::new(HashMap::new()),
            stopping,
            next_seq: AtomicU64::new(0),
        }
    }

    /// `client` created `slot`'s game: its analysis will run in that client's share. `own`: the
    /// game was created unfinished, to be played (it took a place in the client's unfinished
    /// games), so its review is that player's own and is never refused (see [`Analyses::admit`]).
    pub fn set_owner(&self, slot: &Arc<GameSlot>, client: Option<ClientKey>, own: bool) {
        let Some(client) = client else { return };
        let mut owners = self.owners.lock().unwrap_or_else(PoisonError::into_inner);
        owners.retain(|_, (game, _, _)| game.strong_count() > 0);
        owners.insert(slot.id().clone(), (Arc::downgrade(slot), client, own));
    }

    /// The client that created `slot`'s game, if known.
    fn owner(&self, slot: &Arc<GameSlot>) -> Option<ClientKey> {
        self.ownership(slot).map(|(client, _)| client)
    }

    /// The client that created `slot`'s game and whether it is its own played game, if known.
    fn ownership(&self, slot: &Arc<GameSlot>) -> Option<(ClientKey, bool)> {
        let owners = self.owners.lock().unwrap_or_else(PoisonError::into_inner);
        owners
            .get(slot.id())
            .filter(|(game, _, _)| std::ptr::eq(game.as_ptr(), Arc::as_ptr(slot)))
            .map(|(_, client, own)| (*client, *own))
    }

    /// The player asks for the analysis of `slot`'s game: it starts (202 `queued`) unless there
    /// is one, which is answered as it stands; a failed one is started again where it stopped.
    pub fn request(self: &Arc<Self>, slot: &Arc<GameSlot>) -> Result<Analysis, AnalysisError> {
        let mut analysis = self.begin(slot, true)?;
        if analysis.status == AnalysisStatus::Queued {
            if let Some(tracked) = self.tracked(slot) {
                analysis.ahead = self.place_of(&tracked);
            }
        }
        Ok(analysis)
    }

    /// A live game has just ended: its analysis starts, unless it already has one. A client's
    /// own played game always starts (past its share it waits queued); any other past the
    /// queue's bound or the client's share does not (the game itself is kept, ended): the player
    /// asks for it later with `POST .../analysis`, which says when to retry.
    /// An aborted game has no review (`abortable.rs`): nothing starts.
    ///
    /// `true` when the game's view changed: the review its ending's view announced (`slot.rs`)
    /// did not start, so the view says `none` again.
    pub fn start_after_end(self: &Arc<Self>, slot: &Arc<GameSlot>) -> bool {
        if slot.read(GameState::is_aborted) {
            return false;
        }
        match self.begin(slot, false) {
            Ok(_) => false,
            Err(error) => {
                tracing::warn!(%error, game = %slot.id(), "the analysis of a finished game did not start");
                slot.set_review(ReviewStatus::NotRequested);
                true
            }
        }
    }

    /// The analysis of `slot`'s game as it stands.
    pub fn get(&self, slot: &Arc<GameSlot>) -> Result<Analysis, AnalysisError> {
        let tracked = self.tracked(slot).ok_or(AnalysisError::NotRequested)?;
        let place = self.place_of(&tracked);
        let mut analysis = tracked.lock().analysis();
        analysis.ahead = place.filter(|_| analysis.status == AnalysisStatus::Queued);
        Ok(analysis)
    }

    /// How many analyses run or wait before `tracked`, if it is queued.
    fn place_of(&self, tracked: &Tracked) -> Option<u32> {
        let by_game = self.by_game.lock().unwrap_or_else(PoisonError::into_inner);
        ahead(&queue_entries(&by_game), tracked.seq)
    }

    /// Tells every queued analysis's watchers its place: called whenever one is added, starts or
    /// ends, the only moments the places move.
    fn publish_places(&self) {
        let queued: Vec<(Arc<Tracked>, Option<u32>)> = {
            let by_game = self.by_game.lock().unwrap_or_else(PoisonError::into_inner);
            let entries = queue_entries(&by_game);
            by_game
                .values()
                .map(|tracked| (Arc::clone(tracked), ahead(&entries, tracked.seq)))
                .filter(|(_, place)| place.is_some())
                .collect()
        };
        for (tracked, place) in queued {
            let progress = tracked.lock();
            if progress.status == AnalysisStatus::Queued {
                let mut event = progress.status_event();
                event.ahead = place;
                tracked.publish(event);
            }
        }
    }

    /// The review of `slot`'s game as it stands, its status, and the node budget it searches at
    /// (the retry flow judges tries at the same budget).
    pub fn review_of(
        &self,
        slot: &Arc<GameSlot>,
    ) -> Result<(AnalysisStatus, Review, u64), AnalysisError> {
        let tracked = self.tracked(slot).ok_or(AnalysisError::NotRequested)?;
        let progress = tracked.lock();
        Ok((progress.status, progress.review.clone(), tracked.nodes))
    }

    /// An analysis another server ran, as it was stored, shown as it stands there.
    pub fn shown(stored: StoredAnalysis) -> Analysis {
        Progress {
            status: stored.status,
            review: stored.review,
        }
        .analysis()
    }

    /// The plies with final evaluations so far (none without an analysis), for the PGN export.
    pub fn plies(&self, slot: &Arc<GameSlot>) -> Vec<AnalysedPly> {
        self.tracked(slot)
            .map(|tracked| tracked.lock().review.final_plies())
            .unwrap_or_default()
    }

    /// After a restart: takes the analyses the store read back, checks each against its game,
    /// and resumes every one that had not ended (it searches only the positions not stored).
    pub fn resume(self: &Arc<Self>, games: &Games) {
        for record in self.store.take_stored_analyses() {
            let Some(slot) = GameId::parse(&record.game_id).and_then(|id| games.get(&id).ok())
            else {
                continue;
            };
            let Some(game) = finished_game(&slot) else {
                continue;
            };
            let stored = match record.rebuild(&game) {
                Ok(stored) => stored,
                Err(error) => {
                    tracing::error!(%error, "skipping a stored analysis that does not load");
                    continue;
                }
            };
            let unfinished = matches!(
                stored.status,
                AnalysisStatus::Queued | AnalysisStatus::Running
            );
            let status = if unfinished {
                AnalysisStatus::Queued
            } else {
                stored.status
            };
            let tracked = self.track(&slot, stored.nodes, status, stored.review);
            if unfinished {
                tracing::info!(game = %slot.id(), done = tracked.lock().review.progress().done, "resuming an analysis");
                self.spawn(tracked);
            }
        }
    }

    /// Starts (or answers) the analysis of `slot`'s game; `retry_failed` starts a failed one again.
    fn begin(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        retry_failed: bool,
    ) -> Result<Analysis, AnalysisError> {
        if slot.read(GameState::is_aborted) {
            return Err(AnalysisError::GameAborted);
        }
        let game = finished_game(slot).ok_or(AnalysisError::GameNotFinished)?;
        // Held throughout, so two requests for one game start one analysis.
        let mut by_game = self.by_game.lock().unwrap_or_else(PoisonError::into_inner);
        by_game.retain(|_, tracked| tracked.slot.strong_count() > 0);
        if let Some(tracked) = by_game.get(slot.id()).filter(|t| t.is_of(slot)) {
            let tracked = Arc::clone(tracked);
            let failed = tracked.lock().status == AnalysisStatus::Failed;
            // A failed analysis counts for nothing: restarting it takes a place in the queue.
            if retry_failed && failed {
                let own = self.ownership(slot).is_some_and(|(_, own)| own);
                self.admit(&by_game, tracked.client, own)?;
            }
            let mut progress = tracked.lock();
            if retry_failed && progress.status == AnalysisStatus::Failed {
                tracked.set_status(&mut progress, AnalysisStatus::Queued, &*self.store)?;
                self.spawn(Arc::clone(&tracked));
            }
            return Ok(progress.analysis());
        }
        let (client, own) = self
            .ownership(slot)
            .map_or((None, false), |(client, own)| (Some(client), own));
        self.admit(&by_game, client, own)?;
        self.store
            .save_analysis(slot.id(), AnalysisStatus::Queued, self.settings.nodes)?;
        let tracked = Arc::new(Tracked {
            id: slot.id().clone(),
            seq: self.next_seq.fetch_add(1, Ordering::Relaxed),
            slot: Arc::downgrade(slot),
            client,
            nodes: self.settings.nodes,
            progress: Mutex::new(Progress {
                status: AnalysisStatus::Queued,
                review: Review::new(game),
            }),
        });
        by_game.insert(slot.id().clone(), Arc::clone(&tracked));
        drop(by_game);
        tracked.show_in_view();
        let analysis = tracked.lock().analysis();
        // The new one's place, and the places of those it now goes before.
        self.publish_places();
        self.spawn(tracked);
        Ok(analysis)
    }

    /// Whether one more analysis of `client`'s may queue: `client`'s share, its aggregate's
    /// (an IPv6 /56, the clients a proxy does not name) and the queue as a whole have room (an
    /// analysis counts while queued or running). The last quarter of the queue is kept for
    /// clients with none queued (see [`crate::share_cap`]): 256 places were once filled by one
    /// /56 inside its /64s' shares and reviews got "engine busy" (issue #42, M5). A client not
    /// known (`None`) is bounded by the whole queue only.
    ///
    /// A client's `own` played game is always admitted (issue #38: a fifth finished game's
    /// review was refused, shown once and never retried): past the shares, and past the whole
    /// queue's bound (`--analysis-queue`), it waits in the client's backlog, queued, with its
    /// place shown (`queue_place.rs`), and starts by itself when [`FairPlaces`] gives the client
    /// a place, so it still runs only in its client's fair share of the engines. Its memory is
    /// bounded by the games kept (one analysis per game): the client's unfinished games
    /// (`--unfinished-per-client`) and the finished ones until they expire, within `--max-games`.
    /// The bounds still refuse every other analysis, e.g. of a game imported already over.
    fn admit(
        &self,
        by_game: &HashMap<GameId, Arc<Tracked>>,
        client: Option<ClientKey>,
        own: bool,
    ) -> Result<(), AnalysisError> {
        let aggregate = client.and_then(ClientKey::aggregate);
        let (mut pending, mut mine, mut network) = (0, 0, 0);
        for tracked in by_game.values() {
            let status = tracked.lock().status;
            if matches!(status, AnalysisStatus::Queued | AnalysisStatus::Running) {
                pending += 1;
                if client.is_some() && tracked.client == client {
                    mine += 1;
                }
                if aggregate.is_some() && tracked.client.and_then(ClientKey::aggregate) == aggregate
                {
                    network += 1;
                }
            }
        }
        let over_share = AnalysisError::OverShare {
            retry_after_secs: BUSY_RETRY_AFTER_SECS,
        };
        let backlog = own && client.is_some();
        if !backlog && client.is_some() && mine >= self.settings.per_client {
            return Err(over_share);
        }
        if !backlog && aggregate.is_some() && network >= self.settings.per_aggregate {
            return Err(over_share);
        }
        if backlog {
            return Ok(());
        }
        let max = self.settings.max_pending;
        let open = if mine == 0 { max } else { max - max / 4 };
        if pending >= open {
            return Err(AnalysisError::QueueFull {
                retry_after_secs: BUSY_RETRY_AFTER_SECS,
            });
        }
        Ok(())
    }

    /// Adds an analysis read back from the store.
    fn track(
        &self,
        slot: &Arc<GameSlot>,
        nodes: u64,
        status: AnalysisStatus,
        review: Review,
    ) -> Arc<Tracked> {
        let tracked = Arc::new(Tracked {
            id: slot.id().clone(),
            seq: self.next_seq.fetch_add(1, Ordering::Relaxed),
            slot: Arc::downgrade(slot),
            client: self.owner(slot),
            nodes,
            progress: Mutex::new(Progress { status, review }),
        });
        self.by_game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(slot.id().clone(), Arc::clone(&tracked));
        tracked.show_in_view();
        tracked
    }

    /// The analysis of this very game (not of an expired one that had its id).
    fn tracked(&self, slot: &Arc<GameSlot>) -> Option<Arc<Tracked>> {
        self.by_game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(slot.id())
            .filter(|tracked| tracked.is_of(slot))
            .cloned()
    }

    /// Runs `tracked` in the background until it ends, its game goes or the server stops.
    fn spawn(self: &Arc<Self>, tracked: Arc<Tracked>) {
        let analyses = Arc::clone(self);
        tokio::spawn(async move {
            let stopping = analyses.stopping.clone();
            tokio::select! {
                biased;
                () = stopping.cancelled() => {}
                () = analyses.run(&tracked) => analyses.publish_places(),
            }
        });
    }

    /// Runs `tracked`'s passes until it is done, fails, its game goes or the server stops.
    async fn run(&self, tracked: &Tracked) {
        let Some(game) = tracked.slot.upgrade().as_ref().and_then(finished_game) else {
            return;
        };
        let stop = Mutex::new(None);
        let result = self.passes(tracked, &game, &stop).await;
        let complete = tracked.lock().review.is_complete();
        match (
            stop.into_inner().unwrap_or_else(PoisonError::into_inner),
            result,
        ) {
            (Some(Stop::Gone), _) => {}
            (Some(Stop::Invalid(reason)), _) => {
                tracing::error!(game = %tracked.id, %reason, "an analysis answer did not fit");
                tracked.finish(AnalysisStatus::Failed, &*self.store);
            }
            (None, Ok(())) if complete => tracked.finish(AnalysisStatus::Done, &*self.store),
            (None, Ok(())) => {
                tracing::error!(game = %tracked.id, "the analysis ended with positions missing");
                tracked.finish(AnalysisStatus::Failed, &*self.store);
            }
            (None, Err(error)) => {
                tracing::warn!(%error, game = %tracked.id, "an analysis failed");
                tracked.finish(AnalysisStatus::Failed, &*self.store);
            }
        }
    }

    /// The cache, then the quick, final and consistency passes; `Ok` also when an answer
    /// asked to stop (its reason is in `stop`).
    async fn passes(
        &self,
        tracked: &Tracked,
        game: &Game,
        stop: &Mutex<Option<Stop>>,
    ) -> Result<(), RunError> {
        let cache = Cache {
            search: SearchIdentity {
                engine: self.engines.engine_names(),
                nodes: tracked.nodes,
                options: self.engines.analysis_options(),
            },
        };
        let key: Arc<str> = Arc::from(format!("analysis {}", tracked.id));
        let to_search = positions_to_search(game);
        // Which chunk gave each final answer in this run (`None`: an earlier run), for the
        // consistency pass.
        let chunk_of = Mutex::new(vec![None; to_search]);
        let report = |answered: Answered| {
            if let Err(reason) = tracked.record(&answered, &*self.store, &cache) {
                stop.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(reason);
                return false;
            }
            if answered.pass == Pass::Final {
                chunk_of.lock().unwrap_or_else(PoisonError::into_inner)[answered.position.index] =
                    Some(answered.chunk);
            }
            true
        };
        let place = || async {
            let place = self.places.acquire(tracked.client).await;
            if tracked.mark_running(&*self.store) {
                self.publish_places();
            }
            place
        };
        let searcher = ClientSearcher {
            engines: &self.engines,
            client: tracked.client,
        };

        if !self.answer_from_cache(tracked, game, &cache, &report).await {
            return Ok(());
        }
        let to_plan = |pass: Pass, size: usize, warm_up: bool| {
            let missing = tracked.lock().review.missing(pass);
            plan(&missing, size, to_search, warm_up)
        };
        let walkers = self.settings.max_running;
        if self.settings.quick_nodes > 0 {
            let quick = PassPlan {
                chunks: to_plan(Pass::Quick, QUICK_CHUNK_POSITIONS, false),
                settings: PassSettings {
                    pass: Pass::Quick,
                    nodes: self.settings.quick_nodes.min(tracked.nodes),
                    warm_up_nodes: 0,
                    alternatives: None,
                },
                walkers,
            };
            let flow = run_pass(&searcher, Arc::clone(&key), game, quick, place, report).await?;
            if flow == Flow::Stopped {
                return Ok(());
            }
        }
        let settings = PassSettings {
            pass: Pass::Final,
            nodes: tracked.nodes,
            // Enough to fill the hash with the next position's main line, a few percent of
            // the chunk's time.
            warm_up_nodes: self.settings.quick_nodes.max(1).min(tracked.nodes),
            alternatives: Some(Alternatives {
                book_plies: tracked.lock().review.book_plies(),
            }),
        };
        let full = PassPlan {
            chunks: to_plan(Pass::Final, CHUNK_POSITIONS, true),
            settings,
            walkers,
        };
        if run_pass(&searcher, Arc::clone(&key), game, full, place, report).await? == Flow::Stopped
        {
            return Ok(());
        }
        let checks: Vec<Chunk> = {
            let progress = tracked.lock();
            consistency_checks(
                &progress.review,
                &chunk_of.lock().unwrap_or_else(PoisonError::into_inner),
            )
        };
        if !checks.is_empty() {
            tracing::info!(game = %tracked.id, boundaries = checks.len(), "re-searching mates across chunk boundaries");
            // One check at a time: each runs its two positions in turn on one engine.
            let consistency = PassPlan {
                chunks: checks,
                settings,
                walkers: 1,
            };
            run_pass(&searcher, key, game, consistency, place, report).await?;
        }
        Ok(())
    }

    /// What the cache knows of `game`'s current position at the final pass's budget: a review
    /// that went through it, or an earlier board's (the key holds the moves since the last capture
    /// or pawn move, so `game` must carry them). A cache that cannot be read is a miss.
    pub async fn known(&self, game: &Game) -> Option<PositionAnalysis> {
        let cache = Cache {
            search: SearchIdentity {
                engine: self.engines.engine_names(),
                nodes: self.settings.nodes,
                options: self.engines.analysis_options(),
            },
        };
        let index = game.ply();
        let key = cache.key(game, index);
        let answer = match self.store.cached_answers(&[key]).await {
            Ok(mut answers) => answers.pop().flatten()?,
            Err(error) => {
                tracing::warn!(%error, "the analysis cache could not be read");
                return None;
            }
        };
        answer.rebuild(game, index).ok()
    }

    /// Takes every position the cache knows as final; `false` if an answer asked to stop. A
    /// cache that cannot be read is only logged: the engines search instead.
    async fn answer_from_cache(
        &self,
        tracked: &Tracked,
        game: &Game,
        cache: &Cache,
        report: &impl Fn(Answered) -> bool,
    ) -> bool {
        let (missing, book_plies) = {
            let progress = tracked.lock();
            (
                progress.review.missing(Pass::Final),
                progress.review.book_plies(),
            )
        };
        let keys: Vec<CacheKey> = missing
            .iter()
            .map(|&index| cache.key(game, index))
            .collect();
        let answers = match self.store.cached_answers(&keys).await {
            Ok(answers) => answers,
            Err(error) => {
                tracing::warn!(%error, game = %tracked.id, "the analysis cache could not be read");
                return true;
            }
        };
        for (&index, answer) in missing.iter().zip(answers) {
            let Some(answer) = answer else { continue };
            let analysis = match answer.rebuild(game, index) {
                Ok(analysis) => analysis,
                Err(reason) => {
                    tracing::warn!(%reason, game = %tracked.id, index, "a cached answer does not fit its position");
                    continue;
                }
            };
            // Cached from a game that played another move here: this game's move may be Great,
            // so the engines search it with its alternatives.
            if analysis.second.is_none() && alternatives_needed(game, book_plies, index, &analysis)
            {
                continue;
            }
            let answered = Answered {
                position: AnalysedPosition { index, analysis },
                pass: Pass::Final,
                chunk: FROM_CACHE,
            };
            if !report(answered) {
                return false;
            }
        }
        true
    }
}

/// The analyses that run or wait, for their places in the queue.
fn queue_entries(by_game: &HashMap<GameId, Arc<Tracked>>) -> Vec<QueueEntry<Option<ClientKey>>> {
    by_game
        .values()
        .filter_map(|tracked| {
            let status = tracked.lock().status;
            let running = match status {
                AnalysisStatus::Running => true,
                AnalysisStatus::Queued => false,
                AnalysisStatus::Done | AnalysisStatus::Failed => return None,
            };
            Some(QueueEntry {
                seq: tracked.seq,
                client: tracked.client,
                running,
            })
        })
        .collect()
}

/// The chunk number of answers that came from the cache.
const FROM_CACHE: usize = usize::MAX;

/// What names a position's answer in the cache, besides the position.
struct Cache {
    search: SearchIdentity,
}

impl Cache {
    fn key(&self, game: &Game, index: usize) -> CacheKey {
        CacheKey::new(game, index, &self.search)
    }
}

/// The game of `slot` if it is over (a finished game never changes again).
fn finished_game(slot: &Arc<GameSlot>) -> Option<Game> {
    slot.read(|state| state.is_finished().then(|| state.game().clone()))
}
