//! Games against the engine: state, rules of play, views, the live registry and its store.

mod color;
mod error;
mod events;
mod export;
mod id;
mod level;
mod migrations;
mod notation;
mod progress;
mod record;
mod registry;
mod service;
mod setup;
mod sqlite;
mod state;
mod store;
mod thinking;
mod view;

pub use color::ColorName;
pub use error::{GameError, StoreError};
pub use events::{GameEvent, GameEvents};
pub use id::GameId;
pub use level::Level;
pub use migrations::{SCHEMA_V1, SCHEMA_VERSION};
pub use notation::{ParsePlayerMoveError, PlayerMove};
pub use progress::{thinking_sink, THINKING_INTERVAL};
pub use record::{GameRecord, InvalidRecord, StoredGame};
pub use registry::{GameSlot, Games};
pub use service::{Created, GameService, Hint};
pub use setup::{parse_fen, parse_pgn, ColorChoice, NewGame, SetupError};
pub use sqlite::SqliteStore;
pub use state::{EngineTurn, GameState, MAX_PLIES};
pub use store::{Durable, GameSnapshot, GameStore, MemoryStore, WriteTicket};
pub use thinking::{ScoreView, Thinking};
pub use view::{EndReason, GameView, LegalMoveView, MoveView, Reason, Status};
