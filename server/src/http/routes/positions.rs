//! `POST /api/positions`: the position a game would start from, before creating it; and
//! `POST /api/positions/moves`: a position's legal moves, for an analysis board.

use actix_web::{post, web};
use serde::Deserialize;
use utoipa::ToSchema;

use alphachess_engine::Game;

use crate::games::views::{BoardPosition, PositionPreview};
use crate::games::{parse_fen, parse_pgn};
use crate::http::error::{api_errors, ApiError};

/// Body of `POST /api/positions`: exactly one of `fen` and `pgn`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PositionRequest {
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: Option<String>,
    #[schema(example = "1. e4 e5 2. Nf3 *")]
    pub pgn: Option<String>,
}

api_errors!(
    PreviewErrors:
    MalformedJson, InvalidRequest = "not exactly one of fen and pgn", InvalidFen, InvalidPgn,
    RequestTimeout, PayloadTooLarge,
);

/// Reads a FEN or a PGN as `POST /api/games` would and shows where the game would start; nothing
/// is created or stored.
#[utoipa::path(tag = "games",
    request_body = PositionRequest,
    responses(
        (status = 200, body = PositionPreview),
        PreviewErrors,
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

/// Body of `POST /api/positions/moves`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MovesRequest {
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: String,
}

api_errors!(
    PositionMovesErrors:
    MalformedJson, InvalidFen, RequestTimeout, PayloadTooLarge,
);

/// A position's legal moves, each with its SAN and the position after it, and whether play
/// could go on there: what an analysis board needs to let a player move without the rules.
/// Chess960 castling rights (rook file letters) are read as a new game's FEN is.
#[utoipa::path(tag = "games",
    request_body = MovesRequest,
    responses(
        (status = 200, body = BoardPosition),
        PositionMovesErrors,
    ))]
#[post("/positions/moves")]
pub async fn position_moves(
    body: web::Json<MovesRequest>,
) -> Result<web::Json<BoardPosition>, ApiError> {
    let position = parse_fen(&body.fen)?;
    Ok(web::Json(BoardPosition::of(&position)))
}

/// The API document's examples of `POST /api/positions/moves`: its request and its answer.
pub fn moves_examples() -> (serde_json::Value, serde_json::Value) {
    let fen = "7k/P7/8/8/8/8/8/K7 w - - 0 1";
    let position = parse_fen(fen).expect("a valid FEN");
    let answer = serde_json::to_value(BoardPosition::of(&position)).unwrap_or_default();
    (serde_json::json!({ "fen": fen }), answer)
}
