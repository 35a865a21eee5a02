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
mod cache;
mod run;
mod starting;
mod tracked;

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use alphachess_engine::Game;
use tokio_util::sync::CancellationToken;

use crate::analysis::{
    AnalysedPly, Analysis, AnalysisStatus, Review, DEFAULT_ANALYSIS_NODES, QUICK_NODES,
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
use crate::games::store::GameStore;
use crate::games::view::review_status::ReviewStatus;
use crate::uci::EnginePool;

use tracked::{Progress, Tracked};

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

/// The game of `slot` if it is over (a finished game never changes again).
fn finished_game(slot: &Arc<GameSlot>) -> Option<Game> {
    slot.read(|state| state.is_finished().then(|| state.game().clone()))
}
