//! Reviewing finished games: a game's analysis, asked for by its player and shown to anyone, and
//! what earlier analyses found in a position (the analysis board shows it first). The retry flow
//! over a done review is `retry.rs` (its tries searched as `retry_search.rs` says).

use std::sync::Arc;

use alphachess_engine::Game;

use super::retry_search::TryValues;
use crate::analysis::Analysis;
use crate::games::live::analyses::{Analyses, AnalysisError};
use crate::games::live::registry::Games;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::uci::{EnginePool, PositionAnalysis};

/// The finished games' reviews and the retry flow over them. Its fields are the service
/// folder's: `retry.rs` holds more of its methods.
pub struct ReviewService {
    pub(super) games: Arc<Games>,
    /// Searches a retry's tries.
    pub(super) engines: EnginePool,
    /// The finished games' analyses.
    pub(super) analyses: Arc<Analyses>,
    /// The values of retry tries already searched (see `retry_search.rs`).
    pub(super) tries: TryValues,
}

impl ReviewService {
    /// The review service over `games` (built with the others by [`super::Services::new`]).
    pub(super) fn new(
        games: Arc<Games>,
        engines: EnginePool,
        analyses: Arc<Analyses>,
    ) -> ReviewService {
        ReviewService {
            games,
            engines,
            analyses,
            tries: TryValues::default(),
        }
    }

    /// The player asks for the analysis of a finished game: it starts, or the one there is is
    /// answered (a failed one starts again where it stopped).
    pub async fn request_analysis(
        &self,
        id: &GameId,
        token: &str,
    ) -> Result<Analysis, AnalysisError> {
        // Stored analyses are resumed once every game is read back: never start one twice.
        self.games.wait_loaded().await;
        let slot = self.games.find_authorized(id, token).await?;
        self.analyses.request(&slot)
    }

    /// A game's analysis as it stands (no token needed, like the game).
    pub async fn analysis(&self, id: &GameId) -> Result<Analysis, AnalysisError> {
        // Stored analyses are resumed once every game is read back.
        self.games.wait_loaded().await;
        let slot = self.games.find(id).await?;
        match self.analyses.get(&slot) {
            Err(AnalysisError::NotRequested) => self.stored_analysis(&slot).await,
            known => known,
        }
    }

    /// The analysis another server ran (or runs) of a game, as stored so far; none alone.
    async fn stored_analysis(&self, slot: &GameSlot) -> Result<Analysis, AnalysisError> {
        let record = self
            .games
            .store()
            .load_analysis(slot.id())
            .await?
            .ok_or(AnalysisError::NotRequested)?;
        let game = slot.read(|state| state.game().clone());
        let stored = record
            .rebuild(&game)
            .map_err(|error| StoreError::backend("reading an analysis", error))?;
        Ok(Analyses::shown(stored))
    }

    /// What an earlier analysis found in `game`'s current position, if the cache still has it:
    /// the analysis board shows it at once, before its own search.
    pub async fn known_analysis(&self, game: &Game) -> Option<PositionAnalysis> {
        self.analyses.known(game).await
    }
}
