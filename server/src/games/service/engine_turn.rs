//! The engine's turn: starting its search (the player's move durable first), the reply's own
//! task, applying the reply or taking the player's move back when the search fails, and the
//! answer a request waits for. Apart from the use cases because it runs beside them, on its own
//! task, and must leave the game right whoever still waits.

use std::sync::Arc;

use alphachess_engine::Move;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::change::apply;
use super::maia_turn::{maia_reply, maia_step};
use super::turn_end::{abandon, answer_after_ending};
use super::GameService;
use crate::client_key::ClientKey;
use crate::games::live::analyses::Analyses;
use crate::games::live::progress::thinking_sink;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::level::seed_of;
use crate::games::model::maia_step::MaiaStep;
use crate::games::model::state::{EngineTurn, GameState};
use crate::games::view::game_view::GameView;
use crate::uci::{EngineError, EnginePool, SearchClock, SearchRequest};

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
        if let Some(maia) = maia_step(slot) {
            return self.start_maia_turn(slot, turn, view, maia, held).await;
        }
        let request = slot.read(|state| {
            let level = state.level();
            let depth = level.depth(self.max_depth);
            let game = state.game();
            let progress = thinking_sink(
                slot.events().clone(),
                game.position().clone(),
                game.ply(),
                depth,
            );
            let request = SearchRequest::new(slot.id().shared(), game, depth, level.skill())
                .with_progress(progress)
                .for_client(client);
            match state.clock().filter(|clock| clock.running().is_some()) {
                Some(clock) => {
                    let now = Instant::now();
                    request.with_clock(SearchClock {
                        times: clock.remaining(now),
                        increment: clock.control().increment(),
                        as_of: now,
                    })
                }
                None => request,
            }
        });
        // The move is durable before the search: with a shared store this settles the race with
        // other servers (and takes the lease on the reply) before any engine time is spent. A
        // takeback meanwhile cancels the turn, as it would during the search.
        if let Err(error) = slot.durable().await {
            abandon(slot, &self.analyses, turn.version);
            return Err(error);
        }
        let reply = engine_reply(
            self.engines.clone(),
            Arc::clone(slot),
            Arc::clone(&self.analyses),
            turn,
            request,
            self.stopping.clone(),
        );
        Ok(EngineTurnStarted::Searching {
            view,
            reply: tokio::spawn(async move {
                let _held = held;
                reply.await
            }),
        })
    }
}

impl GameService {
    /// [`GameService::search_engine_turn`] at a step Maia plays: the player's move durable,
    /// then the network's reply on a task of its own (see `maia_turn.rs`).
    async fn start_maia_turn(
        &self,
        slot: &Arc<GameSlot>,
        turn: EngineTurn,
        view: Arc<GameView>,
        maia: MaiaStep,
        held: impl Send + 'static,
    ) -> Result<EngineTurnStarted, GameError> {
        if let Err(error) = slot.durable().await {
            abandon(slot, &self.analyses, turn.version);
            return Err(error);
        }
        let networks = Arc::clone(self.maia());
        let reply = maia_reply(
            networks,
            Arc::clone(slot),
            Arc::clone(&self.analyses),
            turn,
            maia,
        );
        Ok(EngineTurnStarted::Searching {
            view,
            reply: tokio::spawn(async move {
                let _held = held;
                reply.await
            }),
        })
    }
}

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

/// Searches the engine's reply for `turn` and applies it; a reply that ends the game starts its
/// analysis. A takeback or resignation meanwhile cancels the search; a failed search takes the
/// turn back, unless the server is `stopping`: then the player's move, already durable, stays,
/// and the engine replies after the restart, as after a crash (a reply answered with
/// `respond-async` has no request to drain, and must not lose the move it acknowledged).
async fn engine_reply(
    engines: EnginePool,
    slot: Arc<GameSlot>,
    analyses: Arc<Analyses>,
    turn: EngineTurn,
    request: SearchRequest,
    stopping: CancellationToken,
) -> Result<Arc<GameView>, GameError> {
    let EngineTurn { version, cancel } = turn;
    // If this task is dropped mid-search (the runtime stops), the game must not stay waiting for
    // a reply nobody will apply.
    let mut guard = AbandonOnDrop {
        slot: &slot,
        analyses: &analyses,
        version,
        armed: true,
        stopping: &stopping,
    };
    let result = tokio::select! {
        result = engines.search(request) => result,
        // Never ends: renews the lease (with a shared store) while the search runs.
        never = slot.hold_lease(version) => match never {},
        () = cancel.cancelled() => {
            guard.armed = false;
            // A takeback, a resignation or a flag won.
            return answer_after_ending(&slot);
        }
    };
    guard.armed = false;
    match result {
        Ok(m) => {
            let m = slot.read(|state| random_instead(state, slot.id(), m));
            // Durable once the caller (or `settle_reply`) awaits the slot.
            match apply(&slot, &analyses, |state| {
                state.apply_engine_reply(version, m)
            }) {
                Ok(applied) => Ok(applied.durable_later().1),
                // The engine's clock ran out as it answered: the change settled its flag first.
                Err(GameError::GameOver) => answer_after_ending(&slot),
                Err(error) => Err(error),
            }
        }
        Err(error) => {
            if !stopping.is_cancelled() {
                abandon(&slot, &analyses, version);
            }
            Err(error.into())
        }
    }
}

/// The engine's move `engine`, or in its place the random legal move this ply of the game draws
/// at a step that plays some (the weakest steps, see `level.rs`; seeded by the game and the ply,
/// so the ladder harness measured the same rule).
fn random_instead(state: &GameState, id: &GameId, engine: Move) -> Move {
    let legal = state.game().position().legal_moves();
    state
        .level()
        .random_move(seed_of(id.as_str()), state.game().ply(), legal.len())
        .map_or(engine, |i| legal[i])
}

/// Takes a pending engine turn back when dropped while armed, unless the server is stopping.
struct AbandonOnDrop<'a> {
    slot: &'a Arc<GameSlot>,
    analyses: &'a Arc<Analyses>,
    version: u64,
    armed: bool,
    stopping: &'a CancellationToken,
}

impl Drop for AbandonOnDrop<'_> {
    fn drop(&mut self) {
        if self.armed && !self.stopping.is_cancelled() {
            abandon(self.slot, self.analyses, self.version);
        }
    }
}
