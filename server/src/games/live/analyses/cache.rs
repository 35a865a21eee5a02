//! The cache of analysed positions as an analysis names its answers, and what it knows of a
//! board's position.

use alphachess_engine::Game;

use crate::games::store::position_cache::{CacheKey, SearchIdentity};
use crate::uci::PositionAnalysis;

use super::Analyses;

impl Analyses {
    /// What the cache knows of `game`'s current position at the final pass's budget: a review
    /// that went through it, or an earlier board's (the key holds the moves since the last capture
    /// or pawn move, so `game` must carry them). A cache that cannot be read is a miss.
    pub async fn known(&self, game: &Game) -> Option<PositionAnalysis> {
        let cache = Cache {
            search: SearchIdentity {
                engine: self.engines.engine_names(),
                nodes: self.settings.nodes,
                options: self.engines.analysis_options(),
            },
        };
        let index = game.ply();
        let key = cache.key(game, index);
        let answer = match self.store.cached_answers(&[key]).await {
            Ok(mut answers) => answers.pop().flatten()?,
            Err(error) => {
                tracing::warn!(%error, "the analysis cache could not be read");
                return None;
            }
        };
        answer.rebuild(game, index).ok()
    }
}

/// The chunk number of answers that came from the cache.
pub(super) const FROM_CACHE: usize = usize::MAX;

/// What names a position's answer in the cache, besides the position.
pub(super) struct Cache {
    pub(super) search: SearchIdentity,
}

impl Cache {
    pub(super) fn key(&self, game: &Game, index: usize) -> CacheKey {
        CacheKey::new(game, index, &self.search)
    }
}
