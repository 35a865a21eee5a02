//! `POST /api/games/{id}/takeback` and `POST /api/games/{id}/resign`.

use std::sync::Arc;

use actix_web::{post, web};

use super::game_id::GamePath;
use crate::games::views::GameView;
use crate::games::GameService;
use crate::http::auth::BearerToken;
use crate::http::error::{api_errors, ApiError};

api_errors!(
    TakeBackErrors:
    MissingToken, WrongToken, GameNotFound, GameOver, NothingToTakeBack, StorageBusy,
);

/// Undoes the player's last move and the engine's reply (cancelling a search in progress).
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameView, description = "the player's turn again"),
        TakeBackErrors,
    ))]
#[post("/games/{id}/takeback")]
pub async fn take_back(
    service: web::Data<GameService>,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<web::Json<Arc<GameView>>, ApiError> {
    Ok(web::Json(service.take_back(&id, token.as_str()).await?))
}

api_errors!(
    ResignErrors:
    MissingToken, WrongToken, GameNotFound, GameOver, StorageBusy,
);

/// The player resigns. While the game is abortable (until each side has made two moves in this game (counted in its move list, a PGN's moves included; a FEN's move number counts nothing)) resigning aborts it, as lichess's
/// Board API does: the answer is then `status: aborted`, result `*`, not rated, no review.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameView, description = "finished, reason resignation; or status aborted while the game is abortable"),
        ResignErrors,
    ))]
#[post("/games/{id}/resign")]
pub async fn resign(
    service: web::Data<GameService>,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<web::Json<Arc<GameView>>, ApiError> {
    Ok(web::Json(service.resign(&id, token.as_str()).await?))
}
