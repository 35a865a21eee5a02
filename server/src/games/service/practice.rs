//! What the practice deck (issue #41, `practice/`) reads of the games: the done reviews of a
//! key's games, found through the key's games (the lichess Board API's ownership, `owned.rs`);
//! a card's try, judged by the retry flow's judge; and its cards' schedules, kept by the store
//! (SQLite, `:memory:` included, or PostgreSQL).

use std::sync::Arc;

use alphachess_engine::{Color, Game};

use super::owned::owned;
use super::retry::RetryError;
use super::review::ReviewService;
use crate::analysis::retry::Puzzle;
use crate::analysis::{AnalysisStatus, Review};
use crate::games::live::analyses::Analyses;
use crate::games::live::registry::Games;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::id::GameId;
use crate::games::store::practice_record::PracticeRecord;
use crate::games::view::retry::RetryAnswer;

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

/// The practice deck's use of the games: their reviews, the judge, the schedules.
pub struct PracticeService {
    games: Arc<Games>,
    analyses: Arc<Analyses>,
    /// Judges a card's try as the retry flow judges one.
    review: Arc<ReviewService>,
}

impl PracticeService {
    /// The practice service over `games` (built with the others by [`super::Services::new`]).
    pub(super) fn new(
        games: Arc<Games>,
        analyses: Arc<Analyses>,
        review: Arc<ReviewService>,
    ) -> PracticeService {
        PracticeService {
            games,
            analyses,
            review,
        }
    }

    /// The games of `key` whose review is done, most recently changed first.
    pub async fn reviewed_games(&self, key: &str) -> Result<Vec<ReviewedGame>, GameError> {
        self.games.wait_loaded().await;
        let owned = owned(&self.games, key).await?;
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

    /// Judges the try `text` at `puzzle` of `game`, searched at `nodes` per position: the retry
    /// flow's judge ([`ReviewService::judge_try`]).
    pub async fn judge_try(
        &self,
        id: &GameId,
        puzzle: &Puzzle,
        game: Game,
        nodes: u64,
        text: &str,
    ) -> Result<RetryAnswer, RetryError> {
        self.review.judge_try(id, puzzle, game, nodes, text).await
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
