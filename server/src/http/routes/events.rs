//! `GET /api/games/{id}/events`: the live stream of a game (Server-Sent Events, or NDJSON when
//! `Accept` asks for `application/x-ndjson`).

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};

use super::game_id::GamePath;
use crate::games::{GameService, Lifecycle};
use crate::http::error::{api_errors, ApiError};
use crate::http::events::{event_stream, Encoding};
use crate::http::limits::{ClientIp, Limits};

api_errors!(
    StreamErrors:
    GameNotFound,
    TooManyRequests = "too many live streams of this game, from this client or in all",
);

/// The game's live stream (no token needed, like reading the game).
///
/// `text/event-stream`: `event: game` with the GameView on connect and after every change;
/// `event: thinking` with the engine's search progress (score from white's point of view, PV in
/// SAN, at most ~10 per second) while it searches a reply; `event: analysis` with each newly
/// analysed ply and each status change of the game's analysis; a `: ping` comment every 15 s.
/// Streams are bounded per game, per client and in all (429 past them); a client that stops
/// reading is dropped after `--write-timeout-secs`.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, description = "`game` (GameView) on connect and after every change; `thinking` (Thinking) while the engine searches; `analysis` (AnalysisEvent) per analysed ply and status change; `engine_error` (ErrorBody) when an asynchronous move's search failed; a keep-alive every 15 s. As Server-Sent Events, or as NDJSON with `Accept: application/x-ndjson`",
         content((String = "text/event-stream"), (String = "application/x-ndjson"))),
        StreamErrors,
    ))]
#[get("/games/{id}/events")]
pub async fn stream(
    service: web::Data<GameService>,
    lifecycle: web::Data<Lifecycle>,
    limits: web::Data<Limits>,
    client: ClientIp,
    request: HttpRequest,
    GamePath(id): GamePath,
) -> Result<HttpResponse, ApiError> {
    let encoding = Encoding::from_accept(
        request
            .headers()
            .get(header::ACCEPT)
            .and_then(|accept| accept.to_str().ok()),
    );
    let slot = service.watch(&id).await?;
    let permit = limits.watch(client, &id)?;
    Ok(HttpResponse::Ok()
        .content_type(encoding.content_type())
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // nginx and friends: do not buffer the stream.
        .insert_header(("X-Accel-Buffering", "no"))
        .body(event_stream(
            &slot,
            encoding,
            lifecycle.stopping().clone(),
            permit,
            limits.stall(),
        )))
}
