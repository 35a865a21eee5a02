//! `GET /api/explore/human`: "what would a 1500 play here?" — the moves Maia's network of a
//! rating band finds most likely in a position, beside the engine's lines of `GET /api/explore`
//! (see `crate::explore::HumanMoves` for how the CPU it takes is bounded).

use actix_web::{get, web, HttpRequest};
use alphachess_maia::Band;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::IntoParams;

use super::explore::position_of;
use crate::explore::{Explorer, HumanMovesView, MAX_HUMAN_MOVES};
use crate::http::error::{api_errors, ApiError};
use crate::http::limits::{ClientIp, Limits};

/// The moves an answer lists when the request does not say.
const DEFAULT_COUNT: usize = 5;

/// The query of `GET /api/explore/human`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HumanMovesQuery {
    /// The rating band: 1100, 1200, … 1900 (Maia's network trained on lichess players rated
    /// `band` to `band + 99`).
    #[param(value_type = u16, example = 1500, minimum = 1100, maximum = 1900, multiple_of = 100)]
    pub band: String,
    /// The position, or the start of `moves` (validated by the rules crate).
    #[param(example = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
    pub fen: String,
    /// Moves played from `fen`, in UCI, separated by spaces or commas. The network reads the
    /// last eight positions of the game, so give the game's moves from its start rather than
    /// the FEN of its last position: players answer a position differently depending on how
    /// it came about.
    #[param(example = "e2e4")]
    pub moves: Option<String>,
    /// Moves to list, 1 to 5 (default 5; fewer when the position has fewer legal moves).
    #[param(minimum = 1, maximum = 5)]
    pub count: Option<u8>,
}

api_errors!(
    HumanMovesErrors:
    InvalidRequest = "a missing fen or band, a band that is not 1100, 1200, … 1900, count out of range or a move that is not UCI",
    InvalidFen, TooManyPlies = "`moves` is longer than a game may be",
    IllegalMove = "a move of `moves` is not legal where it comes (the message names it)",
    TooManyRequests, EngineBusy = "too many evaluations wait for a core",
);

/// The moves players of a rating band would choose in a position, most likely first.
///
/// Maia's network of the band (trained on lichess games of players of that rating) gives every
/// legal move a probability; the answer lists the most likely with their probabilities, in UCI
/// and SAN. It is the network's policy alone, with no search (the authors' `go nodes 1`), a few
/// milliseconds per request. A finished game lists no moves.
///
/// Bounded like the engine's work: each client may have `--searches-per-client` such requests
/// (and engine requests) in progress at once (429 past it), evaluations run one per core, and
/// when too many wait for a core the answer is 503 `engine_busy` with `Retry-After`.
#[utoipa::path(tag = "analysis board",
    params(HumanMovesQuery),
    responses(
        (status = 200, body = HumanMovesView),
        HumanMovesErrors,
    ))]
#[get("/explore/human")]
pub async fn human_moves(
    explorer: web::Data<Explorer>,
    limits: web::Data<Limits>,
    client: ClientIp,
    request: HttpRequest,
) -> Result<web::Json<HumanMovesView>, ApiError> {
    let query = web::Query::<HumanMovesQuery>::from_query(request.query_string())
        .map_err(|error| ApiError::InvalidRequest(format!("the query is not valid: {error}")))?
        .into_inner();
    let band = query
        .band
        .parse()
        .ok()
        .and_then(Band::from_rating)
        .ok_or_else(|| {
            ApiError::InvalidRequest(format!(
                "band must be one of 1100, 1200, … 1900, not {:?}",
                query.band
            ))
        })?;
    let count = query.count.map_or(DEFAULT_COUNT, usize::from);
    if !(1..=MAX_HUMAN_MOVES).contains(&count) {
        return Err(ApiError::InvalidRequest(format!(
            "count must be 1 to {MAX_HUMAN_MOVES}"
        )));
    }
    let game = position_of(&query.fen, query.moves.as_deref())?;
    let _permit = limits.search(client)?;
    Ok(web::Json(explorer.human().top(band, &game, count).await?))
}

/// The API document's example: the 1500 band's three likeliest replies to 1.e4, as the shipped
/// network gives them (a test compares it with the server's answer).
pub fn example() -> Value {
    json!({
        "band": 1500,
        "moves": [
            { "uci": "e7e5", "san": "e5", "probability": 0.4988 },
            { "uci": "c7c5", "san": "c5", "probability": 0.1721 },
            { "uci": "e7e6", "san": "e6", "probability": 0.1064 },
        ]
    })
}
