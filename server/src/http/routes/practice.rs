//! Practice (issue #41): `GET /api/practice` (the key's deck), and per card a try
//! (`POST /api/practice/{card}/try`) or the answer (`POST /api/practice/{card}/reveal`). The
//! key is the player's (`Authorization: Bearer <key>`, as the lichess Board API takes it): a
//! card is a mistake in one of the key's reviewed games, and another key's card is refused as a
//! wrong token is.

use actix_web::{get, post, web, HttpRequest};

use crate::games::GameService;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::lichess::{LichessErrorBody, PlayerKey};
use crate::http::limits::{ClientIp, Limits};
use crate::practice::card::CardId;
use crate::practice::service::{self, unix_now};
use crate::practice::view::{PracticeDeck, PracticeReveal, PracticeTry, PracticeTryRequest};

/// The `{card}` of a card's URL.
fn card_of(request: &HttpRequest) -> Result<CardId, ApiError> {
    let text = request.match_info().get("card").unwrap_or_default();
    text.parse().map_err(|_| ApiError::NotFound)
}

/// The key's practice deck: every inaccuracy, mistake, blunder and missed win of the player's own
/// side in the key's reviewed games (the review's classes), with the cards due now (nothing of
/// their answers: the review's sentence only by its kind), how many are due today, learning and
/// new, and the deck counted by what went wrong and by phase.
#[utoipa::path(tag = "practice",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PracticeDeck),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key"),
        (status = 500, body = ErrorBody, description = "internal_error: the store failed"),
    ))]
#[get("/practice")]
pub async fn deck(
    service: web::Data<GameService>,
    key: PlayerKey,
) -> Result<web::Json<PracticeDeck>, ApiError> {
    Ok(web::Json(
        service::deck(&service, key.as_str(), unix_now()).await?,
    ))
}

/// Judges a try at a card as retry judges one (the engine at the review's budget): `solved`,
/// `not_quite` or `wrong`. Solved, the card is graded (`good` at the first try, `hard` after a
/// wrong one) and FSRS sets its next due date; the solution and the review's sentence come only
/// then. A wrong try grades nothing: the card stays due.
#[utoipa::path(tag = "practice",
    params(("card" = String, Path, description = "the card's id, `<game id>-<ply>`")),
    request_body = PracticeTryRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = PracticeTry),
        (status = 400, body = ErrorBody, description = "malformed_json or invalid_move_notation"),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key"),
        (status = 404, body = ErrorBody, description = "game_not_found (also for another key's card), not_found: no such card"),
        (status = 409, body = ErrorBody, description = "analysis_not_done"),
        (status = 422, body = ErrorBody, description = "illegal_move"),
        (status = 429, body = ErrorBody, description = "too_many_requests: this client's engine requests in progress, with Retry-After"),
        (status = 502, body = ErrorBody, description = "engine_failed"),
        (status = 503, body = ErrorBody, description = "engine_busy"),
        (status = 504, body = ErrorBody, description = "engine_timeout"),
    ))]
#[post("/practice/{card}/try")]
pub async fn try_card(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
    request: HttpRequest,
    body: web::Json<PracticeTryRequest>,
) -> Result<web::Json<PracticeTry>, ApiError> {
    let card = card_of(&request)?;
    let _search = limits.search(client)?;
    Ok(web::Json(
        service::try_card(&service, key.as_str(), &card, &body.text, unix_now()).await?,
    ))
}

/// Gives a card's answer (the engine's best move, its line, and the review's sentence) and grades
/// the card `again`: it comes back within minutes.
#[utoipa::path(tag = "practice",
    params(("card" = String, Path, description = "the card's id, `<game id>-<ply>`")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = PracticeReveal),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key"),
        (status = 404, body = ErrorBody, description = "game_not_found (also for another key's card), not_found: no such card"),
        (status = 409, body = ErrorBody, description = "analysis_not_done"),
    ))]
#[post("/practice/{card}/reveal")]
pub async fn reveal(
    service: web::Data<GameService>,
    key: PlayerKey,
    request: HttpRequest,
) -> Result<web::Json<PracticeReveal>, ApiError> {
    let card = card_of(&request)?;
    Ok(web::Json(
        service::reveal(&service, key.as_str(), &card, unix_now()).await?,
    ))
}
