//! `POST /api/games/{id}/analysis` and `GET /api/games/{id}/analysis`: post-game analysis.

use actix_web::{get, post, web, HttpResponse};

use super::game_id::GamePath;
use crate::analysis::Analysis;
use crate::games::GameService;
use crate::http::auth::BearerToken;
use crate::http::error::{ApiError, ErrorBody};

/// Starts the analysis of a finished game (also one imported finished from a PGN): every
/// position searched by Stockfish behind live play, each move judged as lichess judges it.
///
/// Idempotent: asking again answers the same analysis as it stands, except that a `failed` one
/// starts again where it stopped. A live game's analysis starts by itself when the game ends
/// (unless the queue or the client's share is full: then it is asked for here later).
/// Progress is also published on the game's live stream as `event: analysis` (data:
/// AnalysisEvent).
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 202, body = Analysis, description = "the analysis, queued, running or done"),
        (status = 401, body = ErrorBody, description = "missing_token, or wrong_token when the token is not this game's"),
        (status = 404, body = ErrorBody, description = "game_not_found"),
        (status = 409, body = ErrorBody, description = "game_not_finished, or game_aborted (an aborted game has no review)"),
        (status = 429, body = ErrorBody, description = "too_many_requests: the game's client already has `--analyses-per-client` analyses queued or running, with Retry-After"),
        (status = 503, body = ErrorBody, description = "engine_busy: `--analysis-queue` analyses are queued or running, with Retry-After"),
    ))]
#[post("/games/{id}/analysis")]
pub async fn request_analysis(
    service: web::Data<GameService>,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<HttpResponse, ApiError> {
    let analysis = service.request_analysis(&id, token.as_str()).await?;
    Ok(HttpResponse::Accepted().json(analysis))
}

/// A game's analysis as it stands (no token needed, like the game): the plies analysed so far,
/// and accuracy and summary once it is done.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = Analysis),
        (status = 404, body = ErrorBody, description = "game_not_found, or analysis_not_found when nobody asked for one"),
    ))]
#[get("/games/{id}/analysis")]
pub async fn show_analysis(
    service: web::Data<GameService>,
    GamePath(id): GamePath,
) -> Result<web::Json<Analysis>, ApiError> {
    Ok(web::Json(service.analysis(&id).await?))
}
