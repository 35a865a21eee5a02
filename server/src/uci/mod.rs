//! Supervised UCI engines (Stockfish) behind a small bounded queue.
//!
//! [`EnginePool::search`] is the only way in: it takes a [`SearchRequest`] built from a validated
//! game and answers a legal [`Move`] for that game's current position, or an [`EngineError`].

mod actor;
mod error;
mod locate;
mod process;
mod protocol;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::{Game, Move, Position};
use tokio::sync::{mpsc, oneshot, Mutex};

pub use actor::{PING_TIMEOUT, SEARCH_SLACK};
pub use error::EngineError;
pub use locate::{locate_engine, LocateError};
pub use protocol::{guard_line, EngineOption, UciCommand, UciPosition, UnsafeLineError};

use actor::{Job, Worker, WorkerSettings};
use process::EngineProcess;

/// Transposition table size of each engine, in MiB.
const HASH_MB: u32 = 16;

/// One search to run.
#[derive(Debug, Clone)]
pub struct SearchRequest {
    /// Which game this is, so an engine hears `ucinewgame` when it switches games.
    pub game: Arc<str>,
    pub position: UciPosition,
    /// The position searched: the reply is checked against it.
    pub current: Position,
    pub depth: u32,
    /// Stockfish `Skill Level`, 0..=20.
    pub skill: u8,
}

impl SearchRequest {
    /// A search of `game`'s current position.
    pub fn new(key: Arc<str>, game: &Game, depth: u32, skill: u8) -> SearchRequest {
        SearchRequest {
            game: key,
            position: UciPosition::from_game(game),
            current: game.position().clone(),
            depth,
            skill: skill.min(20),
        }
    }
}

/// How to run the engines.
#[derive(Debug, Clone)]
pub struct EngineSettings {
    pub path: PathBuf,
    pub engines: usize,
    pub queue_len: usize,
    pub movetime: Duration,
}

/// A cheap, cloneable handle to the engine workers.
#[derive(Debug, Clone)]
pub struct EnginePool {
    jobs: mpsc::Sender<Job>,
    health: Arc<[Arc<AtomicBool>]>,
}

impl EnginePool {
    /// Starts every engine (each must complete the UCI handshake) and their workers.
    ///
    /// Must be called inside a Tokio runtime; the workers live as long as some handle does.
    pub async fn start(settings: EngineSettings) -> Result<EnginePool, EngineError> {
        let worker_settings = WorkerSettings {
            path: settings.path.clone(),
            options: vec![EngineOption::Threads(1), EngineOption::Hash(HASH_MB)],
            movetime: settings.movetime,
        };
        let (sender, receiver) = mpsc::channel(settings.queue_len.max(1));
        let queue = Arc::new(Mutex::new(receiver));
        let mut health = Vec::new();
        for _ in 0..settings.engines.max(1) {
            let process =
                EngineProcess::start(&worker_settings.path, &worker_settings.options).await?;
            let healthy = Arc::new(AtomicBool::new(true));
            let worker = Worker::new(
                worker_settings.clone(),
                Arc::clone(&queue),
                Arc::clone(&healthy),
                process,
            );
            tokio::spawn(worker.run());
            health.push(healthy);
        }
        Ok(EnginePool {
            jobs: sender,
            health: health.into(),
        })
    }

    /// Runs a search, waiting for a free engine; fails at once with [`EngineError::Busy`] when the
    /// queue is full. Dropping the returned future cancels the search (the engine gets `stop`).
    pub async fn search(&self, request: SearchRequest) -> Result<Move, EngineError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .try_send(Job::Search { request, reply })
            .map_err(|error| match error {
                mpsc::error::TrySendError::Full(_) => EngineError::Busy,
                mpsc::error::TrySendError::Closed(_) => EngineError::Stopped,
            })?;
        answer.await.map_err(|_| EngineError::Stopped)?
    }

    /// Whether an engine answers `isready` now. When every engine is busy searching (the ping
    /// cannot be queued or is not reached in time), the engines' health decides.
    pub async fn ping(&self) -> bool {
        let (reply, answer) = oneshot::channel();
        match self.jobs.try_send(Job::Ping { reply }) {
            Ok(()) => match tokio::time::timeout(PING_TIMEOUT + SEARCH_SLACK, answer).await {
                Ok(Ok(Ok(()))) => true,
                Ok(_) => false,
                Err(_) => self.is_ready(),
            },
            Err(mpsc::error::TrySendError::Full(_)) => self.is_ready(),
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Whether at least one engine answered its last handshake and has not failed since.
    pub fn is_ready(&self) -> bool {
        self.health
            .iter()
            .any(|healthy| healthy.load(Ordering::Relaxed))
    }
}
