//! The reply at a step Maia plays: the network of the step's band evaluates the game in-process
//! on a blocking thread (no Stockfish, so it never waits behind a search), the step's rule draws
//! the move from the network's candidates (seeded by the game and the ply, so a replay plays the
//! same move), and the live line shows those candidates before the move is applied. The move is
//! one of the position's legal moves by construction: the policy covers only those.

use std::sync::Arc;

use alphachess_maia::Networks;

use super::change::apply;
use super::turn_end::{abandon, answer_after_ending};
use crate::games::live::analyses::Analyses;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::state::EngineTurn;
use crate::games::opponent::{seed_of, Maia};
use crate::games::view::game_view::GameView;
use crate::games::view::thinking::Thinking;
use crate::uci::EngineError;

/// Plays `maia`'s reply for `turn` and applies it. A takeback or resignation meanwhile cancels
/// it; the evaluation is one pass of a small network (milliseconds), bounded by the position.
pub(super) async fn maia_reply(
    networks: Arc<Networks>,
    slot: Arc<GameSlot>,
    analyses: Arc<Analyses>,
    turn: EngineTurn,
    maia: Maia,
) -> Result<Arc<GameView>, GameError> {
    let EngineTurn {
        version, cancel, ..
    } = turn;
    let (history, seed) = slot.read(|state| {
        (
            state.game().positions().to_vec(),
            seed_of(slot.id().as_str()),
        )
    });
    let evaluate = tokio::task::spawn_blocking(move || {
        let evaluation = networks.get(maia.band).evaluate(&history);
        let ply = history.len() - 1;
        let position = history.last().expect("a game has a position");
        maia.pick(position, &evaluation.policy, seed, ply)
            .map(|pick| {
                let shown = Thinking::from_maia(
                    position,
                    ply,
                    &pick.candidates,
                    pick.played,
                    evaluation.wdl,
                );
                (pick.played, shown)
            })
    });
    let evaluated = tokio::select! {
        evaluated = evaluate => evaluated,
        () = cancel.cancelled() => return answer_after_ending(&slot),
    };
    let Ok(Some((m, shown))) = evaluated else {
        // Only a panic, or a position without a move (the game is then over and no turn began).
        abandon(&slot, &analyses, version);
        return Err(GameError::Engine(EngineError::Stopped));
    };
    slot.events().publish_thinking(shown);
    match apply(&slot, &analyses, |state| {
        state.apply_engine_reply(version, m)
    }) {
        Ok(applied) => Ok(applied.durable_later().1),
        Err(GameError::GameOver) => answer_after_ending(&slot),
        Err(error) => Err(error),
    }
}
