//! What can go wrong with a game, in the domain's words; the HTTP edge (`crate::error`) maps each
//! variant to a status and a stable code in one place.

use super::store::StoreError;
use crate::token::RandomError;
use crate::uci::EngineError;

/// Why a change to a game, or a look at one, was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No live game has this id (or the token is not the game's: the two look the same).
    #[error("there is no such game")]
    NotFound,
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    /// The caller's idea of the game is out of date.
    #[error("the game is at ply {actual}, not {expected}; reload it")]
    StalePly { expected: usize, actual: usize },
    /// A takeback or resignation changed the game while this request waited for the engine.
    #[error("another request for this game came first; reload it")]
    Superseded,
    #[error("you have no move to take back")]
    NothingToTakeBack,
    #[error("the game reached the limit of {0} plies")]
    TooManyPlies(usize),
    /// Well-formed notation that names no legal move in the game's position.
    #[error("{message}")]
    IllegalMove { message: String, legal_moves: usize },
    #[error("the server holds as many games as it may; try again later")]
    TooManyGames,
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Random(#[from] RandomError),
}
