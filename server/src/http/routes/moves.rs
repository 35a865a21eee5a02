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
use crate::http::error::{api_errors, ApiError};
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

api_errors!(
    PlayErrors:
    MalformedJson, InvalidMoveNotation, MissingToken, WrongToken, GameNotFound, RequestTimeout,
    GameOver, NotYourTurn, StalePly, TooManyPlies, PayloadTooLarge,
    IllegalMove = "the move is not legal here; `legal_moves` counts the legal ones",
    TooManyRequests, EngineFailed, EngineBusy, StorageBusy, EngineTimeout,
);

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
        PlayErrors,
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
