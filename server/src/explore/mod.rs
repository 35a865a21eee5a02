//! The analysis board's live engine (issue #26): a position the board sends is searched with
//! several lines, and the lines are streamed as the search deepens.
//!
//! It runs under the same rules as every other search (the design notes' "Stockfish time is
//! the scarce resource"):
//! - **live play first**: a board's search is on the analysis lane; a live search that needs its
//!   engine stops it, and it starts again (the board says `waiting`) when an engine is free;
//! - **a bound per position**: `--explore-depth`, and the pool's time cap on every search;
//! - **a fair share per client**: one search per board, a board's new position ends its old
//!   search at once (`boards.rs`), and at most `--explore-boards-per-client` boards per client.
//!   The analysis lane serves its jobs in turn, so each client's board takes its turn with the
//!   others' and with the reviews;
//! - **a bounded queue**: a full analysis lane answers "busy" before the stream starts;
//! - **what is known answers at once**: a position an earlier review searched is shown from the
//!   cache (one line) before the engine's own lines come.
//!
//! Beside the engine, the board asks what people play (`human.rs`): the moves Maia's network of
//! a rating band finds most likely, with their probabilities, computed in process with no search.

mod boards;
mod event;
mod human;

use std::sync::Arc;

use alphachess_engine::{Game, Position};
use tokio::sync::watch;

use alphachess_maia::Networks;

use crate::client_key::ClientKey;
use crate::games::ReviewService;
use crate::uci::{EngineError, EnginePool, ExploreRequest, ExploreUpdate};

pub use boards::{BoardLease, Boards, TooManyBoards};
pub use event::{ExploreEvent, ExploreLine, LineSource, StopReason};
pub use human::{HumanMove, HumanMoves, HumanMovesError, HumanMovesView, MAX_HUMAN_MOVES};

/// Default depth bound of a board's search: deep enough for a strong line in a few seconds
/// on one thread, short of the time cap in most positions.
pub const DEFAULT_EXPLORE_DEPTH: u32 = 22;

/// Default number of boards one client may keep searching at once.
pub const DEFAULT_BOARDS_PER_CLIENT: usize = 2;

/// Why a board's search could not start.
#[derive(Debug, thiserror::Error)]
pub enum ExploreError {
    #[error(transparent)]
    TooManyBoards(#[from] TooManyBoards),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// How boards search.
#[derive(Debug, Clone, Copy)]
pub struct ExploreSettings {
    /// The depth each search stops at.
    pub depth: u32,
    /// Boards one client may keep searching at once.
    pub boards_per_client: usize,
}

/// Starts the boards' searches, and answers what people would play.
pub struct Explorer {
    /// Searches the boards' positions, on the analysis lane.
    engines: EnginePool,
    /// What earlier reviews found in a position, shown first.
    reviews: Arc<ReviewService>,
    settings: ExploreSettings,
    boards: Boards,
    human: HumanMoves,
}

/// One board's search, for its stream.
#[derive(Debug)]
pub struct Exploration {
    /// The position searched.
    pub position: Position,
    /// What an earlier analysis found there, to show first.
    pub known: Option<ExploreEvent>,
    /// The search's updates; `None` when the position has no legal move (nothing to search).
    /// Dropping it stops the search.
    pub updates: Option<watch::Receiver<ExploreUpdate>>,
    /// The board's place; its `replaced` token ends the stream when the board moves on.
    pub lease: BoardLease,
}

impl Explorer {
    /// The boards over start-up's `engines` and Maia's `maia` networks (the ones the games are
    /// played with), showing first what the `reviews` of finished games found.
    pub fn new(
        engines: EnginePool,
        maia: Arc<Networks>,
        reviews: Arc<ReviewService>,
        settings: ExploreSettings,
    ) -> Explorer {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Explorer {
            human: HumanMoves::new(maia, cores),
            engines,
            reviews,
            settings,
            boards: Boards::new(settings.boards_per_client),
        }
    }

    /// What players of a rating band would play (Maia's networks, bounded to the cores).
    pub fn human(&self) -> &HumanMoves {
        &self.human
    }

    /// Searches `game`'s current position for `lines` lines on `client`'s `board` (anonymous
    /// when `None`), ending that board's earlier search.
    pub async fn start(
        &self,
        client: ClientKey,
        board: Option<&str>,
        game: &Game,
        lines: u8,
    ) -> Result<Exploration, ExploreError> {
        let lease = self.boards.open(client, board)?;
        let position = game.position().clone();
        let known = self
            .reviews
            .known_analysis(game)
            .await
            .map(|analysis| ExploreEvent::known(&position, &analysis));
        let updates = match ExploreRequest::new(lease.name(), game, lines, self.settings.depth) {
            Ok(request) => Some(self.engines.explore(request.for_client(Some(client)))?),
            Err(_nothing_to_search) => None,
        };
        Ok(Exploration {
            position,
            known,
            updates,
            lease,
        })
    }
}

/// The board name a client may choose: 1 to 64 of `[A-Za-z0-9_-]`.
pub fn valid_board_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}
