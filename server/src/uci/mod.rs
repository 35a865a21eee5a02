//! Supervised UCI engines (Stockfish) behind two small bounded queues.
//!
//! There are two ways in. [`EnginePool::search`] (live play) takes a [`SearchRequest`] built from
//! a validated game and answers a legal [`Move`] for that game's current position.
//! [`EnginePool::analyse`] (post-game analysis) takes an [`AnalysisRequest`] and answers a
//! [`PositionAnalysis`]: best move, score, principal variation, all checked. Analysis runs behind
//! live play and never makes a live move wait (see `lanes/`). The pool mixes local engines
//! (child processes) and remote ones (`tcp://host:port`); every engine gets the same guarded
//! commands, deadlines and restart rules.

mod actor;
mod address;
mod analysis;
mod error;
mod explore;
mod health;
mod info;
mod job;
mod lanes;
mod locate;
mod process;
mod protocol;
mod queue;
mod recent_use;
mod request;

use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::Move;
use tokio::sync::{oneshot, watch};

pub use actor::{PING_TIMEOUT, SEARCH_SLACK};
pub use address::{EngineAddress, ParseEngineAddressError};
pub use analysis::{AnalysisRequest, NoLegalMoveError, PositionAnalysis};
pub use error::EngineError;
pub use explore::{
    ExploreJob, ExploreRequest, ExploreUpdate, NothingToExplore, PvLine, Snapshot, MAX_LINES,
};
pub use health::EngineStatus;
pub use info::{parse_info, Score, ScoreBound, SearchInfo};
pub use lanes::SearchKind;
pub use locate::{locate_engine, LocateError};
pub use process::CONNECT_TIMEOUT;
pub use protocol::{guard_line, EngineOption, GoClock, UciCommand, UciPosition, UnsafeLineError};
pub use request::{ProgressSink, SearchClock, SearchProgress, SearchRequest, MOVE_OVERHEAD};

use actor::{Worker, WorkerSettings};
use health::EngineHealth;
use job::{AnalysisJob, Job};
use lanes::LaneLimits;
use process::EngineProcess;
use queue::JobQueue;

/// Transposition table size of each engine, in MiB.
const HASH_MB: u32 = 16;

/// How to run the engines.
#[derive(Debug, Clone)]
pub struct EngineSettings {
    /// One entry per engine process (a local path listed twice runs two processes).
    pub engines: Vec<EngineAddress>,
    /// Jobs that may wait for an engine in each lane (live play, analysis), all clients
    /// together: memory safety, half of it kept for clients with nothing waiting (`lanes/`).
    pub queue_len: usize,
    /// Jobs one client (IPv4 address, IPv6 /64) may have waiting in each lane.
    pub queue_per_client: usize,
    /// Jobs one aggregate share (an IPv6 /56, or everything behind a trusted proxy that names
    /// no client) may have waiting in each lane.
    pub queue_per_aggregate: usize,
    /// How long a job may wait before a running search of a client with more recent use yields
    /// its engine (stopped: a live search answers its best move so far).
    pub preempt_after: Duration,
    /// The time cap of every search (`movetime`), live or analysis.
    pub movetime: Duration,
    /// How long a live search may wait for an engine before it is refused as busy.
    pub queue_wait: Duration,
}

/// A cheap, cloneable handle to the engine workers.
#[derive(Debug, Clone)]
pub struct EnginePool {
    jobs: Arc<PoolHandle>,
    health: Arc<[EngineHealth]>,
    queue_wait: Duration,
}

/// The pool's side of the queue: when the last handle goes, the workers are told to quit.
#[derive(Debug)]
struct PoolHandle(Arc<JobQueue>);

impl Drop for PoolHandle {
    fn drop(&mut self) {
        self.0.close();
    }
}

impl EnginePool {
    /// Starts every engine and their workers. At least one engine must complete the UCI
    /// handshake (the first failure is returned otherwise); the others are retried in the
    /// background and join the pool when they answer.
    ///
    /// Must be called inside a Tokio runtime; the workers live as long as some handle does.
    pub async fn start(settings: EngineSettings) -> Result<EnginePool, EngineError> {
        let worker_settings = WorkerSettings {
            options: vec![EngineOption::Threads(1), EngineOption::Hash(HASH_MB)],
            movetime: settings.movetime,
        };
        let limits = LaneLimits {
            capacity: settings.queue_len,
            // Half the lane is kept for clients with nothing waiting.
            reserved: settings.queue_len / 2,
            per_client: settings.queue_per_client,
            per_aggregate: settings.queue_per_aggregate,
            preempt_after: settings.preempt_after,
        };
        let queue = Arc::new(JobQueue::new(limits, settings.engines.len()));
        let health: Arc<[EngineHealth]> = settings
            .engines
            .iter()
            .cloned()
            .map(EngineHealth::new)
            .collect();
        let mut processes = Vec::with_capacity(health.len());
        let mut first_error = None;
        for engine in health.iter() {
            match EngineProcess::start(engine.address(), &worker_settings.options).await {
                Ok(process) => processes.push(Some(process)),
                Err(error) => {
                    tracing::warn!(engine = %engine.address(), %error, "engine not available at startup; retrying in the background");
                    first_error.get_or_insert(error);
                    processes.push(None);
                }
            }
        }
        if processes.iter().all(Option::is_none) {
            return Err(first_error.unwrap_or(EngineError::Stopped));
        }
        for (index, process) in processes.into_iter().enumerate() {
            let worker = Worker::new(
                worker_settings.clone(),
                Arc::clone(&queue),
                Arc::clone(&health),
                index,
                process,
            );
            tokio::spawn(worker.run());
        }
        Ok(EnginePool {
            jobs: Arc::new(PoolHandle(queue)),
            health,
            queue_wait: settings.queue_wait,
        })
    }

    fn queue(&self) -> &JobQueue {
        &self.jobs.0
    }

    /// Runs a search in its client's share, waiting for a free engine; fails with
    /// [`EngineError::Busy`] at once when the queue is full, or when no engine took it within
    /// the queue wait (it is then taken out of the queue). Dropping the returned future cancels
    /// the search (the engine gets `stop`).
    ///
    /// It never waits for an analysis search: if every engine is busy and one of them runs
    /// one, that search is stopped and resumed later (a reply stops a hint the same way).
    pub async fn search(&self, request: SearchRequest) -> Result<Move, EngineError> {
        let (reply, mut answer) = oneshot::channel();
        let client = request.client;
        let ticket = self.queue().push_search(Job::Search {
            request: Box::new(request),
            reply,
        })?;
        let waited = tokio::select! {
            answer = &mut answer => Some(answer),
            () = tokio::time::sleep(self.queue_wait) => None,
        };
        let answer = match waited {
            Some(answer) => answer,
            None if self.queue().withdraw(client, ticket) => return Err(EngineError::Busy),
            // An engine took it just in time: its answer comes.
            None => answer.await,
        };
        answer.map_err(|_| EngineError::Stopped)?
    }

    /// The engines' names as they gave them (`id name`), each once, joined by ` + `: what an
    /// analysis answer depends on besides its position and budget (the analysis cache's key).
    /// `unknown` while no engine has answered a handshake.
    pub fn engine_names(&self) -> String {
        let mut names: Vec<String> = self.health.iter().filter_map(|e| e.name()).collect();
        names.sort();
        names.dedup();
        if names.is_empty() {
            "unknown".into()
        } else {
            names.join(" + ")
        }
    }

    /// The options every analysis search runs with, as the analysis cache's key names them.
    pub fn analysis_options(&self) -> String {
        format!("Threads=1 Hash={HASH_MB} MultiPV=1")
    }

    /// Engines in the pool (up or not).
    pub fn size(&self) -> usize {
        self.health.len()
    }

    /// Analyses one position in the analysis lane, behind every live search; fails at once with
    /// [`EngineError::Busy`] when that lane is full. Dropping the returned future cancels it.
    pub async fn analyse(&self, request: AnalysisRequest) -> Result<PositionAnalysis, EngineError> {
        let (reply, answer) = oneshot::channel();
        self.queue()
            .push_analysis(AnalysisJob::Position { request, reply })?;
        answer.await.map_err(|_| EngineError::Stopped)?
    }

    /// Queues an analysis board's search on the analysis lane (behind every live search; a live
    /// search that needs the engine stops it, and it starts again later); fails at once with
    /// [`EngineError::Busy`] when that lane is full. Its updates come out of the receiver, which
    /// starts at `Waiting`; dropping the receiver stops the search at once.
    pub fn explore(
        &self,
        request: ExploreRequest,
    ) -> Result<watch::Receiver<ExploreUpdate>, EngineError> {
        let (updates, receiver) = watch::channel(ExploreUpdate::Waiting);
        self.queue()
            .push_analysis(AnalysisJob::Explore(ExploreJob { request, updates }))?;
        Ok(receiver)
    }

    /// Jobs waiting for an engine: (live, analysis).
    pub fn queued(&self) -> (usize, usize) {
        self.queue().queued()
    }

    /// Whether an engine answers `isready` now. Readiness never uses a search's place: the
    /// probe goes to an engine waiting for work, if there is one; when every engine is busy (a
    /// search's own deadline watches it) or the probe was dropped, the engines' health decides.
    /// A down engine waiting for work takes the probe too: it restarts first, as for a search.
    /// Nothing is left queued: a probe is handed over or not at all, and one its worker has not
    /// taken is dropped when the worker stops waiting.
    pub async fn ping(&self) -> bool {
        let Some(answer) = self.queue().probe() else {
            return self.is_ready();
        };
        match tokio::time::timeout(PING_TIMEOUT + SEARCH_SLACK, answer).await {
            Ok(Ok(result)) => result.is_ok(),
            // Dropped (its worker left for a job or a restart) or not answered in time.
            Ok(Err(_)) | Err(_) => self.is_ready(),
        }
    }

    /// Readiness probes handed to an idle engine and not yet taken (tests: always 0 at rest).
    pub fn probes_pending(&self) -> usize {
        self.queue().probes_pending()
    }

    /// Whether at least one engine answered its last handshake and has not failed since.
    pub fn is_ready(&self) -> bool {
        self.health.iter().any(EngineHealth::is_healthy)
    }

    /// Every engine of the pool, in `--stockfish` order.
    pub fn status(&self) -> Vec<EngineStatus> {
        self.health.iter().map(EngineHealth::status).collect()
    }
}
