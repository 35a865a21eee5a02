//! `GET /api/games/{id}/pgn` and `GET /api/games/{id}/hint`.

use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{get, web, HttpResponse};

use super::game_id::GamePath;
use crate::games::views::Hint;
use crate::games::GameService;
use crate::http::auth::BearerToken;
use crate::http::error::{api_errors, ApiError};
use crate::http::limits::{ClientIp, Limits};

api_errors!(
    PgnExportErrors:
    GameNotFound,
);

/// The game as a PGN file. A quarantined game (stored, but it could not be loaded at startup) is
/// exported too: the moves that replay in SAN, the rest of its stored moves verbatim in a comment.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, content_type = "application/x-chess-pgn", body = String,
            description = "the game; for a quarantined game, its stored moves as far as they replay and the rest in a comment"),
        PgnExportErrors,
    ))]
#[get("/games/{id}/pgn")]
pub async fn pgn(
    service: web::Data<GameService>,
    GamePath(id): GamePath,
) -> Result<HttpResponse, ApiError> {
    let text = service.pgn(&id).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-chess-pgn")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(format!("alphachess-{id}.pgn"))],
        })
        .body(text))
}

api_errors!(
    HintErrors:
    MissingToken, WrongToken, GameNotFound, GameOver, NotYourTurn,
    StalePly = "the player moved meanwhile, which stops the hint", SearchInProgress,
    GameQuarantined, TooManyRequests, EngineFailed, EngineBusy, EngineTimeout,
);

/// Stockfish's suggested move for the player, at full strength. One search per game at a time.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Hint),
        HintErrors,
    ))]
#[get("/games/{id}/hint")]
pub async fn hint(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<web::Json<Hint>, ApiError> {
    let _search = limits.search(client)?;
    Ok(web::Json(
        service
            .hint(&id, token.as_str(), Some(client.key()))
            .await?,
    ))
}
