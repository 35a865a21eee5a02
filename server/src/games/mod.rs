//! Games against the engine: state, rules of play, views, the live registry and its store.

mod analyses;
mod analysis_places;
mod analysis_record;
mod cache_quota;
mod clock;
mod color;
mod db_lock;
mod draw;
mod error;
mod events;
mod export;
mod failed_writes;
mod flag;
mod hint_lock;
mod id;
pub mod ladder;
mod length;
mod level;
mod lowercase_san;
mod migrations;
mod notation;
mod owners;
mod players;
mod position_cache;
mod postgres;
mod preview;
mod progress;
mod quarantine;
mod record;
mod registry;
mod service;
mod setup;
mod sqlite;
mod sqlite_cache;
mod state;
mod store;
mod summary;
mod thinking;
mod variant;
mod view;
mod view_cache;

pub use analyses::{
    AnalysisError, AnalysisSettings, DEFAULT_ANALYSES_PER_CLIENT, DEFAULT_MAX_PENDING_ANALYSES,
};
pub use analysis_record::{AnalysisRecord, InvalidAnalysis, PositionRecord, StoredAnalysis};
pub use clock::{
    ClockMark, GameClock, InvalidTimeControl, TimeControl, MAX_INCREMENT_SECS, MAX_LIMIT_SECS,
};
pub use color::ColorName;
pub use draw::{Decline, DrawError};
pub use error::{GameError, StoreError};
pub use events::{GameEvent, GameEvents};
pub use export::to_pgn;
pub use id::GameId;
pub use length::MAX_PLIES;
pub use level::{seed_of, Level, StepSettings, LEGACY_LEVELS, STEPS};
pub use migrations::{SCHEMA_V1, SCHEMA_VERSION};
pub use notation::{ParsePlayerMoveError, PlayerMove};
pub use owners::Owners;
pub use players::{Players, MAX_NAME_CHARS};
pub use position_cache::{CacheKey, CachedAnswer, SearchIdentity, DEFAULT_CACHE_POSITIONS};
pub use postgres::{PgSettings, PgStore, PG_SCHEMA_VERSION};
pub use preview::PositionPreview;
pub use progress::{thinking_sink, THINKING_INTERVAL};
pub use quarantine::QuarantinedGame;
pub use record::{GameRecord, InvalidRecord, StoredGame};
pub use registry::{GameSlot, Games, LoadProgress, ServedView};
pub use service::{Created, GameService, Hint, Played};
pub use setup::{
    chess960_start, import_pgn, in_chess960, parse_fen, parse_pgn, ColorChoice, ImportedPgn,
    NewGame, SetupError,
};
pub use sqlite::{SqliteStore, StoredGames, MAX_QUEUED_WRITES};
pub use state::{EngineTurn, GameState};
pub use store::{
    Change, Claimed, Durable, Fresh, GameSnapshot, GameStore, Holding, Lookup, MemoryStore,
    Pending, WriteTicket,
};
pub use summary::{GameSummaries, GameSummary, MAX_SUMMARIES};
pub use thinking::{ScoreView, Thinking};
pub use variant::{stored_fen, Variant};
pub use view::{Clock, EndReason, GameView, LegalMoveView, MoveView, Reason, Status};
pub use view_cache::{ViewTag, DEFAULT_VIEW_CACHE_MIB};
