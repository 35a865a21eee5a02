//! `POST /api/games/{id}/moves`: waits for the engine's reply, or answers 202 at once when the
//! client prefers (see `reply_mode`).

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::game_id::GamePath;
use super::reply_mode::{ReplyMode, PREFERENCE_APPLIED, RESPOND_ASYNC};
use crate::games::views::GameView;
use crate::games::{GameService, Played, PlayerMove};
use crate::http::auth::BearerToken;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::limits::{ClientIp, Limits};

/// Body of `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MoveRequest {
    /// The move in UCI (`e2e4`, `e7e8q`) or SAN (`Nf3`, `O-O`, `e8=Q`).
    #[serde(rename = "move")]
    #[schema(example = "e2e4")]
    pub text: String,
    /// The ply the client believes the game is at; refused with 409 stale_ply otherwise.
    pub expected_ply: Option<usize>,
}

/// Plays the player's move, then the engine's reply.
#[utoipa::path(tag = "games",
    params(
        ("id" = String, Path, description = "game id"),
        ("Prefer" = Option<String>, Header, description = "`respond-async`: answer 202 once the player's move is stored, without waiting for the engine's reply (RFC 7240; among other comma-separated preferences, any case)", example = "respond-async"),
        ("wait" = Option<bool>, Query, description = "`false`: the same as `Prefer: respond-async`; default `true` (wait for the engine's reply)", example = false),
    ),
    request_body = MoveRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameView, description = "after the player's move and the engine's reply (or after the player's move alone when it ended the game)"),
        (status = 202, body = GameView, description = "with `Prefer: respond-async` or `?wait=false`: after the player's move, the engine to move (`engine_thinking`); its reply follows on the stream",
            headers(("Preference-Applied" = String, description = "`respond-async`"))),
        (status = 400, body = ErrorBody, description = "malformed_json or invalid_move_notation"),
        (status = 401, body = ErrorBody, description = "missing_token, or wrong_token when the token is not this game's"),
        (status = 404, body = ErrorBody, description = "game_not_found"),
        (status = 408, body = ErrorBody, description = "request_timeout: the body took too long to arrive"),
        (status = 409, body = ErrorBody, description = "game_over, not_your_turn, stale_ply or too_many_plies"),
        (status = 413, body = ErrorBody, description = "payload_too_large"),
        (status = 422, body = ErrorBody, description = "illegal_move, with legal_moves"),
        (status = 429, body = ErrorBody, description = "too_many_requests: this client's engine requests in progress, with Retry-After"),
        (status = 502, body = ErrorBody, description = "engine_failed (game unchanged)"),
        (status = 503, body = ErrorBody, description = "engine_busy or storage_busy, with Retry-After"),
        (status = 504, body = ErrorBody, description = "engine_timeout (game unchanged)"),
    ))]
#[post("/games/{id}/moves")]
pub async fn play(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    token: BearerToken,
    body: web::Json<MoveRequest>,
    mode: ReplyMode,
    // Last, so a missing token (401) or a malformed body (400) is still reported first.
    GamePath(id): GamePath,
) -> Result<HttpResponse, ApiError> {
    let m: PlayerMove = body.text.parse()?;
    let search = limits.search(client)?;
    let (token, expected_ply) = (token.as_str(), body.expected_ply);
    if mode == ReplyMode::Wait {
        let view = service
            .play(&id, token, &m, expected_ply, Some(client.key()), search)
            .await?;
        return Ok(HttpResponse::Ok().json(view));
    }
    match service
        .play_without_waiting(&id, token, &m, expected_ply, Some(client.key()), search)
        .await?
    {
        Played::Done(view) => Ok(HttpResponse::Ok().json(view)),
        // The search counts against this client until the reply is in: the service holds its
        // place for as long as the search runs, whether the client waits or not.
        Played::Replying { view, .. } => Ok(HttpResponse::Accepted()
            .insert_header((PREFERENCE_APPLIED, RESPOND_ASYNC))
            .json(view)),
    }
}
