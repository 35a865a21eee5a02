//! What the handlers call: the use cases, one service per kind of request, over the same live
//! games, engines and reviews.
//!
//! - [`GameService`] plays: creating a game, the player's moves and the engine's replies
//!   (`play.rs`, `engine_turn.rs`, `maia_turn.rs`), the other actions of a game being played
//!   (`actions.rs`: takeback, resign, abort, draws, hint), what a game shows (`reading.rs`:
//!   view, stream, summaries, PGN, a key's games) and its kept move tree (`trees.rs`);
//! - [`ReviewService`] reviews finished games (`review.rs`) and runs the retry flow over a done
//!   review (`retry.rs`, `retry_search.rs`);
//! - [`PracticeService`] is what the practice deck reads and keeps (`practice.rs`);
//! - [`RatingService`] reads the keys' ratings (`rating.rs`, which also counts a rated game);
//! - [`Lifecycle`] is the server's own life: readiness, reading the stored games back, the
//!   maintenance tasks and stopping (`lifecycle.rs`, `maintenance.rs`).
//!
//! [`Services::new`] builds them together: they share the games, the engines and the reviews
//! through `Arc`s (an [`EnginePool`] is a cheap handle itself).

use std::sync::Arc;

use alphachess_maia::Networks;
use tokio_util::sync::CancellationToken;

use crate::games::live::analyses::{Analyses, AnalysisSettings};
use crate::games::live::registry::Games;
use crate::uci::EnginePool;

mod actions;
mod change;
mod clock_watch;
mod engine_turn;
mod lifecycle;
mod maia_turn;
mod maintenance;
mod owned;
mod play;
mod practice;
mod rating;
mod reading;
mod retry;
mod retry_search;
mod review;
mod stockfish_turn;
mod stored_review;
mod trees;
mod turn_end;

pub use lifecycle::Lifecycle;
pub use maintenance::Loaded;
pub use play::{GameService, Played};
pub use practice::{PracticeService, ReviewedGame};
pub use rating::RatingService;
pub use retry::RetryError;
pub use review::ReviewService;

/// The use cases, each a service of its own over the same games (see the module's docs).
pub struct Services {
    pub play: Arc<GameService>,
    pub review: Arc<ReviewService>,
    pub practice: Arc<PracticeService>,
    pub rating: Arc<RatingService>,
    pub lifecycle: Arc<Lifecycle>,
}

impl Services {
    /// The services over `games` and `engines`: searches at full strength go `max_depth` deep,
    /// finished games are reviewed under `analysis`, and Maia's `maia` networks play its steps.
    /// The restored timed games' clocks run again from now.
    pub fn new(
        games: Games,
        engines: EnginePool,
        max_depth: u32,
        analysis: AnalysisSettings,
        maia: Arc<Networks>,
    ) -> Services {
        let games = Arc::new(games);
        let stopping = CancellationToken::new();
        let analyses = Arc::new(Analyses::new(
            engines.clone(),
            games.store(),
            analysis,
            stopping.clone(),
        ));
        let play = Arc::new(GameService::new(
            Arc::clone(&games),
            engines.clone(),
            max_depth,
            stopping.clone(),
            Arc::clone(&analyses),
            maia,
        ));
        let review = Arc::new(ReviewService::new(
            Arc::clone(&games),
            engines.clone(),
            Arc::clone(&analyses),
        ));
        let practice = Arc::new(PracticeService::new(
            Arc::clone(&games),
            Arc::clone(&analyses),
            Arc::clone(&review),
        ));
        let rating = Arc::new(RatingService::new(Arc::clone(&games)));
        let lifecycle = Arc::new(Lifecycle {
            play: Arc::clone(&play),
            games,
            engines,
            analyses,
            stopping,
        });
        Services {
            play,
            review,
            practice,
            rating,
            lifecycle,
        }
    }
}
