//! What the practice deck (issue #41, `practice/`) reads of the games: the done reviews of a
//! key's games, found through the key's games (the lichess Board API's ownership, `owned`); and
//! its cards' schedules, kept by the store (SQLite, `:memory:` included, or PostgreSQL).

use std::sync::Arc;

use alphachess_engine::Color;

use super::{GameService, RetryError};
use crate::analysis::{AnalysisStatus, Review};
use crate::games::live::slot::GameSlot;
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::id::GameId;
use crate::games::store::practice_record::PracticeRecord;

/// A game of the key whose review is done.
#[derive(Debug, Clone)]
pub struct ReviewedGame {
    pub id: GameId,
    pub review: Review,
    /// The node budget its positions were searched at: tries are judged at it.
    pub nodes: u64,
    /// The player's side (for an imported PGN, the side the import named as the player's).
    pub player: Color,
}

impl GameService {
    /// The games of `key` whose review is done, most recently changed first.
    pub async fn reviewed_games(&self, key: &str) -> Result<Vec<ReviewedGame>, GameError> {
        self.games.wait_loaded().await;
        let owned = self.owned(key).await?;
        Ok(owned
            .iter()
            .filter_map(|slot| self.done_review(slot))
            .collect())
    }

    /// Game `id` of `key`, reviewed: refused as any wrong token is when it is not the key's.
    pub async fn reviewed_game(&self, id: &GameId, key: &str) -> Result<ReviewedGame, RetryError> {
        self.games.wait_loaded().await;
        let slot = self.games.find_authorized(id, key).await?;
        self.done_review(&slot).ok_or(RetryError::NotDone)
    }

    /// The stored schedules of the cards of `games`.
    pub async fn practice_records(
        &self,
        games: &[GameId],
    ) -> Result<Vec<PracticeRecord>, StoreError> {
        self.games.store().practice().records(games).await
    }

    /// Keeps a card's schedule; resolves once it is durable.
    pub async fn save_practice_record(&self, record: PracticeRecord) -> Result<(), StoreError> {
        self.games.store().practice().save_record(&record).await
    }

    fn done_review(&self, slot: &Arc<GameSlot>) -> Option<ReviewedGame> {
        let (status, review, nodes) = self.analyses.review_of(slot).ok()?;
        (status == AnalysisStatus::Done).then(|| ReviewedGame {
            id: slot.id().clone(),
            review,
            nodes,
            player: slot.read(|state| state.player()),
        })
    }
}
