//! `POST /api/games/{id}/draw`, `/claim-draw` and `/abort`: the ways a game ends besides the board
//! and a resignation.

use std::sync::Arc;

use actix_web::{post, web};

use super::game_id::GamePath;
use crate::games::views::GameView;
use crate::games::GameService;
use crate::http::auth::BearerToken;
use crate::http::error::{api_errors, ApiError};
use crate::http::limits::{ClientIp, Limits};

api_errors!(
    OfferDrawErrors:
    MissingToken, WrongToken, GameNotFound, GameOver, NotYourTurn = "the engine is thinking",
    StalePly, SearchInProgress = "a hint or another draw offer of this game is being searched",
    DrawDeclined, DrawTooEarly, TooManyRequests, EngineFailed, EngineBusy, StorageBusy,
    EngineTimeout,
);

/// Offers Stockfish a draw. It accepts in a trivially drawn ending, or after move 30 when its
/// own short search finds the position level (within 0.3 pawns); otherwise it declines and the
/// message says why.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameView, description = "accepted: finished, result 1/2-1/2, reason agreement"),
        OfferDrawErrors,
    ))]
#[post("/games/{id}/draw")]
pub async fn offer_draw(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<web::Json<Arc<GameView>>, ApiError> {
    let _search = limits.search(client)?;
    Ok(web::Json(
        service
            .offer_draw(&id, token.as_str(), Some(client.key()))
            .await?,
    ))
}

api_errors!(
    ClaimDrawErrors:
    MissingToken, WrongToken, GameNotFound, GameOver, NotYourTurn, NoDrawToClaim, StorageBusy,
);

/// Claims a threefold repetition or the fifty-move rule, in a game under the claim rule (an
/// imported one); live games end such draws by themselves.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameView, description = "finished, reason threefold_repetition or fifty_move_rule"),
        ClaimDrawErrors,
    ))]
#[post("/games/{id}/claim-draw")]
pub async fn claim_draw(
    service: web::Data<GameService>,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<web::Json<Arc<GameView>>, ApiError> {
    Ok(web::Json(service.claim_draw(&id, token.as_str()).await?))
}

api_errors!(
    AbortErrors:
    MissingToken, WrongToken, GameNotFound, GameOver, AbortTooLate, StorageBusy,
);

/// Aborts the game while it is abortable, as on lichess: until each side has made two moves in this game (counted in its move list, a PGN's moves included; a FEN's move number counts nothing). It ends with no result (`*`,
/// PGN `Termination "Abandoned"`), is not rated and has no review. Resigning in that window, or a
/// clock running out there, aborts the game too; no draw can be offered in it.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameView, description = "status aborted, result *"),
        AbortErrors,
    ))]
#[post("/games/{id}/abort")]
pub async fn abort(
    service: web::Data<GameService>,
    token: BearerToken,
    // Last, so a missing token (401) is still reported first.
    GamePath(id): GamePath,
) -> Result<web::Json<Arc<GameView>>, ApiError> {
    Ok(web::Json(service.abort(&id, token.as_str()).await?))
}
