//! `POST /api/games/{id}/analysis` and `GET /api/games/{id}/analysis`: post-game analysis.

use actix_web::{get, post, web, HttpResponse};

use super::game_id::GamePath;
use crate::analysis::Analysis;
use crate::games::ReviewService;
use crate::http::auth::BearerToken;
use crate::http::error::{api_errors, ApiError};

api_errors!(
    RequestAnalysisErrors:
    MissingToken, WrongToken, GameNotFound, GameNotFinished, GameAborted,
    TooManyRequests = "the game's client already has `--analyses-per-client` analyses queued or running",
    EngineBusy = "`--analysis-queue` analyses are queued or running",
);

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
        RequestAnalysisErrors,
    ))]
#[post("/games/{id}/analysis")]
pub async fn request_analysis(
    service: web::Data<ReviewService>,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<HttpResponse, ApiError> {
    let analysis = service.request_analysis(&id, token.as_str()).await?;
    Ok(HttpResponse::Accepted().json(analysis))
}

api_errors!(
    ShowAnalysisErrors:
    GameNotFound, AnalysisNotFound,
);

/// A game's analysis as it stands (no token needed, like the game): the plies analysed so far,
/// and accuracy and summary once it is done.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = Analysis),
        ShowAnalysisErrors,
    ))]
#[get("/games/{id}/analysis")]
pub async fn show_analysis(
    service: web::Data<ReviewService>,
    GamePath(id): GamePath,
) -> Result<web::Json<Analysis>, ApiError> {
    Ok(web::Json(service.analysis(&id).await?))
}
