//! The games a key owns: the lichess Board API lists them, and the practice deck reads their
//! reviews. The key is their token (see `owners.rs`), so ownership is wherever the game is.

use std::sync::Arc;

use crate::games::live::owners::MAX_OWNED;
use crate::games::live::registry::Games;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::token::TokenHash;

/// The games the key owns (it is their token): those in memory, and with a shared store the
/// ones other servers hold (read into memory here), at most `MAX_OWNED`.
pub(super) async fn owned(games: &Games, key: &str) -> Result<Vec<Arc<GameSlot>>, GameError> {
    let mut owned: Vec<Arc<GameSlot>> = games
        .all()
        .into_iter()
        .filter(|slot| games.authorized(slot.id(), key).is_ok())
        .take(MAX_OWNED)
        .collect();
    // Alone, memory holds every game the key plays: none beyond it.
    let store = games.store();
    let Some(shared) = store.shared() else {
        return Ok(owned);
    };
    let stored = shared.owned_games(&TokenHash::of(key), MAX_OWNED).await?;
    for id in stored {
        if owned.len() >= MAX_OWNED || owned.iter().any(|slot| slot.id() == &id) {
            continue;
        }
        // Gone meanwhile (expired, forgotten): not listed.
        if let Ok(slot) = games.find_authorized(&id, key).await {
            owned.push(slot);
        }
    }
    Ok(owned)
}
