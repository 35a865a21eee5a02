//! Games against the engine, in six layers, each a folder (`tests/architecture.rs` checks the
//! arrows): `opponent/` (who the player meets, Stockfish or Maia, and their rules; imports nothing
//! of `games/`), `model/` (the game itself, pure; it knows the opponent of each step), `view/` and
//! `store/` (what the API shows and what is kept; each imports only the model and the opponent),
//! `live/` (games being played now: model, store and views) and `service/` (the use cases, over
//! all of them, with the one `match` on the opponent where a turn is played).
//!
//! This file is the front door: the layers are private, and it exports only what the HTTP edge
//! and startup use. Flat below are the use cases, the vocabulary a request is parsed into, the
//! parsers that do it and the errors the edge maps to statuses; three small namespaces hold the
//! rest: [`views`] (the JSON shapes the API shows), [`stores`] (the backends startup opens, and
//! the contract every store keeps, which `tests/postgres` runs) and [`ladder`] (the measured
//! steps). Anything else is used only inside `games/`, and stays in its layer.

mod live;
mod model;
mod opponent;
mod service;
mod store;
mod view;

// The use cases, and the live games the streams follow.
pub use live::analyses::{
    AnalysisSettings, DEFAULT_ANALYSES_PER_CLIENT, DEFAULT_ANALYSES_PER_NETWORK,
    DEFAULT_MAX_PENDING_ANALYSES,
};
pub use live::events::GameEvent;
pub use live::registry::Games;
pub use live::slot::GameSlot;
pub use service::{
    GameService, Lifecycle, Loaded, Played, PracticeService, RatingService, ReviewService,
    ReviewedGame, Services,
};

// The vocabulary a request is parsed into.
pub use model::clock::TimeControl;
pub use model::id::GameId;
pub use model::length::MAX_PLIES;
pub use model::level::Level;
pub use model::notation::PlayerMove;
pub use model::setup::{ColorChoice, NewGame};
pub use model::state::GameState;
pub use model::tree_input::TreeEntry;
pub use model::variant::Variant;

// Reading and writing chess text: positions, games and trees.
pub use model::export::to_pgn;
pub use model::setup::{chess960_start, import_pgn, in_chess960, parse_fen, parse_pgn};
pub use model::tree_input::{parse_pgn_tree, tree_of_entries};

// The errors, each mapped to a status by the edge (`http/error/`).
pub use live::analyses::AnalysisError;
pub use model::draw::{Decline, DrawError};
pub use model::error::{GameError, StoreError};
pub use model::notation::ParsePlayerMoveError;
pub use model::setup::SetupError;
pub use model::stored_tree::KeepTreeError;
pub use model::tree_input::InvalidTree;
pub use service::RetryError;

/// What the API shows: the JSON shapes the edge serializes and documents in OpenAPI.
pub mod views {
    pub use super::view::board_position::BoardPosition;
    pub use super::view::color_name::ColorName;
    pub use super::view::game_view::{
        EndReason, GameView, LegalMoveView, MoveView, Reason, Status,
    };
    pub use super::view::hint::Hint;
    pub use super::view::preview::PositionPreview;
    pub use super::view::retry::{both, RetryAnswer, RetryList, RetryPuzzle, Solution};
    pub use super::view::review_status::ReviewStatus;
    pub use super::view::schemas::{Glicko2Schema, SuggestionSchema};
    pub use super::view::step_view::StepView;
    pub use super::view::summary::{GameSummaries, GameSummary, MAX_SUMMARIES};
    pub use super::view::thinking::{ScoreView, Thinking};
    pub use super::view::tree_view::TreeView;
    pub use super::view::view_cache::DEFAULT_VIEW_CACHE_MIB;
}

/// Where games are kept: the backends startup opens (SQLite by default, PostgreSQL for several
/// servers, memory for tests), and the contract every store keeps, which `tests/postgres` runs
/// against both backends (what a stored game holds included).
pub mod stores {
    pub use super::model::level::STEPS_OF_16;
    pub use super::model::players::Players;
    pub use super::model::stored_tree::StoredTree;
    pub use super::store::migrations::{SCHEMA_V1, SCHEMA_VERSION};
    pub use super::store::position_cache::{CacheKey, CachedAnswer, DEFAULT_CACHE_POSITIONS};
    pub use super::store::postgres::{PgSettings, PgStore, PG_SCHEMA_VERSION};
    pub use super::store::practice_record::PracticeRecord;
    pub use super::store::record::StoredGame;
    pub use super::store::sqlite::{SqliteStore, StoredGames, MAX_QUEUED_WRITES};
    pub use super::store::{
        Change, GameSnapshot, GameStore, Lookup, MemoryStore, PracticeStore, RatingStore,
        SharedStore, WriteTicket,
    };
}

/// The measured ladder: its table, the rating a player's games give, and how each step plays.
pub mod ladder {
    pub use super::model::ladder::{
        ladder, measured, suggest, GameScore, Glicko2, KeyRating, LadderTable, MeasuredAnchor,
        MeasuredStep, RatedGame, Suggestion, SCALE,
    };
    pub use super::model::level::StepSettings;
    pub use super::opponent::{Maia, Opponent, Stockfish};
}
