//! The reply at a step Stockfish plays: the search request with the step's skill and depth (and
//! the game's clock), the search on the engine pool while the lease is held, and the move applied;
//! at a step that plays random moves, the random legal move the game and ply draw in its place
//! (the weakest steps of the first ladder, see `opponent/stockfish.rs`; seeded by the game and the
//! ply, so the ladder harness measured the same rule).

use std::sync::Arc;

use alphachess_engine::Move;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::change::apply;
use super::turn_end::{abandon, answer_after_ending};
use crate::client_key::ClientKey;
use crate::games::live::analyses::Analyses;
use crate::games::live::progress::thinking_sink;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::state::EngineTurn;
use crate::games::opponent::{seed_of, Stockfish};
use crate::games::view::game_view::GameView;
use crate::uci::{EnginePool, SearchClock, SearchRequest};

/// What a Stockfish reply searches, read from the game in one look: the request, and the random
/// move that replaces the engine's at this ply, if the step draws one.
pub(super) struct StockfishSearch {
    request: SearchRequest,
    random: Option<Move>,
}

impl StockfishSearch {
    /// The search `stockfish` makes for the game in `slot` (the depth never above the configured
    /// `max_depth`), its progress streamed as `thinking` events, in `client`'s share of the pool.
    pub(super) fn of(
        slot: &GameSlot,
        stockfish: Stockfish,
        max_depth: u32,
        client: Option<ClientKey>,
    ) -> StockfishSearch {
        slot.read(|state| {
            let depth = stockfish.depth(max_depth);
            let game = state.game();
            let progress = thinking_sink(
                slot.events().clone(),
                game.position().clone(),
                game.ply(),
                depth,
            );
            let request = SearchRequest::new(slot.id().shared(), game, depth, stockfish.skill)
                .with_progress(progress)
                .for_client(client);
            let request = match state.clock().filter(|clock| clock.running().is_some()) {
                Some(clock) => {
                    let now = Instant::now();
                    request.with_clock(SearchClock {
                        times: clock.remaining(now),
                        increment: clock.control().increment(),
                        as_of: now,
                    })
                }
                None => request,
            };
            let legal = game.position().legal_moves();
            let random = stockfish
                .random_move(seed_of(slot.id().as_str()), game.ply(), legal.len())
                .map(|i| legal[i]);
            StockfishSearch { request, random }
        })
    }
}

/// Searches the engine's reply for `turn` and applies it; a reply that ends the game starts its
/// analysis. A takeback or resignation meanwhile cancels the search; a failed search takes the
/// turn back, unless the server is `stopping`: then the player's move, already durable, stays,
/// and the engine replies after the restart, as after a crash (a reply answered with
/// `respond-async` has no request to drain, and must not lose the move it acknowledged).
pub(super) async fn stockfish_reply(
    engines: EnginePool,
    slot: Arc<GameSlot>,
    analyses: Arc<Analyses>,
    turn: EngineTurn,
    search: StockfishSearch,
    stopping: CancellationToken,
) -> Result<Arc<GameView>, GameError> {
    let EngineTurn {
        version, cancel, ..
    } = turn;
    let StockfishSearch { request, random } = search;
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
            // The random move the step draws at this ply, in place of the engine's.
            let m = random.unwrap_or(m);
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
