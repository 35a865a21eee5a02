//! `GET /api/explore`: the analysis board's live engine — a position's best lines, streamed as
//! the search deepens (see `crate::explore` for the rules it runs under).

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};
use alphachess_engine::{Game, ReplayErrorReason};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::explore::{valid_board_name, Explorer};
use crate::games::{parse_fen, GameError, Lifecycle, MAX_PLIES};
use crate::http::error::{api_errors, ApiError};
use crate::http::events::Encoding;
use crate::http::explore_events::explore_stream;
use crate::http::limits::{ClientIp, Limits};
use crate::uci::MAX_LINES;

/// The lines a board gets when it does not say: lichess's default is 1, its players' habit 3.
const DEFAULT_LINES: u8 = 3;

/// The query of `GET /api/explore`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExploreQuery {
    /// The position, or the start of `moves` (validated by the rules crate; only its own
    /// re-serialization reaches the engine).
    #[param(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: String,
    /// Moves played from `fen`, in UCI, separated by spaces or commas: the engine then knows the
    /// repetitions, and a position a review searched is answered from its cache at once.
    #[param(example = "e7e5,g1f3")]
    pub moves: Option<String>,
    /// Lines to search, 1 to 5 (default 3; fewer when the position has fewer legal moves).
    #[param(minimum = 1, maximum = 5)]
    pub lines: Option<u8>,
    /// The board's name, chosen by the client (1–64 of `A-Z a-z 0-9 _ -`): a new request for
    /// the same board from the same client ends the older one's search at once.
    #[param(example = "main")]
    pub board: Option<String>,
}

api_errors!(
    ExploreErrors:
    InvalidRequest = "a missing fen, lines out of range, a bad board name or a move that is not UCI",
    InvalidFen, TooManyPlies = "`moves` is longer than a game may be",
    IllegalMove = "a move of `moves` is not legal where it comes (the message names it)",
    TooManyRequests = "too many boards or live streams from this client, or in all",
    EngineBusy = "the engines' queue is full",
);

/// Searches a position with several lines and streams them as the search deepens.
///
/// Every frame is `event: explore` with an ExploreEvent: `waiting` (queued behind live play or
/// other searches), `lines` (after each finished iteration: depth, nodes, and each line's eval
/// from white's point of view with its moves in UCI and SAN, best first; `source: cache` for what
/// an earlier review found, shown at once), then `done` (the depth bound or the time cap was
/// reached; the `lines` before it has `final: true`), `stopped` (a newer request for the same
/// board) or `failed` (the engine failed). A position without a legal move answers `done` at
/// once. Open a new stream whenever the board's position changes, with the same `board`; close
/// it when the board closes: the search stops at once either way.
///
/// Live play comes first: a board's search runs behind every live search and yields its engine
/// to one, then starts again. Each client may keep `--explore-boards-per-client` boards
/// searching (429 past it), each search stops at `--explore-depth` or the time cap, and a full
/// engine queue answers 503 `engine_busy` with `Retry-After`.
#[utoipa::path(tag = "analysis board",
    params(ExploreQuery),
    responses(
        (status = 200, description = "`explore` events (ExploreEvent) as Server-Sent Events, or as NDJSON with `Accept: application/x-ndjson`; a keep-alive every 15 s",
         content((String = "text/event-stream"), (String = "application/x-ndjson"))),
        ExploreErrors,
    ))]
#[get("/explore")]
pub async fn explore(
    explorer: web::Data<Explorer>,
    lifecycle: web::Data<Lifecycle>,
    limits: web::Data<Limits>,
    client: ClientIp,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let query = web::Query::<ExploreQuery>::from_query(request.query_string())
        .map_err(|error| ApiError::InvalidRequest(format!("the query is not valid: {error}")))?
        .into_inner();
    let lines = query.lines.unwrap_or(DEFAULT_LINES);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::InvalidRequest(format!(
            "lines must be 1 to {MAX_LINES}"
        )));
    }
    if let Some(board) = query.board.as_deref().filter(|b| !valid_board_name(b)) {
        return Err(ApiError::InvalidRequest(format!(
            "the board name {board:?} is not 1 to 64 of A-Z a-z 0-9 _ -"
        )));
    }
    let game = position_of(&query.fen, query.moves.as_deref())?;
    let encoding = Encoding::from_accept(
        request
            .headers()
            .get(header::ACCEPT)
            .and_then(|accept| accept.to_str().ok()),
    );
    let permit = limits.watch_events(client)?;
    let exploration = explorer
        .start(client.key(), query.board.as_deref(), &game, lines)
        .await?;
    Ok(HttpResponse::Ok()
        .content_type(encoding.content_type())
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .body(explore_stream(
            exploration,
            encoding,
            lifecycle.stopping().clone(),
            permit,
            limits.stall(),
        )))
}

/// The game `fen` then `moves` make, every move played by the rules crate's own replay.
pub(super) fn position_of(fen: &str, moves: Option<&str>) -> Result<Game, ApiError> {
    let mut game = Game::new(parse_fen(fen)?);
    let words: Vec<&str> = moves
        .unwrap_or_default()
        .split([' ', ','])
        .filter(|word| !word.is_empty())
        .collect();
    // A refused move among the first `MAX_PLIES` is named before the list is refused as long.
    if let Err(error) = game.play_uci_moves(words.iter().take(MAX_PLIES)) {
        let (number, word) = (error.index + 1, &error.text);
        return Err(match error.reason {
            ReplayErrorReason::ParseUci(_) => {
                ApiError::InvalidRequest(format!("move {number} of moves, {word:?}, is not UCI"))
            }
            // The game stopped before the refused move: its legal moves are the ones to count.
            reason => GameError::IllegalMove {
                message: format!("move {number} of moves, {word}, is not legal there: {reason}"),
                legal_moves: game.position().count_legal_moves(),
            }
            .into(),
        });
    }
    if words.len() > MAX_PLIES {
        return Err(GameError::TooManyPlies(MAX_PLIES).into());
    }
    Ok(game)
}
