//! The codes a client branches on, and the shape of what the edge says about each: the types of
//! [`CODES`](super::CODES), apart from its rows so the table reads as the table.

use actix_web::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use super::ApiError;

/// Seconds a client should wait after `engine_busy`, `storage_busy` or `loading`.
pub const RETRY_AFTER_SECS: u32 = 2;

// Declared in the order of `CODES`; JSON spells each as serde's snake case of its name, which a
// test pins to its row.
/// Every stable error code a client can branch on: the `error` field of an `ErrorBody`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    MalformedJson,
    InvalidRequest,
    InvalidFen,
    InvalidPgn,
    InvalidMoveNotation,
    MissingToken,
    WrongToken,
    GameNotFound,
    NotFound,
    MethodNotAllowed,
    GameOver,
    NotYourTurn,
    StalePly,
    NothingToTakeBack,
    TooManyPlies,
    PayloadTooLarge,
    IllegalMove,
    EngineBusy,
    EngineFailed,
    EngineTimeout,
    TooManyGames,
    EngineUnavailable,
    TooManyRequests,
    RequestTimeout,
    UnknownHost,
    InternalError,
    GameNotFinished,
    AnalysisNotFound,
    StorageBusy,
    SearchInProgress,
    GameQuarantined,
    DrawDeclined,
    NoDrawToClaim,
    AbortTooLate,
    DrawTooEarly,
    GameAborted,
    Loading,
    InvalidTree,
    AnalysisNotDone,
    WeakKey,
}

/// When a refused client may try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    /// Not by waiting: the request must change.
    No,
    /// After [`RETRY_AFTER_SECS`].
    Shortly,
    /// After the seconds the error names (a client's share comes free).
    Named,
}

/// Everything the edge says about one code.
#[derive(Debug)]
pub struct CodeInfo {
    pub code: ErrorCode,
    pub name: &'static str,
    pub status: StatusCode,
    pub retry: Retry,
    /// Shown instead of the error's own text, which names what only the log may see (paths,
    /// addresses, causes).
    pub public: Option<&'static str>,
    /// What the code means, as the API document says it under each route that can answer it
    /// (a route may say it more precisely: see `api_errors!`).
    pub meaning: &'static str,
    /// A failure with this code as the server really makes it, for the API document's examples:
    /// the notation, FEN, PGN and legality errors come from the real parsers and rules (every test
    /// that builds the document checks they still fail as shown).
    pub example: fn() -> ApiError,
}
