//! The server's own life around the requests: whether it is ready (its store and engines
//! answer, its stored games read back), reading them back and the tasks it keeps running
//! (`maintenance.rs`), and stopping (the token that ends live streams, the last flush).

use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::play::GameService;
use crate::games::live::analyses::Analyses;
use crate::games::live::registry::{Games, LoadProgress};
use crate::uci::EnginePool;

/// How long `/api/ready` waits for the store to answer before it says not ready.
pub const STORE_READY_WITHIN: Duration = Duration::from_secs(3);

/// Readiness, reading back, maintenance and stopping. Its fields are the service folder's:
/// `maintenance.rs` holds more of its methods.
pub struct Lifecycle {
    /// Plays the engine's turns a restart or another server left (see `maintenance.rs`).
    pub(super) play: Arc<GameService>,
    pub(super) games: Arc<Games>,
    pub(super) engines: EnginePool,
    /// The finished games' analyses, resumed once the stored games are back.
    pub(super) analyses: Arc<Analyses>,
    /// Cancelled when the server starts to stop: live streams end at once, rather than holding
    /// the graceful shutdown open until its timeout.
    pub(super) stopping: CancellationToken,
}

impl Lifecycle {
    /// Cancelled when the server stops (see [`crate::Application::stopper`]).
    pub fn stopping(&self) -> &CancellationToken {
        &self.stopping
    }

    /// Waits until every change queued so far is on disk: the last step of a shutdown, after
    /// the requests in progress have finished.
    pub async fn flush(&self) {
        if let Err(error) = self.games.flush().await {
            tracing::error!(%error, "the last game changes could not be saved");
        }
        self.games.store().close();
    }

    /// The live games, for tests and diagnostics: the edge asks the services (see
    /// `tests/architecture.rs`).
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The engine pool (its status is for logs and tests).
    pub fn engines(&self) -> &EnginePool {
        &self.engines
    }

    /// How far reading the stored games back has got; `None` once it is done (or was never
    /// needed).
    pub fn loading(&self) -> Option<LoadProgress> {
        self.games.loading()
    }

    /// Whether the store answers within `STORE_READY_WITHIN` (a stalled database or a
    /// writer stuck on the disk makes the server not ready).
    pub async fn store_ready(&self) -> bool {
        let store = self.games.store();
        match tokio::time::timeout(STORE_READY_WITHIN, store.ping()).await {
            Ok(Ok(())) => true,
            Ok(Err(error)) => {
                tracing::warn!(%error, "the game store does not answer: not ready");
                false
            }
            Err(_) => {
                tracing::warn!(
                    "the game store did not answer within {STORE_READY_WITHIN:?}: not ready"
                );
                false
            }
        }
    }

    /// Whether an engine answers `isready` (or, all being busy, is healthy).
    pub async fn engines_ready(&self) -> bool {
        self.engines.ping().await
    }
}
