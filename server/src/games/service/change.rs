//! The one way the service changes a game, so what a change implies is decided once: the
//! change itself is [`GameSlot::update`] (which settles a fallen flag first), and a change that
//! ended the game starts its analysis here and nowhere else, whichever path ended it (a move,
//! the engine's reply, a resignation, an agreed draw, a flag seen by a request or by the clock's
//! own task).

use std::sync::Arc;

use crate::games::live::analyses::Analyses;
use crate::games::live::slot::{Changed, GameSlot};
use crate::games::model::error::GameError;
use crate::games::model::state::GameState;

/// Applies `change` to `slot`'s game; if it (or the flag settled before it, even when `change`
/// itself is then refused) ended the game, starts its analysis. The ending's view says the game
/// has a review (`slot.rs`); if it could not start, the answer's view is built again to say it
/// has none, as the next `GET` does. The caller awaits the answer's durability before
/// acknowledging the change.
pub(super) fn apply<'a, T>(
    slot: &'a Arc<GameSlot>,
    analyses: &Arc<Analyses>,
    change: impl FnOnce(&mut GameState) -> Result<T, GameError>,
) -> Result<Changed<'a, T>, GameError> {
    let mut changed = slot.update(change);
    if slot.take_ended() {
        let unreviewed = analyses.start_after_end(slot);
        super::rating::rate_after_end(slot);
        if let (true, Ok(changed)) = (unreviewed, &mut changed) {
            changed.view = slot.view();
        }
    }
    changed
}
