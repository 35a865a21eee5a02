//! Games against the engine: state, rules of play, views, the live registry and its store.

mod export;
mod id;
mod level;
mod notation;
mod registry;
mod service;
mod setup;
mod state;
mod store;
mod view;

pub use id::GameId;
pub use level::Level;
pub use notation::parse_move;
pub use registry::{GameSlot, Games};
pub use service::{Created, GameService, Hint};
pub use setup::{parse_fen, parse_pgn, ColorChoice, NewGame};
pub use state::{EngineTurn, GameState, MAX_PLIES};
pub use store::{GameSnapshot, GameStore, MemoryStore, StoreError};
pub use view::{ColorName, GameView, LegalMoveView, MoveView, Reason, Status};
