//! Whether a game read back from the store has a review. A review in memory tells the game's
//! view itself (`analyses.rs`); a copy of the game read back after it left memory, or after a
//! restart before its review was resumed, or one another server reviews (a shared store), learns
//! it only from the store. So the first view of a finished game that says `none` asks the store
//! once (every time on a shared store), before it is served.

use std::sync::Arc;

use super::GameService;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::view::review_status::ReviewStatus;

impl GameService {
    /// The game `id`, its view's `review` settled against the store. A store that does not
    /// answer leaves the view as it was (`none`): the game is still served, and the next view asks
    /// again.
    pub(super) async fn find_with_review(&self, id: &GameId) -> Result<Arc<GameSlot>, GameError> {
        let slot = self.games.find(id).await?;
        let store = self.games.store();
        if !slot.review_unknown(store.shared().is_some()) {
            return Ok(slot);
        }
        match store.load_analysis(slot.id()).await {
            Ok(Some(_)) => slot.set_review(ReviewStatus::Requested),
            Ok(None) => slot.note_no_stored_review(),
            Err(error) => {
                tracing::warn!(%error, game = %slot.id(), "could not ask the store for a review");
            }
        }
        Ok(slot)
    }
}
