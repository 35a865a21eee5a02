//! `POST /api/positions`: the position a game would start from, before creating it.

use actix_web::{post, web};
use serde::Deserialize;
use utoipa::ToSchema;

use alphachess_engine::Game;

use crate::games::{parse_fen, parse_pgn, PositionPreview};
use crate::http::error::{ApiError, ErrorBody};

/// Body of `POST /api/positions`: exactly one of `fen` and `pgn`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PositionRequest {
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: Option<String>,
    #[schema(example = "1. e4 e5 2. Nf3 *")]
    pub pgn: Option<String>,
}

/// Reads a FEN or a PGN as `POST /api/games` would and shows where the game would start; nothing
/// is created or stored.
#[utoipa::path(tag = "games",
    request_body = PositionRequest,
    responses(
        (status = 200, body = PositionPreview),
        (status = 400, body = ErrorBody, description = "malformed_json, invalid_request (not exactly one of fen and pgn), invalid_fen or invalid_pgn"),
        (status = 408, body = ErrorBody, description = "request_timeout: the body took too long to arrive"),
        (status = 413, body = ErrorBody, description = "payload_too_large"),
    ))]
#[post("/positions")]
pub async fn preview(
    body: web::Json<PositionRequest>,
) -> Result<web::Json<PositionPreview>, ApiError> {
    let game = start_of(body.into_inner())?;
    Ok(web::Json(PositionPreview::of(&game)))
}

/// The game the request describes, read by the same parsers as a new game's.
fn start_of(request: PositionRequest) -> Result<Game, ApiError> {
    match (request.fen, request.pgn) {
        (Some(fen), None) => Ok(Game::new(parse_fen(&fen)?)),
        (None, Some(pgn)) => Ok(parse_pgn(&pgn)?),
        _ => Err(ApiError::InvalidRequest(
            "give exactly one of fen and pgn".into(),
        )),
    }
}
