//! One game's live stream: every state change and the engine's search progress, fanned out to
//! any number of watchers.
//!
//! Each game owns a [`GameEvents`] (a bounded broadcast channel). `GameSlot::update` publishes
//! the new view after every change; the engine's search publishes [`Thinking`] through the sink
//! `progress::thinking_sink` builds; a running analysis publishes its new plies and status changes
//! (`analyses/`); a reply nobody waited for publishes its failure (`service/`). Publishing
//! never waits: a watcher that falls behind skips to the current view, and one that leaves costs
//! nothing. Framing them for HTTP (Server-Sent Events, NDJSON) is the edge's business.

use std::sync::Arc;

use tokio::sync::broadcast;

use crate::analysis::AnalysisEvent;
use crate::games::view::game_view::GameView;
use crate::games::view::thinking::Thinking;
use crate::uci::EngineError;

/// How many events a watcher may fall behind before it skips to the current view.
const CAPACITY: usize = 32;

/// Something a watcher of a game sees.
#[derive(Debug, Clone)]
pub enum GameEvent {
    /// The game changed: its whole view.
    Game(Arc<GameView>),
    /// The engine's search for this game progressed.
    Thinking(Arc<Thinking>),
    /// The game's analysis has a new ply or a new status.
    Analysis(Arc<AnalysisEvent>),
    /// The engine's reply to a move played without waiting failed; the move is taken back (a
    /// `Game` event showed it). The edge tells the client what the waiting call would have.
    EngineFailed(Arc<EngineError>),
}

/// The sending side of one game's stream; cheap to clone.
#[derive(Debug, Clone)]
pub struct GameEvents {
    sender: broadcast::Sender<GameEvent>,
}

impl Default for GameEvents {
    fn default() -> GameEvents {
        GameEvents::new()
    }
}

impl GameEvents {
    pub fn new() -> GameEvents {
        GameEvents {
            sender: broadcast::channel(CAPACITY).0,
        }
    }

    /// Sends the game's new view to every watcher (none: nothing happens).
    pub fn publish_game(&self, view: Arc<GameView>) {
        // An error only means nobody is watching.
        let _ = self.sender.send(GameEvent::Game(view));
    }

    /// Sends search progress to every watcher.
    pub fn publish_thinking(&self, thinking: Thinking) {
        let _ = self.sender.send(GameEvent::Thinking(Arc::new(thinking)));
    }

    /// Sends an analysis's progress to every watcher.
    pub fn publish_analysis(&self, event: AnalysisEvent) {
        let _ = self.sender.send(GameEvent::Analysis(Arc::new(event)));
    }

    /// Tells every watcher the engine's reply failed.
    pub fn publish_engine_failure(&self, error: EngineError) {
        let _ = self.sender.send(GameEvent::EngineFailed(Arc::new(error)));
    }

    /// Whether anyone watches (progress is not even computed otherwise).
    pub fn has_watchers(&self) -> bool {
        self.sender.receiver_count() > 0
    }

    /// A new watcher, seeing every event published from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<GameEvent> {
        self.sender.subscribe()
    }
}
