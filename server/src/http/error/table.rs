//! [`CODES`], the one error table: each code's string, status, retry policy, public message,
//! meaning (the API document's words) and example, and the lookups that read it.

use actix_web::http::StatusCode;

use super::codes::{CodeInfo, ErrorCode, Retry};
use super::ApiError;
use crate::games::{
    parse_fen, parse_pgn, tree_of_entries, AnalysisError, Decline, DrawError, GameError,
    PlayerMove, RetryError, StoreError, TreeEntry, MAX_PLIES,
};
use crate::http::body_limit::MAX_BODY_BYTES;
use crate::key_strength;
use crate::uci::EngineError;

/// Each code's string, status, retry policy, public message, meaning and example, in declaration
/// order.
pub const CODES: &[CodeInfo] = &[
    row(
        ErrorCode::MalformedJson,
        "malformed_json",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        "the body is not JSON of this endpoint's shape",
        || ApiError::MalformedJson("missing field `move` at line 1 column 2".into()),
    ),
    row(
        ErrorCode::InvalidRequest,
        "invalid_request",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        "a parameter or field is missing, unknown or out of range",
        || ApiError::InvalidRequest("level must be between 1 and 21".into()),
    ),
    row(
        ErrorCode::InvalidFen,
        "invalid_fen",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        "the FEN is not a legal position",
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
        "the PGN does not read as a game (an illegal move, in a variation too, or nesting or size past the tree's bounds)",
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
        "a move is neither UCI nor SAN",
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
        "no `Authorization: Bearer <token>`",
        || ApiError::MissingToken,
    ),
    row(
        ErrorCode::WrongToken,
        "wrong_token",
        StatusCode::UNAUTHORIZED,
        Retry::No,
        None,
        "the token is not this game's",
        || GameError::WrongToken.into(),
    ),
    row(
        ErrorCode::GameNotFound,
        "game_not_found",
        StatusCode::NOT_FOUND,
        Retry::No,
        None,
        "no game has this id",
        || GameError::NotFound.into(),
    ),
    row(
        ErrorCode::NotFound,
        "not_found",
        StatusCode::NOT_FOUND,
        Retry::No,
        None,
        "nothing is at this address",
        || ApiError::NotFound,
    ),
    row(
        ErrorCode::MethodNotAllowed,
        "method_not_allowed",
        StatusCode::METHOD_NOT_ALLOWED,
        Retry::No,
        None,
        "the address does not take this method",
        || ApiError::MethodNotAllowed,
    ),
    row(
        ErrorCode::GameOver,
        "game_over",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the game has ended",
        || GameError::GameOver.into(),
    ),
    row(
        ErrorCode::NotYourTurn,
        "not_your_turn",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the engine is to move",
        || GameError::NotYourTurn.into(),
    ),
    row(
        ErrorCode::StalePly,
        "stale_ply",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the game changed meanwhile",
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
        "the player has no move to take back",
        || GameError::NothingToTakeBack.into(),
    ),
    row(
        ErrorCode::TooManyPlies,
        "too_many_plies",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the game is as long as a game may be",
        || GameError::TooManyPlies(MAX_PLIES).into(),
    ),
    row(
        ErrorCode::PayloadTooLarge,
        "payload_too_large",
        StatusCode::PAYLOAD_TOO_LARGE,
        Retry::No,
        None,
        "the body is larger than the server reads",
        || ApiError::PayloadTooLarge(MAX_BODY_BYTES),
    ),
    row(
        ErrorCode::IllegalMove,
        "illegal_move",
        StatusCode::UNPROCESSABLE_ENTITY,
        Retry::No,
        None,
        "a move is not legal where it is played (the message names it)",
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
        "every engine is busy",
        || EngineError::Busy.into(),
    ),
    row(
        ErrorCode::EngineFailed,
        "engine_failed",
        StatusCode::BAD_GATEWAY,
        Retry::No,
        Some("The engine failed; the game is unchanged, try again."),
        "the engine failed (the game unchanged)",
        || EngineError::Eof.into(),
    ),
    row(
        ErrorCode::EngineTimeout,
        "engine_timeout",
        StatusCode::GATEWAY_TIMEOUT,
        Retry::No,
        Some("The engine took too long; the game is unchanged, try again."),
        "the engine took too long (the game unchanged)",
        || EngineError::Timeout.into(),
    ),
    row(
        ErrorCode::TooManyGames,
        "too_many_games",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::No,
        None,
        "the server holds as many games as it may",
        || GameError::TooManyGames.into(),
    ),
    row(
        ErrorCode::EngineUnavailable,
        "engine_unavailable",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::No,
        Some("The engine is not available."),
        "the engine is not available",
        || EngineError::Stopped.into(),
    ),
    row(
        ErrorCode::TooManyRequests,
        "too_many_requests",
        StatusCode::TOO_MANY_REQUESTS,
        Retry::Named,
        None,
        "this client has as many engine requests in progress as it may",
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
        "the body took too long to arrive",
        || ApiError::RequestTimeout,
    ),
    row(
        ErrorCode::UnknownHost,
        "unknown_host",
        StatusCode::MISDIRECTED_REQUEST,
        Retry::No,
        None,
        "the server does not answer to this host name",
        || ApiError::UnknownHost,
    ),
    row(
        ErrorCode::InternalError,
        "internal_error",
        StatusCode::INTERNAL_SERVER_ERROR,
        Retry::No,
        Some("Something went wrong on the server."),
        "an unexpected failure (logged with its cause, never shown)",
        || ApiError::Internal("the game store failed".into()),
    ),
    row(
        ErrorCode::GameNotFinished,
        "game_not_finished",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the game is still being played",
        || AnalysisError::GameNotFinished.into(),
    ),
    row(
        ErrorCode::AnalysisNotFound,
        "analysis_not_found",
        StatusCode::NOT_FOUND,
        Retry::No,
        None,
        "nobody asked for this game's analysis",
        || AnalysisError::NotRequested.into(),
    ),
    row(
        ErrorCode::StorageBusy,
        "storage_busy",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::Shortly,
        Some("The server is saving games more slowly than they change; try again shortly."),
        "the game store does not keep up",
        || GameError::Store(StoreError::Busy).into(),
    ),
    row(
        ErrorCode::SearchInProgress,
        "search_in_progress",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the engine already searches for this game (its reply, a hint or a draw offer)",
        || GameError::SearchInProgress.into(),
    ),
    row(
        ErrorCode::GameQuarantined,
        "game_quarantined",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the game is stored but could not be loaded at start-up; its PGN is still exported",
        || GameError::Quarantined.into(),
    ),
    row(
        ErrorCode::DrawDeclined,
        "draw_declined",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the engine declines the draw (the message says why; an offer repeated in the same position gets the same answer at once)",
        || DrawError::Declined(Decline::Evaluation(85)).into(),
    ),
    row(
        ErrorCode::NoDrawToClaim,
        "no_draw_to_claim",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the position gives no draw to claim",
        || GameError::NoDrawToClaim.into(),
    ),
    row(
        ErrorCode::AbortTooLate,
        "abort_too_late",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "the game is past its first moves and can no longer be aborted",
        || GameError::AbortTooLate.into(),
    ),
    row(
        ErrorCode::DrawTooEarly,
        "draw_too_early",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "until each side made two moves the game can only be aborted",
        || GameError::DrawTooEarly.into(),
    ),
    row(
        ErrorCode::GameAborted,
        "game_aborted",
        StatusCode::CONFLICT,
        Retry::No,
        None,
        "an aborted game has no review",
        || AnalysisError::GameAborted.into(),
    ),
    row(
        ErrorCode::Loading,
        "loading",
        StatusCode::SERVICE_UNAVAILABLE,
        Retry::Shortly,
        None,
        "the stored games are still being read back at start-up",
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
        "an entry breaks the tree's rules (the message names it)",
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
        "the analysis is still running",
        || RetryError::NotDone.into(),
    ),
    row(
        ErrorCode::WeakKey,
        "weak_key",
        StatusCode::BAD_REQUEST,
        Retry::No,
        None,
        "the player's key is too weak to start a game or a rating under: under 128 bits by the server's estimate, or a pattern (a repetition, a run); a key already in use keeps playing its games",
        || {
            key_strength::check(&"0123456789abcdef".repeat(2))
                .expect_err("a repetition")
                .into()
        },
    ),
];

/// One row of [`CODES`] (a `const fn`, so the table stays a constant).
const fn row(
    code: ErrorCode,
    name: &'static str,
    status: StatusCode,
    retry: Retry,
    public: Option<&'static str>,
    meaning: &'static str,
    example: fn() -> ApiError,
) -> CodeInfo {
    CodeInfo {
        code,
        name,
        status,
        retry,
        public,
        meaning,
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
