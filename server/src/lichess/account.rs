//! `GET /api/account`: who the key is, enough for clients that ask before they play; and
//! `GET /api/v1/account/games`: the key's games, for our own client on any device.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use super::error::LichessError;
use super::key::PlayerKey;
use crate::games::{GameId, GameService, GameSummaries};

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

/// `GET /api/v1/account/games` (also `/api/account/games`): the summaries of the key's games this
/// server holds, as `GET /api/v1/games?ids=` answers them.
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
