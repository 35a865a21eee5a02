//! The engine's turn: choosing who replies (the one `match` on the step's [`Opponent`]), starting
//! the reply on its own task (the player's move durable first), and the answer a request waits
//! for. Each kind's reply is a file of its own (`stockfish_turn.rs`, `maia_turn.rs`): it applies
//! the move, or takes the player's move back when it fails. Apart from the use cases because it
//! runs beside them, on its own task, and must leave the game right whoever still waits.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tokio::task::JoinHandle;

use super::change::apply;
use super::maia_turn::maia_reply;
use super::stockfish_turn::{stockfish_reply, StockfishSearch};
use super::turn_end::abandon;
use super::GameService;
use crate::client_key::ClientKey;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::state::EngineTurn;
use crate::games::opponent::Opponent;
use crate::games::view::game_view::GameView;
use crate::uci::EngineError;

impl GameService {
    /// If the engine is to move, asks it and applies its reply; a failure takes the player's move
    /// back (when `undo_on_failure`), a takeback or resignation meanwhile discards the reply.
    ///
    /// The search runs on a task of its own: a client that goes away mid-search (a reload, a
    /// closed tab) does not take the player's move back; the reply is applied and streamed as if
    /// the request had waited for it, as it is after a restart. `held` lives as long as the
    /// search (see [`GameService::play`]).
    pub(super) async fn engine_turn(
        &self,
        slot: &Arc<GameSlot>,
        undo_on_failure: bool,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<Arc<GameView>, GameError> {
        self.start_engine_turn(slot, undo_on_failure, client, held)
            .await?
            .finished()
            .await
    }

    /// [`GameService::engine_turn`] up to the search: the reply's task is started (and the
    /// player's move durable), not awaited. `held` moves into the reply's task and is dropped
    /// when the search and its reply are done, whoever still waits for them.
    async fn start_engine_turn(
        &self,
        slot: &Arc<GameSlot>,
        undo_on_failure: bool,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<EngineTurnStarted, GameError> {
        // `search_engine_turn` awaits it durable.
        let begun = apply(slot, &self.analyses, |state| {
            Ok(state.begin_engine_turn(undo_on_failure))
        })?
        .durable_later();
        self.search_engine_turn(slot, begun, client, held).await
    }

    /// Starts the search of a turn `begin_engine_turn` began (`None`: the engine has nothing to
    /// do), with `view` the game as that change left it.
    pub(super) async fn search_engine_turn(
        &self,
        slot: &Arc<GameSlot>,
        (turn, view): (Option<EngineTurn>, Arc<GameView>),
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<EngineTurnStarted, GameError> {
        let Some(turn) = turn else {
            return Ok(EngineTurnStarted::Done(view));
        };
        // One search per game: a hint or draw offer for the position just left stops.
        slot.cancel_search();
        let version = turn.version;
        // The turn's one choice: who replies. Each reply is lazy: it starts on its own task once
        // the player's move is durable.
        let reply: Reply = match turn.opponent {
            Opponent::Stockfish(stockfish) => {
                let search = StockfishSearch::of(slot, stockfish, self.max_depth, client);
                Box::pin(stockfish_reply(
                    self.engines.clone(),
                    Arc::clone(slot),
                    Arc::clone(&self.analyses),
                    turn,
                    search,
                    self.stopping.clone(),
                ))
            }
            Opponent::Maia(maia) => Box::pin(maia_reply(
                Arc::clone(self.maia()),
                Arc::clone(slot),
                Arc::clone(&self.analyses),
                turn,
                maia,
            )),
        };
        // The move is durable before the reply: with a shared store this settles the race with
        // other servers (and takes the lease on the reply) before any engine time is spent. A
        // takeback meanwhile cancels the turn, as it would during the search.
        if let Err(error) = slot.durable().await {
            abandon(slot, &self.analyses, version);
            return Err(error);
        }
        Ok(EngineTurnStarted::Searching {
            view,
            reply: tokio::spawn(async move {
                let _held = held;
                reply.await
            }),
        })
    }
}

/// An opponent's reply, applied to the game (or the failure, the move already taken back).
type Reply = Pin<Box<dyn Future<Output = Result<Arc<GameView>, GameError>> + Send>>;

/// An engine turn once its search has started (or was not needed).
pub(super) enum EngineTurnStarted {
    /// Not the engine's move (or the game is over): the view as it is.
    Done(Arc<GameView>),
    /// The search runs on its own task; `view` is the game as the engine starts thinking.
    Searching {
        view: Arc<GameView>,
        reply: JoinHandle<Result<Arc<GameView>, GameError>>,
    },
}

impl EngineTurnStarted {
    /// The view once the engine has replied (or the failure, the move already taken back).
    pub(super) async fn finished(self) -> Result<Arc<GameView>, GameError> {
        match self {
            EngineTurnStarted::Done(view) => Ok(view),
            EngineTurnStarted::Searching { reply, .. } => joined(reply).await,
        }
    }
}

/// The reply task's outcome. Only a runtime shutting down cancels the task (its guard then
/// abandons the turn).
async fn joined(
    reply: JoinHandle<Result<Arc<GameView>, GameError>>,
) -> Result<Arc<GameView>, GameError> {
    reply
        .await
        .unwrap_or(Err(GameError::Engine(EngineError::Stopped)))
}

/// Waits for a reply nobody waits for: makes its outcome durable, then publishes an engine
/// failure (the move is already taken back and the new view published). A takeback or a
/// resignation meanwhile has nothing to add: its own request answered it.
pub(super) async fn settle_reply(
    slot: Arc<GameSlot>,
    reply: JoinHandle<Result<Arc<GameView>, GameError>>,
) {
    let result = joined(reply).await;
    if let Err(error) = slot.durable().await {
        tracing::error!(%error, game = %slot.id(), "the engine's reply could not be saved");
    }
    match result {
        Ok(_) => {}
        Err(GameError::Engine(error)) => {
            tracing::warn!(%error, game = %slot.id(), "the engine's reply failed; the move is taken back");
            slot.events().publish_engine_failure(error);
        }
        Err(error) => {
            tracing::debug!(%error, game = %slot.id(), "the engine's reply was not applied");
        }
    }
}
