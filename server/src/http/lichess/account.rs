//! `GET /api/account`: who the key is, enough for clients that ask before they play; and
//! `GET /api/v1/account/games`: the key's games, for our own client on any device.

use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Serialize;

use super::error::{LichessError, LichessErrorBody};
use super::key::PlayerKey;
use crate::games::views::GameSummaries;
use crate::games::{GameId, GameService};

/// The part of lichess's `UserExtended.yaml` a key can answer: its required fields (`id`,
/// `username`, `url`) and `title`.
#[derive(Debug, Serialize)]
pub struct Account {
    pub id: String,
    pub username: String,
    pub title: Option<String>,
    /// Where the key's games are listed.
    pub url: String,
}

/// `GET /api/account`.
pub async fn show(request: HttpRequest, key: PlayerKey) -> HttpResponse {
    let info = request.connection_info();
    let id = key.player_id();
    HttpResponse::Ok().json(Account {
        username: id.clone(),
        id,
        title: None,
        url: format!("{}://{}/api/v1/account/games", info.scheme(), info.host()),
    })
}

/// The summaries of the games of the key given as the bearer token (a player's key, as the
/// lichess Board API takes it: the token of every game created with it), as `GET /api/games?ids=`
/// answers them: how our client finds a key's games on any device.
#[utoipa::path(tag = "lichess", operation_id = "account_games",
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameSummaries, description = "the key's games this server holds (at most 1000)"),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key (lichess's error form: one sentence, no code)"),
        (status = 500, body = LichessErrorBody, description = "the game store failed (logged with its cause, never shown)"),
    ))]
#[get("/account/games")]
pub async fn games(
    service: web::Data<GameService>,
    key: PlayerKey,
) -> Result<web::Json<GameSummaries>, LichessError> {
    let ids: Vec<GameId> = service
        .owned(key.as_str())
        .await?
        .iter()
        .map(|slot| slot.id().clone())
        .collect();
    Ok(web::Json(service.summaries(&ids).await))
}
