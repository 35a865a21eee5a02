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

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::explore::{ExploreError, HumanMovesError};
use crate::games::{
    parse_fen, parse_pgn, tree_of_entries, AnalysisError, Decline, DrawError, GameError,
    InvalidTree, KeepTreeError, ParsePlayerMoveError, PlayerMove, RetryError, SetupError,
    StoreError, TreeEntry, MAX_PLIES,
};
use crate::http::body_limit::MAX_BODY_BYTES;
use crate::sentence::sentence;
use crate::uci::EngineError;

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

/// Seconds a client should wait after `engine_busy`, `storage_busy` or `loading`.
pub const RETRY_AFTER_SECS: u32 = 2;

// Declared in the order of `CODES`; JSON spells each as serde's snake case of its name, which a
// test pins to its row.
/// Every stable error code a client can branch on: the `error` field of an [`ErrorBody`].
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
    /// A failure with this code as the server really makes it, for the API document's examples:
    /// the notation, FEN, PGN and legality errors come from the real parsers and rules (every test
    /// that builds the document checks they still fail as shown).
    pub example: fn() -> ApiError,
}

/// Each code's string, status, retry policy, public message and example, in declaration order.
pub const CODES: &[CodeInfo] = &[
    row(
        ErrorCode::MalformedJson,
        "malformed_json",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        || ApiError::MalformedJson("missing field `move` at line 1 column 2".into()),
    ),
    row(
        ErrorCode::InvalidRequest,
        "invalid_request",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        || ApiError::InvalidRequest("level must be between 1 and 21".into()),
    ),
    row(
        ErrorCode::InvalidFen,
        "invalid_fen",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        || {
            parse_fen("8/8/8/8/8/8/8/8 w - - 0 1")
                .expect_err("a board without kings is no position")
                .into()
        },
    ),
    row(
        ErrorCode::InvalidPgn,
        "invalid_pgn",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        || {
            parse_pgn("1. e4 e5 2. Ke3 *")
                .expect_err("2. Ke3 is illegal")
                .into()
        },
    ),
    row(
        ErrorCode::InvalidMoveNotation,
        "invalid_move_notation",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        || {
            "e9".parse::<PlayerMove>()
                .expect_err("e9 is neither UCI nor SAN")
                .into()
        },
    ),
    row(
        ErrorCode::MissingToken,
        "missing_token",
        StatusCode::UNAUTHORIZED,
        Retry::No,
        None,
        || ApiError::MissingToken,
    ),
    row(
        ErrorCode::WrongToken,
        "wrong_token",
        StatusCode::UNAUTHORIZED,
        Retry::No,
        None,
        || GameError::WrongToken.into(),
    ),
    row(
        ErrorCode::GameNotFound,
        "game_not_found",
        StatusCode::NOT_FOUND,
        Retry::No,
        None,
        || GameError::NotFound.into(),
    ),
    row(
        ErrorCode::NotFound,
        "not_found",
        StatusCode::NOT_FOUND,
        Retry::No,
        None,
        || ApiError::NotFound,
    ),
    row(
        ErrorCode::MethodNotAllowed,
        "method_not_allowed",
        StatusCode::METHOD_NOT_ALLOWED,
        Retry::No,
        None,
        || ApiError::MethodNotAllowed,
    ),
    row(
        ErrorCode::GameOver,
        "game_over",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::GameOver.into(),
    ),
    row(
        ErrorCode::NotYourTurn,
        "not_your_turn",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::NotYourTurn.into(),
    ),
    row(
        ErrorCode::StalePly,
        "stale_ply",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || {
            GameError::StalePly {
                expected: 2,
                actual: 4,
            }
            .into()
        },
    ),
    row(
        ErrorCode::NothingToTakeBack,
        "nothing_to_take_back",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::NothingToTakeBack.into(),
    ),
    row(
        ErrorCode::TooManyPlies,
        "too_many_plies",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::TooManyPlies(MAX_PLIES).into(),
    ),
    row(
        ErrorCode::PayloadTooLarge,
        "payload_too_large",
        StatusCode::PAYLOAD_TOO_LARGE,
        Retry::No,
        None,
        || ApiError::PayloadTooLarge(MAX_BODY_BYTES),
    ),
    row(
        ErrorCode::IllegalMove,
        "illegal_move",
        StatusCode::UNPROCESSABLE_ENTITY,
        Retry::No,
        None,
        || {
            "e2e5"
                .parse::<PlayerMove>()
                .expect("e2e5 is UCI")
                .to_move(&alphachess_engine::Position::startpos())
                .expect_err("e2e5 is illegal at the start")
                .into()
        },
    ),
    row(
        ErrorCode::EngineBusy,
        "engine_busy",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::Shortly,
        Some("Every engine is busy; try again shortly."),
        || EngineError::Busy.into(),
    ),
    row(
        ErrorCode::EngineFailed,
        "engine_failed",
        StatusCode::BAD_GATEWAY,
        Retry::No,
        Some("The engine failed; the game is unchanged, try again."),
        || EngineError::Eof.into(),
    ),
    row(
        ErrorCode::EngineTimeout,
        "engine_timeout",
        StatusCode::GATEWAY_TIMEOUT,
        Retry::No,
        Some("The engine took too long; the game is unchanged, try again."),
        || EngineError::Timeout.into(),
    ),
    row(
        ErrorCode::TooManyGames,
        "too_many_games",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::No,
        None,
        || GameError::TooManyGames.into(),
    ),
    row(
        ErrorCode::EngineUnavailable,
        "engine_unavailable",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::No,
        Some("The engine is not available."),
        || EngineError::Stopped.into(),
    ),
    row(
        ErrorCode::TooManyRequests,
        "too_many_requests",
        StatusCode::TOO_MANY_REQUESTS,
        Retry::Named,
        None,
        || ApiError::TooManyRequests {
            what: "engine requests in progress from your address",
            retry_after_secs: 1,
        },
    ),
    row(
        ErrorCode::RequestTimeout,
        "request_timeout",
        StatusCode::REQUEST_TIMEOUT,
        Retry::No,
        None,
        || ApiError::RequestTimeout,
    ),
    row(
        ErrorCode::UnknownHost,
        "unknown_host",
        StatusCode::MISDIRECTED_REQUEST,
        Retry::No,
        None,
        || ApiError::UnknownHost,
    ),
    row(
        ErrorCode::InternalError,
        "internal_error",
        StatusCode::INTERNAL_SERVER_ERROR,
        Retry::No,
        Some("Something went wrong on the server."),
        || ApiError::Internal("the game store failed".into()),
    ),
    row(
        ErrorCode::GameNotFinished,
        "game_not_finished",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || AnalysisError::GameNotFinished.into(),
    ),
    row(
        ErrorCode::AnalysisNotFound,
        "analysis_not_found",
        StatusCode::NOT_FOUND,
        Retry::No,
        None,
        || AnalysisError::NotRequested.into(),
    ),
    row(
        ErrorCode::StorageBusy,
        "storage_busy",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::Shortly,
        Some("The server is saving games more slowly than they change; try again shortly."),
        || GameError::Store(StoreError::Busy).into(),
    ),
    row(
        ErrorCode::SearchInProgress,
        "search_in_progress",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::SearchInProgress.into(),
    ),
    row(
        ErrorCode::GameQuarantined,
        "game_quarantined",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::Quarantined.into(),
    ),
    row(
        ErrorCode::DrawDeclined,
        "draw_declined",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || DrawError::Declined(Decline::Evaluation(85)).into(),
    ),
    row(
        ErrorCode::NoDrawToClaim,
        "no_draw_to_claim",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::NoDrawToClaim.into(),
    ),
    row(
        ErrorCode::AbortTooLate,
        "abort_too_late",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::AbortTooLate.into(),
    ),
    row(
        ErrorCode::DrawTooEarly,
        "draw_too_early",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || GameError::DrawTooEarly.into(),
    ),
    row(
        ErrorCode::GameAborted,
        "game_aborted",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        || AnalysisError::GameAborted.into(),
    ),
    row(
        ErrorCode::Loading,
        "loading",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::Shortly,
        None,
        || ApiError::Loading {
            loaded: 2_400,
            total: 10_000,
        },
    ),
    row(
        ErrorCode::InvalidTree,
        "invalid_tree",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        || {
            let e4 = |parent| TreeEntry {
                parent,
                uci: "e2e4".into(),
                comment: None,
            };
            tree_of_entries(
                alphachess_engine::Position::startpos(),
                &[e4(None), e4(None)],
            )
            .expect_err("the same move twice from the start")
            .into()
        },
    ),
    row(
        ErrorCode::AnalysisNotDone,
        "analysis_not_done",
        StatusCode::CONFLICT,
        Retry::Shortly,
        None,
        || RetryError::NotDone.into(),
    ),
];

/// One row of [`CODES`] (a `const fn`, so the table stays a constant).
const fn row(
    code: ErrorCode,
    name: &'static str,
    status: StatusCode,
    retry: Retry,
    public: Option<&'static str>,
    example: fn() -> ApiError,
) -> CodeInfo {
    CodeInfo {
        code,
        name,
        status,
        retry,
        public,
        example,
    }
}

impl ErrorCode {
    /// This code's row of [`CODES`].
    pub fn info(self) -> &'static CodeInfo {
        &CODES[self as usize]
    }

    /// The code as it appears in JSON, e.g. `illegal_move`.
    pub fn as_str(self) -> &'static str {
        self.info().name
    }

    /// Every code, in declaration order: the API document shows an example of each (a test pins
    /// this list to the schema's).
    pub const ALL: [ErrorCode; CODES.len()] = {
        let mut all = [ErrorCode::MalformedJson; CODES.len()];
        let mut index = 0;
        while index < all.len() {
            all[index] = CODES[index].code;
            index += 1;
        }
        all
    };

    /// A failure with this code as the server really makes it (see [`CodeInfo::example`]).
    pub fn example(self) -> ApiError {
        (self.info().example)()
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The JSON body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code, e.g. `illegal_move`.
    #[schema(example = "illegal_move")]
    pub error: ErrorCode,
    /// A sentence for a person.
    pub message: String,
    /// With `illegal_move`: how many legal moves the position has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<usize>,
}

impl ErrorBody {
    /// What a client is told of an engine failure that several share (an `engine_error` event:
    /// the failure itself stays with the log).
    pub fn of_engine(error: &EngineError) -> ErrorBody {
        let code = engine_code(error);
        ErrorBody {
            error: code,
            message: code.info().public.unwrap_or_default().to_owned(),
            legal_moves: None,
        }
    }
}

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

    /// What the client is told: an error response's body, the API document's examples. The
    /// message is the error's own, as a sentence, unless its code has a public one.
    pub fn body(&self) -> ErrorBody {
        let code = self.code();
        let message = match code.info().public {
            Some(public) => public.to_owned(),
            None => sentence(&self.to_string()),
        };
        let legal_moves = match self {
            ApiError::Game(GameError::IllegalMove { legal_moves, .. }) => Some(*legal_moves),
            _ => None,
        };
        ErrorBody {
            error: code,
            message,
            legal_moves,
        }
    }

    /// Seconds before a retry may succeed, when waiting helps.
    fn retry_after(&self) -> Option<u64> {
        match self.code().info().retry {
            Retry::No => None,
            Retry::Shortly => Some(u64::from(RETRY_AFTER_SECS)),
            Retry::Named => match self {
                ApiError::TooManyRequests {
                    retry_after_secs, ..
                }
                | ApiError::Analysis(AnalysisError::OverShare { retry_after_secs }) => {
                    Some(*retry_after_secs)
                }
                _ => Some(u64::from(RETRY_AFTER_SECS)),
            },
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
fn engine_code(error: &EngineError) -> ErrorCode {
    match error {
        EngineError::Busy => ErrorCode::EngineBusy,
        EngineError::Timeout => ErrorCode::EngineTimeout,
        EngineError::Stopped => ErrorCode::EngineUnavailable,
        _ => ErrorCode::EngineFailed,
    }
}

/// `error` and every cause under it, `: `-separated, as one line for a log or a person.
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut line = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let text = inner.to_string();
        // Some errors repeat their cause in their own text; say it once.
        if !line.ends_with(&text) {
            line.push_str(": ");
            line.push_str(&text);
        }
        cause = inner.source();
    }
    line
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code().info().status
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(code = self.code().as_str(), error = %with_causes(self), "request failed");
        }
        let mut response = HttpResponse::build(status);
        if let Some(seconds) = self.retry_after() {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from(seconds)));
        }
        // The client is too slow to send its request: do not wait for the rest of it.
        if matches!(self, ApiError::RequestTimeout) {
            response.insert_header((header::CONNECTION, "close"));
        }
        if status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.json(self.body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;

    async fn body_of(error: ApiError) -> serde_json::Value {
        let response = error.error_response();
        let bytes = to_bytes(response.into_body()).await.expect("a JSON body");
        serde_json::from_slice(&bytes).expect("valid JSON")
    }

    #[actix_web::test]
    async fn an_illegal_move_reports_the_count_of_legal_moves() {
        let body = body_of(ApiError::from(GameError::IllegalMove {
            message: "e2e5 is not a legal move here".into(),
            legal_moves: 20,
        }))
        .await;
        assert_eq!(body["error"], "illegal_move");
        assert_eq!(body["legal_moves"], 20);
        assert_eq!(body["message"], "E2e5 is not a legal move here.");
    }

    #[actix_web::test]
    async fn internal_errors_do_not_leak_their_cause() {
        let body = body_of(ApiError::Internal("secret detail".into())).await;
        assert_eq!(body["error"], "internal_error");
        assert!(!body.to_string().contains("secret detail"));
    }

    #[test]
    fn engine_busy_is_503_with_retry_after() {
        let response = ApiError::from(EngineError::Busy).error_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response.headers().get(header::RETRY_AFTER),
            Some(&HeaderValue::from(RETRY_AFTER_SECS))
        );
    }

    #[test]
    fn a_full_store_queue_is_503_storage_busy_with_retry_after() {
        let error = ApiError::from(GameError::Store(StoreError::Busy));
        assert_eq!(error.code(), ErrorCode::StorageBusy);
        let response = error.error_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response.headers().get(header::RETRY_AFTER),
            Some(&HeaderValue::from(RETRY_AFTER_SECS))
        );
    }

    #[test]
    fn too_many_requests_is_429_with_retry_after() {
        let response = ApiError::TooManyRequests {
            what: "new games from your address",
            retry_after_secs: 7,
        }
        .error_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            response.headers().get(header::RETRY_AFTER),
            Some(&HeaderValue::from(7))
        );
    }

    #[actix_web::test]
    async fn engine_failures_show_neither_paths_nor_addresses() {
        let spawn = EngineError::Spawn {
            path: "/opt/secret/stockfish".into(),
            source: std::io::Error::other("permission denied"),
        };
        let connect = EngineError::Connect {
            address: "tcp://10.0.0.2:4000".into(),
            source: std::io::Error::other("connection refused"),
        };
        for (error, detail) in [(spawn, "/opt/secret"), (connect, "tcp://10.0.0.2")] {
            let error = ApiError::from(error);
            assert!(error.to_string().contains(detail), "the log keeps it");
            let body = body_of(error).await;
            assert_eq!(body["error"], "engine_failed");
            assert!(!body.to_string().contains(detail), "{body}");
            assert!(!body.to_string().contains("tcp://"), "{body}");
        }
    }

    #[test]
    fn engine_failures_map_to_502_and_timeouts_to_504() {
        let failed = ApiError::from(EngineError::Eof);
        assert_eq!(failed.status_code(), StatusCode::BAD_GATEWAY);
        assert_eq!(failed.code(), ErrorCode::EngineFailed);
        let timeout = ApiError::from(EngineError::Timeout);
        assert_eq!(timeout.status_code(), StatusCode::GATEWAY_TIMEOUT);
        assert_eq!(timeout.code(), ErrorCode::EngineTimeout);
    }

    #[test]
    fn an_unknown_game_is_404_game_not_found() {
        let error = ApiError::from(GameError::NotFound);
        assert_eq!(error.status_code(), StatusCode::NOT_FOUND);
        assert_eq!(error.code(), ErrorCode::GameNotFound);
    }

    #[test]
    fn analysis_refusals_have_their_own_codes() {
        let unfinished = ApiError::from(AnalysisError::GameNotFinished);
        assert_eq!(unfinished.status_code(), StatusCode::CONFLICT);
        assert_eq!(unfinished.code().as_str(), "game_not_finished");
        let never = ApiError::from(AnalysisError::NotRequested);
        assert_eq!(never.status_code(), StatusCode::NOT_FOUND);
        assert_eq!(never.code().as_str(), "analysis_not_found");
        let unknown = ApiError::from(AnalysisError::Game(GameError::NotFound));
        assert_eq!(unknown.code(), ErrorCode::GameNotFound);
        let full = ApiError::from(AnalysisError::QueueFull {
            retry_after_secs: 10,
        });
        assert_eq!(full.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(full.code(), ErrorCode::EngineBusy);
        let over = ApiError::from(AnalysisError::OverShare {
            retry_after_secs: 10,
        })
        .error_response();
        assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(over.headers().get(header::RETRY_AFTER).expect("set"), "10");
    }

    #[test]
    fn a_store_failure_is_a_500_that_keeps_its_cause_for_the_log() {
        let cause = std::io::Error::other("disk full");
        let store = crate::games::StoreError::backend("committing a batch", cause);
        let error = ApiError::from(GameError::from(store));
        assert_eq!(error.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            with_causes(&error),
            "the game store failed while committing a batch: disk full"
        );
        assert_eq!(error.body().message, "Something went wrong on the server.");
    }

    #[test]
    fn the_table_has_one_row_per_code_in_order_and_serde_spells_each_as_its_row() {
        for (index, info) in CODES.iter().enumerate() {
            assert_eq!(info.code as usize, index, "{} is out of order", info.name);
            assert_eq!(
                serde_json::to_value(info.code).expect("serializes"),
                info.name,
                "serde and the table disagree"
            );
            assert_eq!(
                (info.example)().code(),
                info.code,
                "{}'s example",
                info.name
            );
        }
    }

    #[test]
    fn a_wrapped_domain_error_keeps_the_domain_s_message() {
        let stale = ApiError::from(GameError::StalePly {
            expected: 2,
            actual: 4,
        });
        assert_eq!(
            stale.body().message,
            "The game is at ply 4, not 2; reload it."
        );
        let declined = ApiError::from(DrawError::Declined(Decline::Evaluation(85)));
        assert_eq!(declined.code(), ErrorCode::DrawDeclined);
        assert!(declined.body().message.starts_with("Stockfish declines"));
    }
}
