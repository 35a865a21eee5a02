//! The Board API's writes: a move, a takeback, a draw offer, resigning, aborting. Each answers
//! `{"ok": true}` at once; what changed reaches the client on the game's stream (the engine's
//! reply included, searched after the answer, as lichess's AI answers).

use actix_web::{web, HttpResponse};
use serde::Serialize;

use super::error::LichessError;
use super::key::PlayerKey;
use crate::games::{DrawError, GameError, GameId, GameService, PlayerMove};
use crate::http::limits::{ClientIp, Limits};

/// `Ok.yaml`.
#[derive(Debug, Serialize)]
struct Ok {
    ok: bool,
}

fn ok() -> HttpResponse {
    HttpResponse::Ok().json(Ok { ok: true })
}

/// A game id from the path; an id that cannot be ours is an unknown game.
pub fn game_id(text: &str) -> Result<GameId, LichessError> {
    GameId::parse(text).ok_or_else(LichessError::not_found)
}

/// `yes` or `no` in `/takeback/{answer}` and `/draw/{answer}` (lichess also takes `true`/`false`
/// and `accept`/`decline` there).
fn answer(text: &str) -> Result<bool, LichessError> {
    match text {
        "yes" | "true" | "accept" => Ok(true),
        "no" | "false" | "decline" => Ok(false),
        _ => Err(LichessError::bad_request("answer yes or no")),
    }
}

/// `POST /api/board/game/{id}/move/{uci}`: the player's move; the engine replies on the stream.
pub async fn play(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, LichessError> {
    let (id, uci) = path.into_inner();
    let id = game_id(&id)?;
    let m: PlayerMove = uci
        .parse()
        .map_err(|_| LichessError::bad_request(format!("Not a UCI move: {uci}")))?;
    // The client's place for an engine request lives as long as the reply's search.
    let search = limits.search(client)?;
    service
        .play_without_waiting(&id, key.as_str(), &m, None, Some(client.key()), search)
        .await?;
    Ok(ok())
}

/// `POST /api/board/game/{id}/takeback/{yes|no}`: `yes` takes back the player's last move and
/// the engine's reply (the engine always agrees); `no` declines an offer, and the engine never
/// makes one, so there is nothing to decline.
pub async fn take_back(
    service: web::Data<GameService>,
    key: PlayerKey,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, LichessError> {
    let (id, reply) = path.into_inner();
    let id = game_id(&id)?;
    if answer(&reply)? {
        service.take_back(&id, key.as_str()).await?;
    } else {
        service.watch_own(&id, key.as_str()).await?;
    }
    Ok(ok())
}

/// `POST /api/board/game/{id}/draw/{yes|no}`: `yes` offers Stockfish a draw, which it accepts
/// (the game ends, on the stream) or declines (the game goes on; the answer is still ok, as an
/// offer lichess forwards is); `no` declines an offer, and the engine never makes one. Like our
/// own `/draw`, an offer takes one of the client's places for engine requests while Stockfish
/// thinks it over, and searches in the client's share (issue #42, M2: it took neither).
pub async fn draw(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, LichessError> {
    let (id, reply) = path.into_inner();
    let id = game_id(&id)?;
    if !answer(&reply)? {
        service.watch_own(&id, key.as_str()).await?;
        return Ok(ok());
    }
    let _search = limits.search(client)?;
    match service
        .offer_draw(&id, key.as_str(), Some(client.key()))
        .await
    {
        // lila's `BotPlayer.offerDraw` makes no offer while the game is abortable (not
        // `game.drawable`) or while the player's last offer still stands, and answers ok: the
        // same here, for an offer made while another is thought over (`search_in_progress`).
        Ok(_)
        | Err(
            DrawError::Declined(_)
            | DrawError::Game(GameError::DrawTooEarly | GameError::SearchInProgress),
        ) => Ok(ok()),
        Err(error) => Err(error.into()),
    }
}

/// `POST /api/board/game/{id}/resign`.
pub async fn resign(
    service: web::Data<GameService>,
    key: PlayerKey,
    path: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let id = game_id(&path.into_inner())?;
    service.resign(&id, key.as_str()).await?;
    Ok(ok())
}

/// `POST /api/board/game/{id}/abort`: until each side made two moves (`abortable.rs`).
pub async fn abort(
    service: web::Data<GameService>,
    key: PlayerKey,
    path: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let id = game_id(&path.into_inner())?;
    service.abort(&id, key.as_str()).await?;
    Ok(ok())
}
