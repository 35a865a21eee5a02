//! `POST /api/games` and `GET /api/games/{id}`.

use std::sync::Arc;

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::games::{GameService, GameView, NewGame};

/// Body of `POST /api/games`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateGameRequest {
    /// The player's colour: `white`, `black` or `random`.
    #[schema(example = "white")]
    pub color: String,
    /// 1 (weakest) to 8 (full strength, the default).
    #[schema(example = 8, minimum = 1, maximum = 8)]
    pub level: Option<i64>,
    /// Start from this position instead of the initial one.
    pub fen: Option<String>,
    /// Continue this game (its first game, main line) instead.
    pub pgn: Option<String>,
}

/// Answer of `POST /api/games`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedGame {
    pub id: String,
    /// The game's secret: send it as `Authorization: Bearer <token>` on every write.
    pub token: String,
    #[schema(value_type = GameView)]
    pub game: Arc<GameView>,
}

/// Starts a game against the engine (which moves first if it has white).
#[utoipa::path(post, path = "/api/games", tag = "games",
    request_body = CreateGameRequest,
    responses(
        (status = 201, body = CreatedGame, description = "the game, with the engine's first move if it has it"),
        (status = 400, body = ErrorBody, description = "malformed_json, invalid_request, invalid_fen or invalid_pgn"),
        (status = 413, body = ErrorBody, description = "payload_too_large"),
        (status = 502, body = ErrorBody, description = "engine_failed"),
        (status = 503, body = ErrorBody, description = "too_many_games or engine_busy"),
        (status = 504, body = ErrorBody, description = "engine_timeout"),
    ))]
pub async fn create(
    service: web::Data<GameService>,
    body: web::Json<CreateGameRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let new = NewGame::parse(
        &body.color,
        body.level,
        body.fen.as_deref(),
        body.pgn.as_deref(),
    )?;
    let created = service.create(new).await?;
    Ok(HttpResponse::Created().json(CreatedGame {
        id: created.game.id.clone(),
        token: created.token.expose().to_owned(),
        game: created.game,
    }))
}

/// A game as it stands (no token needed).
#[utoipa::path(get, path = "/api/games/{id}", tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = GameView),
        (status = 404, body = ErrorBody, description = "game_not_found"),
    ))]
pub async fn show(
    service: web::Data<GameService>,
    id: web::Path<String>,
) -> Result<web::Json<Arc<GameView>>, ApiError> {
    Ok(web::Json(service.view(&id)?))
}
