//! How an engine turn ends without its reply, whoever played it (Stockfish's search in
//! `engine_turn.rs`, Maia's network in `maia_turn.rs`): the player's move taken back, or the
//! answer a request gets when the game ended or moved on meanwhile.

use std::sync::Arc;

use alphachess_engine::{DrawReason, Outcome, WinReason};

use super::change::apply;
use crate::games::live::analyses::Analyses;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::view::game_view::GameView;

/// The answer to the player's move when the engine's turn ended without its reply: the engine's
/// flag ends the game the move led to, and that is the answer; another ending (a resignation)
/// or a takeback answered for itself.
pub(super) fn answer_after_ending(slot: &GameSlot) -> Result<Arc<GameView>, GameError> {
    slot.read(|state| match state.game().outcome() {
        Some(outcome) if ended_on_time(outcome) => Ok(()),
        _ if state.is_finished() => Err(GameError::GameOver),
        _ => Err(GameError::Superseded),
    })
    .map(|()| slot.view())
}

/// Whether a game ended because a clock ran out.
fn ended_on_time(outcome: Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Decisive {
            reason: WinReason::Timeout,
            ..
        } | Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial
        }
    )
}

/// Forgets the engine turn for `version` (a no-op if the game moved on), leaving the game as it
/// was before the player's move.
pub(super) fn abandon(slot: &Arc<GameSlot>, analyses: &Arc<Analyses>, version: u64) {
    // Abandoning itself cannot fail; a store error is logged by the caller's response path,
    // whose wait for the slot covers this change's durability.
    if let Ok(applied) = apply(slot, analyses, |state| {
        state.abandon_engine_turn(version);
        Ok(())
    }) {
        applied.durable_later();
    }
}
