//! One JSON error envelope for every failure: `{"error": "<stable_code>", "message": "..."}`.
//!
//! Expected failures (4xx, engine trouble) carry a stable code the client branches on; unexpected
//! ones are logged with their cause and answered with a bare 500.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::body_limit::MAX_BODY_BYTES;
use crate::games::{
    parse_fen, parse_pgn, AnalysisError, Decline, DrawError, GameError, ParsePlayerMoveError,
    PlayerMove, SetupError, StoreError, MAX_PLIES,
};
use crate::uci::EngineError;

/// Every way a request can fail.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("the request body is not valid JSON for this endpoint: {0}")]
    MalformedJson(String),
    #[error("{0}")]
    InvalidRequest(String),
    #[error("invalid FEN: {0}")]
    InvalidFen(String),
    #[error("invalid PGN: {0}")]
    InvalidPgn(String),
    #[error("{0:?} is neither a UCI move (e2e4) nor a SAN move (Nf3)")]
    InvalidMoveNotation(String),
    #[error("this request needs the game's token as `Authorization: Bearer <token>`")]
    MissingToken,
    #[error("there is no such game")]
    GameNotFound,
    #[error("there is nothing at this address")]
    NotFound,
    #[error("this address does not accept that method")]
    MethodNotAllowed,
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the game is at ply {actual}, not {expected}; reload it")]
    StalePly { expected: usize, actual: usize },
    #[error("another request for this game came first; reload it")]
    Superseded,
    #[error("you have no move to take back")]
    NothingToTakeBack,
    #[error("the game reached the limit of {0} plies")]
    TooManyPlies(usize),
    #[error("the request body is larger than {0} bytes")]
    PayloadTooLarge(usize),
    #[error("{message}")]
    IllegalMove { message: String, legal_moves: usize },
    #[error("every engine is busy; try again shortly")]
    EngineBusy,
    #[error("the engine failed ({0}); the game is unchanged, try again")]
    EngineFailed(String),
    #[error("the engine took too long; the game is unchanged, try again")]
    EngineTimeout,
    #[error("the server holds as many games as it may; try again later")]
    TooManyGames,
    #[error("the engine is not available")]
    EngineUnavailable,
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
    #[error("the game is not finished; it can be analysed once it is over")]
    GameNotFinished,
    #[error("nobody has asked for this game's analysis")]
    AnalysisNotFound,
    #[error("the server is saving games more slowly than they change; try again shortly")]
    StorageBusy,
    #[error("the engine is already searching for this game; wait for its answer")]
    SearchInProgress,
    #[error("this stored game could not be loaded; its moves are still available as PGN")]
    GameQuarantined,
    /// The sentence says why (the engine's evaluation, or the move number).
    #[error("{0}")]
    DrawDeclined(String),
    #[error("there is no draw to claim in this position")]
    NoDrawToClaim,
    #[error("the game can only be aborted before your first move")]
    AbortTooLate,
    #[error("the server is starting: {loaded} of {total} stored games read back so far")]
    Loading { loaded: usize, total: usize },
}

/// Seconds a client should wait after `engine_busy`.
pub const RETRY_AFTER_SECS: u32 = 2;

/// Every stable error code a client can branch on: the `error` field of an [`ErrorBody`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    MalformedJson,
    InvalidRequest,
    InvalidFen,
    InvalidPgn,
    InvalidMoveNotation,
    MissingToken,
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
    Loading,
}

impl ErrorCode {
    /// The code as it appears in JSON, e.g. `illegal_move`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => "malformed_json",
            ErrorCode::InvalidRequest => "invalid_request",
            ErrorCode::InvalidFen => "invalid_fen",
            ErrorCode::InvalidPgn => "invalid_pgn",
            ErrorCode::InvalidMoveNotation => "invalid_move_notation",
            ErrorCode::MissingToken => "missing_token",
            ErrorCode::GameNotFound => "game_not_found",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::NothingToTakeBack => "nothing_to_take_back",
            ErrorCode::TooManyPlies => "too_many_plies",
            ErrorCode::PayloadTooLarge => "payload_too_large",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::EngineBusy => "engine_busy",
            ErrorCode::EngineFailed => "engine_failed",
            ErrorCode::EngineTimeout => "engine_timeout",
            ErrorCode::TooManyGames => "too_many_games",
            ErrorCode::EngineUnavailable => "engine_unavailable",
            ErrorCode::TooManyRequests => "too_many_requests",
            ErrorCode::RequestTimeout => "request_timeout",
            ErrorCode::UnknownHost => "unknown_host",
            ErrorCode::InternalError => "internal_error",
            ErrorCode::GameNotFinished => "game_not_finished",
            ErrorCode::AnalysisNotFound => "analysis_not_found",
            ErrorCode::StorageBusy => "storage_busy",
            ErrorCode::SearchInProgress => "search_in_progress",
            ErrorCode::GameQuarantined => "game_quarantined",
            ErrorCode::DrawDeclined => "draw_declined",
            ErrorCode::NoDrawToClaim => "no_draw_to_claim",
            ErrorCode::AbortTooLate => "abort_too_late",
            ErrorCode::Loading => "loading",
        }
    }
}

impl ErrorCode {
    /// Every code, in declaration order: the API document shows an example of each (a test pins
    /// this list to the schema's).
    pub const ALL: [ErrorCode; 34] = [
        ErrorCode::MalformedJson,
        ErrorCode::InvalidRequest,
        ErrorCode::InvalidFen,
        ErrorCode::InvalidPgn,
        ErrorCode::InvalidMoveNotation,
        ErrorCode::MissingToken,
        ErrorCode::GameNotFound,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::GameOver,
        ErrorCode::NotYourTurn,
        ErrorCode::StalePly,
        ErrorCode::NothingToTakeBack,
        ErrorCode::TooManyPlies,
        ErrorCode::PayloadTooLarge,
        ErrorCode::IllegalMove,
        ErrorCode::EngineBusy,
        ErrorCode::EngineFailed,
        ErrorCode::EngineTimeout,
        ErrorCode::TooManyGames,
        ErrorCode::EngineUnavailable,
        ErrorCode::TooManyRequests,
        ErrorCode::RequestTimeout,
        ErrorCode::UnknownHost,
        ErrorCode::InternalError,
        ErrorCode::GameNotFinished,
        ErrorCode::AnalysisNotFound,
        ErrorCode::StorageBusy,
        ErrorCode::SearchInProgress,
        ErrorCode::GameQuarantined,
        ErrorCode::DrawDeclined,
        ErrorCode::NoDrawToClaim,
        ErrorCode::AbortTooLate,
        ErrorCode::Loading,
    ];

    /// A failure with this code as the server really makes it, for the API document's examples:
    /// the notation, FEN, PGN and legality errors come from the real parsers and rules (every
    /// test that builds the document checks they still fail as shown).
    pub fn example(self) -> ApiError {
        match self {
            ErrorCode::MalformedJson => {
                ApiError::MalformedJson("missing field `move` at line 1 column 2".into())
            }
            ErrorCode::InvalidRequest => {
                ApiError::InvalidRequest("level must be between 1 and 16".into())
            }
            ErrorCode::InvalidFen => parse_fen("8/8/8/8/8/8/8/8 w - - 0 1")
                .expect_err("a board without kings is no position")
                .into(),
            ErrorCode::InvalidPgn => parse_pgn("1. e4 e5 2. Ke3 *")
                .expect_err("2. Ke3 is illegal")
                .into(),
            ErrorCode::InvalidMoveNotation => "e9"
                .parse::<PlayerMove>()
                .expect_err("e9 is neither UCI nor SAN")
                .into(),
            ErrorCode::MissingToken => ApiError::MissingToken,
            ErrorCode::GameNotFound => ApiError::GameNotFound,
            ErrorCode::NotFound => ApiError::NotFound,
            ErrorCode::MethodNotAllowed => ApiError::MethodNotAllowed,
            ErrorCode::GameOver => ApiError::GameOver,
            ErrorCode::NotYourTurn => ApiError::NotYourTurn,
            ErrorCode::StalePly => ApiError::StalePly {
                expected: 2,
                actual: 4,
            },
            ErrorCode::NothingToTakeBack => ApiError::NothingToTakeBack,
            ErrorCode::TooManyPlies => ApiError::TooManyPlies(MAX_PLIES),
            ErrorCode::PayloadTooLarge => ApiError::PayloadTooLarge(MAX_BODY_BYTES),
            ErrorCode::IllegalMove => "e2e5"
                .parse::<PlayerMove>()
                .expect("e2e5 is UCI")
                .to_move(&alphachess_engine::Position::startpos())
                .expect_err("e2e5 is illegal at the start")
                .into(),
            ErrorCode::EngineBusy => ApiError::EngineBusy,
            ErrorCode::EngineFailed => ApiError::EngineFailed("the engine exited".into()),
            ErrorCode::EngineTimeout => ApiError::EngineTimeout,
            ErrorCode::TooManyGames => ApiError::TooManyGames,
            ErrorCode::EngineUnavailable => ApiError::EngineUnavailable,
            ErrorCode::TooManyRequests => ApiError::TooManyRequests {
                what: "engine requests in progress from your address",
                retry_after_secs: 1,
            },
            ErrorCode::RequestTimeout => ApiError::RequestTimeout,
            ErrorCode::UnknownHost => ApiError::UnknownHost,
            ErrorCode::InternalError => ApiError::Internal("the game store failed".into()),
            ErrorCode::GameNotFinished => ApiError::GameNotFinished,
            ErrorCode::AnalysisNotFound => ApiError::AnalysisNotFound,
            ErrorCode::StorageBusy => ApiError::StorageBusy,
            ErrorCode::SearchInProgress => ApiError::SearchInProgress,
            ErrorCode::GameQuarantined => ApiError::GameQuarantined,
            ErrorCode::DrawDeclined => DrawError::Declined(Decline::Evaluation(85)).into(),
            ErrorCode::NoDrawToClaim => ApiError::NoDrawToClaim,
            ErrorCode::AbortTooLate => ApiError::AbortTooLate,
            ErrorCode::Loading => ApiError::Loading {
                loaded: 2_400,
                total: 10_000,
            },
        }
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

impl ApiError {
    /// The stable code clients branch on.
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::MalformedJson(_) => ErrorCode::MalformedJson,
            ApiError::InvalidRequest(_) => ErrorCode::InvalidRequest,
            ApiError::InvalidFen(_) => ErrorCode::InvalidFen,
            ApiError::InvalidPgn(_) => ErrorCode::InvalidPgn,
            ApiError::InvalidMoveNotation(_) => ErrorCode::InvalidMoveNotation,
            ApiError::MissingToken => ErrorCode::MissingToken,
            ApiError::GameNotFound => ErrorCode::GameNotFound,
            ApiError::NotFound => ErrorCode::NotFound,
            ApiError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            ApiError::GameOver => ErrorCode::GameOver,
            ApiError::NotYourTurn => ErrorCode::NotYourTurn,
            ApiError::StalePly { .. } | ApiError::Superseded => ErrorCode::StalePly,
            ApiError::NothingToTakeBack => ErrorCode::NothingToTakeBack,
            ApiError::TooManyPlies(_) => ErrorCode::TooManyPlies,
            ApiError::PayloadTooLarge(_) => ErrorCode::PayloadTooLarge,
            ApiError::IllegalMove { .. } => ErrorCode::IllegalMove,
            ApiError::EngineBusy => ErrorCode::EngineBusy,
            ApiError::EngineFailed(_) => ErrorCode::EngineFailed,
            ApiError::EngineTimeout => ErrorCode::EngineTimeout,
            ApiError::TooManyGames => ErrorCode::TooManyGames,
            ApiError::EngineUnavailable => ErrorCode::EngineUnavailable,
            ApiError::TooManyRequests { .. } => ErrorCode::TooManyRequests,
            ApiError::RequestTimeout => ErrorCode::RequestTimeout,
            ApiError::UnknownHost => ErrorCode::UnknownHost,
            ApiError::Internal(_) => ErrorCode::InternalError,
            ApiError::GameNotFinished => ErrorCode::GameNotFinished,
            ApiError::AnalysisNotFound => ErrorCode::AnalysisNotFound,
            ApiError::StorageBusy => ErrorCode::StorageBusy,
            ApiError::SearchInProgress => ErrorCode::SearchInProgress,
            ApiError::GameQuarantined => ErrorCode::GameQuarantined,
            ApiError::DrawDeclined(_) => ErrorCode::DrawDeclined,
            ApiError::NoDrawToClaim => ErrorCode::NoDrawToClaim,
            ApiError::AbortTooLate => ErrorCode::AbortTooLate,
            ApiError::Loading { .. } => ErrorCode::Loading,
        }
    }

    /// What the client is told: an error response's body, an `engine_error` event's data, the
    /// API document's examples.
    pub fn body(&self) -> ErrorBody {
        let message = match self {
            // The cause is logged, not shown.
            ApiError::Internal(_) => "Something went wrong on the server.".to_owned(),
            // The engine's error names its path or tcp:// address: logged, not shown.
            ApiError::EngineFailed(_) => {
                "The engine failed; the game is unchanged, try again.".to_owned()
            }
            other => sentence(&other.to_string()),
        };
        ErrorBody {
            error: self.code(),
            message,
            legal_moves: match self {
                ApiError::IllegalMove { legal_moves, .. } => Some(*legal_moves),
                _ => None,
            },
        }
    }
}

impl From<EngineError> for ApiError {
    fn from(error: EngineError) -> ApiError {
        ApiError::from(&error)
    }
}

/// By reference too: a reply nobody waited for shares its failure with every watcher.
impl From<&EngineError> for ApiError {
    fn from(error: &EngineError) -> ApiError {
        match error {
            EngineError::Busy => ApiError::EngineBusy,
            EngineError::Timeout => ApiError::EngineTimeout,
            EngineError::Stopped => ApiError::EngineUnavailable,
            other => ApiError::EngineFailed(other.to_string()),
        }
    }
}

/// The one place a game's failures become HTTP: a store or randomness failure is a 500 whose
/// cause chain is logged, never shown; a full store queue is a 503 to retry.
impl From<GameError> for ApiError {
    fn from(error: GameError) -> ApiError {
        match error {
            GameError::NotFound => ApiError::GameNotFound,
            GameError::GameOver => ApiError::GameOver,
            GameError::NotYourTurn => ApiError::NotYourTurn,
            GameError::StalePly { expected, actual } => ApiError::StalePly { expected, actual },
            GameError::Superseded => ApiError::Superseded,
            GameError::NothingToTakeBack => ApiError::NothingToTakeBack,
            GameError::AbortTooLate => ApiError::AbortTooLate,
            GameError::NoDrawToClaim => ApiError::NoDrawToClaim,
            GameError::TooManyPlies(limit) => ApiError::TooManyPlies(limit),
            GameError::IllegalMove {
                message,
                legal_moves,
            } => ApiError::IllegalMove {
                message,
                legal_moves,
            },
            GameError::TooManyGames => ApiError::TooManyGames,
            GameError::SearchInProgress => ApiError::SearchInProgress,
            GameError::Quarantined => ApiError::GameQuarantined,
            GameError::Engine(error) => error.into(),
            GameError::Store(StoreError::Busy) => ApiError::StorageBusy,
            GameError::Store(error) => ApiError::Internal(with_causes(&error)),
            GameError::Random(error) => ApiError::Internal(with_causes(&error)),
        }
    }
}

/// An analysis of a game that is not over (409), or that nobody asked for (404).
impl From<AnalysisError> for ApiError {
    fn from(error: AnalysisError) -> ApiError {
        match error {
            AnalysisError::Game(error) => error.into(),
            AnalysisError::GameNotFinished => ApiError::GameNotFinished,
            AnalysisError::NotRequested => ApiError::AnalysisNotFound,
            AnalysisError::QueueFull { .. } => ApiError::EngineBusy,
            AnalysisError::OverShare { retry_after_secs } => ApiError::TooManyRequests {
                what: "analyses queued for this client",
                retry_after_secs,
            },
        }
    }
}

/// A draw offer Stockfish declines (409, the sentence says why), or a refusal of the game.
impl From<DrawError> for ApiError {
    fn from(error: DrawError) -> ApiError {
        match error {
            DrawError::Game(error) => error.into(),
            DrawError::Declined(decline) => ApiError::DrawDeclined(decline.to_string()),
        }
    }
}

/// A FEN or PGN to start from that does not describe a game: 400.
impl From<SetupError> for ApiError {
    fn from(error: SetupError) -> ApiError {
        match error {
            SetupError::Fen(reason) => ApiError::InvalidFen(reason),
            SetupError::Pgn(reason) => ApiError::InvalidPgn(reason),
            SetupError::Chess960(reason) => ApiError::InvalidRequest(reason),
        }
    }
}

/// Move text that is no notation at all: 400 (one that is but names no legal move is a 422).
impl From<ParsePlayerMoveError> for ApiError {
    fn from(error: ParsePlayerMoveError) -> ApiError {
        ApiError::InvalidMoveNotation(error.into_text())
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
        match self {
            ApiError::MalformedJson(_)
            | ApiError::InvalidRequest(_)
            | ApiError::InvalidFen(_)
            | ApiError::InvalidPgn(_)
            | ApiError::InvalidMoveNotation(_) => StatusCode::BAD_REQUEST,
            ApiError::MissingToken => StatusCode::UNAUTHORIZED,
            ApiError::GameNotFound | ApiError::NotFound | ApiError::AnalysisNotFound => {
                StatusCode::NOT_FOUND
            }
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::GameOver
            | ApiError::NotYourTurn
            | ApiError::StalePly { .. }
            | ApiError::Superseded
            | ApiError::NothingToTakeBack
            | ApiError::TooManyPlies(_)
            | ApiError::GameNotFinished
            | ApiError::SearchInProgress
            | ApiError::GameQuarantined
            | ApiError::DrawDeclined(_)
            | ApiError::NoDrawToClaim
            | ApiError::AbortTooLate => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::IllegalMove { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::EngineBusy
            | ApiError::TooManyGames
            | ApiError::EngineUnavailable
            | ApiError::StorageBusy
            | ApiError::Loading { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::UnknownHost => StatusCode::MISDIRECTED_REQUEST,
            ApiError::EngineFailed(_) => StatusCode::BAD_GATEWAY,
            ApiError::EngineTimeout => StatusCode::GATEWAY_TIMEOUT,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(code = self.code().as_str(), error = %self, "request failed");
        }
        let mut response = HttpResponse::build(status);
        match self {
            ApiError::EngineBusy | ApiError::StorageBusy | ApiError::Loading { .. } => {
                response.insert_header((header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS)));
            }
            ApiError::TooManyRequests {
                retry_after_secs, ..
            } => {
                response.insert_header((header::RETRY_AFTER, HeaderValue::from(*retry_after_secs)));
            }
            // The client is too slow to send its request: do not wait for the rest of it.
            ApiError::RequestTimeout => {
                response.insert_header((header::CONNECTION, "close"));
            }
            _ => {}
        }
        if status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.json(self.body())
    }
}

/// `Display` text is lowercase with no full stop (Rust style); people get a sentence.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with(['.', '?', '!']) {
        out.push('.');
    }
    out
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
        let body = body_of(ApiError::IllegalMove {
            message: "e2e5 is not a legal move here".into(),
            legal_moves: 20,
        })
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
        let response = ApiError::EngineBusy.error_response();
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
            error.to_string(),
            "internal error: the game store failed while committing a batch: disk full"
        );
    }
}
