//! One JSON error envelope for every failure: `{"error": "<stable_code>", "message": "..."}`.
//!
//! Expected failures (4xx, engine trouble) carry a stable code the client branches on; unexpected
//! ones are logged with their cause and answered with a bare 500.
//!
//! [`ApiError`] wraps the domain's errors (`GameError`, `AnalysisError`, `DrawError`,
//! `SetupError`, the notation's and the engine's) rather than mirroring them: their message is the
//! domain's. The edge adds only the refusals that are its own (JSON, tokens, limits, routing).
//! [`CODES`] is the one table that gives each code its string, status, `Retry-After` policy,
//! public message (where the domain's would leak a cause) and example. A new refusal is the
//! domain's variant plus two edits here: its row in [`CODES`] (with its [`ErrorCode`] variant),
//! and its arm in the domain-to-code match, which the compiler asks for.
//!
//! The folder follows those seams: `codes.rs` names the codes and the shape of a row, `table.rs`
//! is [`CODES`], `mapping.rs` the domain-to-code match, `response.rs` the answer, and `openapi.rs`
//! the API document's error responses, made from the same table so that a route only names its
//! codes (`api_errors!`).

use crate::explore::{ExploreError, HumanMovesError};
use crate::games::{
    AnalysisError, DrawError, GameError, InvalidTree, KeepTreeError, ParsePlayerMoveError,
    RetryError, SetupError,
};
use crate::key_strength::WeakKeyError;
use crate::uci::EngineError;

mod codes;
mod mapping;
mod openapi;
mod response;
mod table;
#[cfg(test)]
mod tests;

pub use codes::{CodeInfo, ErrorCode, Retry, RETRY_AFTER_SECS};
pub(crate) use openapi::api_errors;
pub use openapi::{error_response, error_responses, Documented};
pub use response::{with_causes, ErrorBody};
pub use table::CODES;

/// Every way a request can fail: the domain's refusals, wrapped, and the edge's own.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    #[error(transparent)]
    Draw(#[from] DrawError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Notation(#[from] ParsePlayerMoveError),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Explore(#[from] ExploreError),
    #[error(transparent)]
    HumanMoves(#[from] HumanMovesError),
    #[error(transparent)]
    Retry(#[from] RetryError),
    #[error(transparent)]
    Tree(#[from] InvalidTree),
    #[error(transparent)]
    KeepTree(#[from] KeepTreeError),
    #[error(transparent)]
    WeakKey(#[from] WeakKeyError),
    #[error("the request body is not valid JSON for this endpoint: {0}")]
    MalformedJson(String),
    #[error("{0}")]
    InvalidRequest(String),
    #[error("this request needs the game's token as `Authorization: Bearer <token>`")]
    MissingToken,
    #[error("there is nothing at this address")]
    NotFound,
    #[error("this address does not accept that method")]
    MethodNotAllowed,
    #[error("the request body is larger than {0} bytes")]
    PayloadTooLarge(usize),
    #[error("too many {what}; try again in {retry_after_secs} s")]
    TooManyRequests {
        what: &'static str,
        retry_after_secs: u64,
    },
    #[error("the request took too long to arrive")]
    RequestTimeout,
    #[error("this server does not answer to that host name")]
    UnknownHost,
    #[error("internal error: {0}")]
    Internal(String),
    #[error("the server is starting: {loaded} of {total} stored games read back so far")]
    Loading { loaded: usize, total: usize },
}
