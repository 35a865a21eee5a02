//! The domain-to-code match: which [`ErrorCode`] each wrapped refusal is. A new domain variant
//! is an arm here, which the compiler asks for.

use super::codes::ErrorCode;
use super::ApiError;
use crate::explore::{ExploreError, HumanMovesError};
use crate::games::{
    AnalysisError, DrawError, GameError, InvalidTree, KeepTreeError, RetryError, SetupError,
    StoreError,
};
use crate::uci::EngineError;

impl ApiError {
    /// The stable code clients branch on.
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::Game(error) => game_code(error),
            ApiError::Analysis(error) => analysis_code(error),
            ApiError::Retry(error) => match error {
                RetryError::Analysis(error) => analysis_code(error),
                RetryError::Game(error) => game_code(error),
                RetryError::Notation(_) => ErrorCode::InvalidMoveNotation,
                RetryError::NotDone => ErrorCode::AnalysisNotDone,
                RetryError::NoSuchPuzzle(_) => ErrorCode::NotFound,
            },
            ApiError::Draw(error) => match error {
                DrawError::Game(error) => game_code(error),
                DrawError::Declined(_) => ErrorCode::DrawDeclined,
            },
            ApiError::Setup(error) => match error {
                SetupError::Fen(_) => ErrorCode::InvalidFen,
                SetupError::Pgn(_) => ErrorCode::InvalidPgn,
                SetupError::Chess960(_) => ErrorCode::InvalidRequest,
            },
            ApiError::Notation(_) => ErrorCode::InvalidMoveNotation,
            ApiError::Engine(error) => engine_code(error),
            ApiError::Explore(error) => match error {
                ExploreError::TooManyBoards(_) => ErrorCode::TooManyRequests,
                ExploreError::Engine(error) => engine_code(error),
            },
            ApiError::HumanMoves(error) => match error {
                HumanMovesError::Busy => ErrorCode::EngineBusy,
                HumanMovesError::Failed(_) => ErrorCode::InternalError,
            },
            ApiError::Tree(error) => tree_code(error),
            ApiError::KeepTree(error) => match error {
                KeepTreeError::Game(error) => game_code(error),
                KeepTreeError::Tree(error) => tree_code(error),
            },
            ApiError::WeakKey(_) => ErrorCode::WeakKey,
            ApiError::MalformedJson(_) => ErrorCode::MalformedJson,
            ApiError::InvalidRequest(_) => ErrorCode::InvalidRequest,
            ApiError::MissingToken => ErrorCode::MissingToken,
            ApiError::NotFound => ErrorCode::NotFound,
            ApiError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            ApiError::PayloadTooLarge(_) => ErrorCode::PayloadTooLarge,
            ApiError::TooManyRequests { .. } => ErrorCode::TooManyRequests,
            ApiError::RequestTimeout => ErrorCode::RequestTimeout,
            ApiError::UnknownHost => ErrorCode::UnknownHost,
            ApiError::Internal(_) => ErrorCode::InternalError,
            ApiError::Loading { .. } => ErrorCode::Loading,
        }
    }
}

/// The code of an analysis's refusal.
fn analysis_code(error: &AnalysisError) -> ErrorCode {
    match error {
        AnalysisError::Game(error) => game_code(error),
        AnalysisError::GameNotFinished => ErrorCode::GameNotFinished,
        AnalysisError::GameAborted => ErrorCode::GameAborted,
        AnalysisError::NotRequested => ErrorCode::AnalysisNotFound,
        AnalysisError::QueueFull { .. } => ErrorCode::EngineBusy,
        AnalysisError::OverShare { .. } => ErrorCode::TooManyRequests,
    }
}

/// The code of a game's refusal or failure: a store or randomness failure is a 500 (its cause
/// chain logged, never shown); a full store queue a 503 to retry.
fn game_code(error: &GameError) -> ErrorCode {
    match error {
        GameError::NotFound => ErrorCode::GameNotFound,
        GameError::WrongToken => ErrorCode::WrongToken,
        GameError::GameOver => ErrorCode::GameOver,
        GameError::NotFinished => ErrorCode::GameNotFinished,
        GameError::NotYourTurn => ErrorCode::NotYourTurn,
        GameError::StalePly { .. } | GameError::Superseded => ErrorCode::StalePly,
        GameError::NothingToTakeBack => ErrorCode::NothingToTakeBack,
        GameError::AbortTooLate => ErrorCode::AbortTooLate,
        GameError::DrawTooEarly => ErrorCode::DrawTooEarly,
        GameError::NoDrawToClaim => ErrorCode::NoDrawToClaim,
        GameError::TooManyPlies(_) => ErrorCode::TooManyPlies,
        GameError::IllegalMove { .. } => ErrorCode::IllegalMove,
        GameError::TooManyGames => ErrorCode::TooManyGames,
        GameError::TooManyUnfinished => ErrorCode::TooManyRequests,
        GameError::SearchInProgress => ErrorCode::SearchInProgress,
        GameError::Quarantined => ErrorCode::GameQuarantined,
        GameError::Engine(error) => engine_code(error),
        GameError::Store(StoreError::Busy | StoreError::Unanswered { .. }) => {
            ErrorCode::StorageBusy
        }
        GameError::Store(_) | GameError::Random(_) => ErrorCode::InternalError,
    }
}

/// The code of a tree's refusal: its notation and legality as a single move's are refused, the
/// rest as the tree's own.
fn tree_code(error: &InvalidTree) -> ErrorCode {
    match error {
        InvalidTree::Notation { .. } => ErrorCode::InvalidMoveNotation,
        InvalidTree::Illegal { .. } => ErrorCode::IllegalMove,
        InvalidTree::Parent { .. }
        | InvalidTree::Repeated { .. }
        | InvalidTree::CommentTooLong { .. }
        | InvalidTree::Comment { .. }
        | InvalidTree::Bound { .. }
        | InvalidTree::OtherStart
        | InvalidTree::MissingGameMove { .. }
        | InvalidTree::Misfit(_) => ErrorCode::InvalidTree,
    }
}

/// The code of an engine failure: its text names paths and addresses, so only the code and the
/// code's public message reach the client.
pub(super) fn engine_code(error: &EngineError) -> ErrorCode {
    match error {
        EngineError::Busy => ErrorCode::EngineBusy,
        EngineError::Timeout => ErrorCode::EngineTimeout,
        EngineError::Stopped => ErrorCode::EngineUnavailable,
        _ => ErrorCode::EngineFailed,
    }
}
