//! Games against the engine, in five layers, each a folder (`tests/architecture.rs` checks the
//! arrows): `model/` (the game itself, pure), `view/` and `store/` (what the API shows and what
//! is kept; each imports only the model), `live/` (games being played now: model, store and
//! views) and `service/` (the use cases, over all of them).

mod live;
mod model;
mod service;
mod store;
mod view;

pub use live::analyses::{
    AnalysisError, AnalysisSettings, DEFAULT_ANALYSES_PER_CLIENT, DEFAULT_MAX_PENDING_ANALYSES,
};
pub use live::events::{GameEvent, GameEvents};
pub use live::owners::Owners;
pub use live::progress::{thinking_sink, THINKING_INTERVAL};
pub use live::registry::{Games, LoadProgress};
pub use live::slot::{GameSlot, ServedView};
pub use model::clock::{
    ClockMark, GameClock, InvalidTimeControl, TimeControl, MAX_INCREMENT_SECS, MAX_LIMIT_SECS,
};
pub use model::draw::{Decline, DrawError};
pub use model::error::{GameError, StoreError};
pub use model::export::to_pgn;
pub use model::id::GameId;
pub use model::ladder;
pub use model::length::MAX_PLIES;
pub use model::level::{seed_of, Level, StepSettings, LEGACY_LEVELS, STEPS, STEPS_OF_16};
pub use model::maia_step::MaiaStep;
pub use model::notation::{ParsePlayerMoveError, PlayerMove};
pub use model::players::{Players, MAX_NAME_CHARS};
pub use model::setup::{
    chess960_start, import_pgn, in_chess960, parse_fen, parse_pgn, ColorChoice, ImportedPgn,
    NewGame, SetupError,
};
pub use model::state::{EngineTurn, GameState};
pub use model::stored_tree::{KeepTreeError, StoredTree};
pub use model::tree_input::{
    parse_pgn_tree, tree_of_entries, InvalidTree, TreeEntry, MAX_TREE_COMMENT_CHARS,
};
pub use model::variant::{stored_fen, Variant};
pub use service::{Created, GameService, Loaded, Played, RetryError};
pub use store::analysis_record::{AnalysisRecord, InvalidAnalysis, PositionRecord, StoredAnalysis};
pub use store::migrations::{SCHEMA_V1, SCHEMA_VERSION};
pub use store::position_cache::{CacheKey, CachedAnswer, SearchIdentity, DEFAULT_CACHE_POSITIONS};
pub use store::postgres::{PgSettings, PgStore, PG_SCHEMA_VERSION};
pub use store::quarantine::QuarantinedGame;
pub use store::record::{GameRecord, InvalidRecord, StoredGame};
pub use store::sqlite::{SqliteStore, StoredGames, MAX_QUEUED_WRITES};
pub use store::{
    Change, Claimed, Durable, Fresh, GameSnapshot, GameStore, Holding, Lookup, MemoryStore,
    Pending, SharedStore, WriteTicket,
};
pub use view::board_position::{BoardMove, BoardPosition, BoardStatus};
pub use view::color_name::ColorName;
pub use view::game_view::{Clock, EndReason, GameView, LegalMoveView, MoveView, Reason, Status};
pub use view::hint::Hint;
pub use view::preview::PositionPreview;
pub use view::retry::{RetryAnswer, RetryList, RetryPuzzle, Solution};
pub use view::schemas::{Glicko2Schema, SuggestionSchema};
pub use view::step_view::StepView;
pub use view::summary::{GameSummaries, GameSummary, MAX_SUMMARIES};
pub use view::thinking::{ScoreView, Thinking};
pub use view::tree_view::{TreeNodeView, TreeView};
pub use view::view_cache::{ViewTag, DEFAULT_VIEW_CACHE_MIB};
