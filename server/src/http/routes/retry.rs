//! Retry your own mistakes (issue #25): `GET /api/games/{id}/retry`, and per mistake a try
//! (`POST .../retry/{ply}`) or the answer (`POST .../retry/{ply}/reveal`).

use actix_web::{get, post, web, HttpRequest};
use serde::Deserialize;
use utoipa::ToSchema;

use super::game_id::GamePath;
use crate::games::views::{RetryAnswer, RetryList, Solution};
use crate::games::{RetryError, ReviewService};
use crate::http::auth::BearerToken;
use crate::http::error::{api_errors, ApiError};
use crate::http::limits::{ClientIp, Limits};

/// Body of a try.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RetryRequest {
    /// The move tried, in UCI (`g7g6`) or SAN (`g6`).
    #[serde(rename = "move")]
    #[schema(example = "g6")]
    pub text: String,
}

/// The `{ply}` of a mistake's URL.
fn ply_of(request: &HttpRequest) -> Result<usize, ApiError> {
    let text = request.match_info().get("ply").unwrap_or_default();
    text.parse()
        .map_err(|_| ApiError::from(RetryError::NoSuchPuzzle(0)))
}

api_errors!(
    RetryListErrors:
    GameNotFound, AnalysisNotFound, AnalysisNotDone,
);

/// The player's own mistakes once the game's analysis is done: each position to play again,
/// the move that was played and what it lost, and nothing of the answer. A mistake is a move of
/// the player's after the book that dropped its winning chances (−1..+1) by more than 0.075
/// (lichess's rule); keeping a won mate, however slowly, is never one.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = RetryList),
        RetryListErrors,
    ))]
#[get("/games/{id}/retry")]
pub async fn retry_list(
    service: web::Data<ReviewService>,
    GamePath(id): GamePath,
) -> Result<web::Json<RetryList>, ApiError> {
    Ok(web::Json(service.retry_list(&id).await?))
}

api_errors!(
    RetryTryErrors:
    MalformedJson, InvalidMoveNotation, MissingToken, WrongToken, GameNotFound,
    NotFound = "the ply is not one of the mistakes", AnalysisNotFound, AnalysisNotDone, IllegalMove,
    TooManyRequests, EngineFailed, EngineBusy, EngineTimeout,
);

/// Judges a try at the mistake of ply `{ply}`: the engine searches the position after it at the
/// review's budget. `solved` when it loses at most 0.02 expected points against the best move
/// (or, where the player had a forced mate, still mates), `not_quite` up to 0.10, else `wrong`;
/// the solution comes only with `solved`.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id"), ("ply" = usize, Path, description = "the mistake's ply")),
    request_body = RetryRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = RetryAnswer),
        RetryTryErrors,
    ))]
#[post("/games/{id}/retry/{ply}")]
pub async fn retry_try(
    service: web::Data<ReviewService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    token: BearerToken,
    request: HttpRequest,
    body: web::Json<RetryRequest>,
    GamePath(id): GamePath,
) -> Result<web::Json<RetryAnswer>, ApiError> {
    let ply = ply_of(&request)?;
    let _search = limits.search(client)?;
    Ok(web::Json(
        service
            .retry_try(&id, token.as_str(), ply, &body.text)
            .await?,
    ))
}

api_errors!(
    RetryRevealErrors:
    MissingToken, WrongToken, GameNotFound, NotFound = "the ply is not one of the mistakes",
    AnalysisNotFound, AnalysisNotDone,
);

/// The engine's answer to the mistake of ply `{ply}`: its best move, line and evaluation.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id"), ("ply" = usize, Path, description = "the mistake's ply")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Solution),
        RetryRevealErrors,
    ))]
#[post("/games/{id}/retry/{ply}/reveal")]
pub async fn retry_reveal(
    service: web::Data<ReviewService>,
    token: BearerToken,
    request: HttpRequest,
    GamePath(id): GamePath,
) -> Result<web::Json<Solution>, ApiError> {
    let ply = ply_of(&request)?;
    Ok(web::Json(
        service.retry_reveal(&id, token.as_str(), ply).await?,
    ))
}

/// The examples of the retry routes: the Scholar's mate game, where black's 3... Nf6?? let
/// Qxf7# through (positions and moves from the rules crate; the evaluations as Stockfish 15.1 gave
/// them at the review's budget).
pub fn examples(id: &str) -> Vec<(&'static str, serde_json::Value)> {
    use crate::analysis::retry::{Puzzle, Verdict};
    use crate::analysis::{BestMove, Eval};
    use crate::games::parse_pgn;
    use crate::games::views::RetryPuzzle;
    use alphachess_engine::{Line, SanPlus, UciMove};

    let game = parse_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 *").expect("a legal PGN");
    let before = game.position().clone();
    let mv = |text: &str| {
        let uci: UciMove = text.parse().expect("UCI");
        uci.to_move(&before).expect("legal")
    };
    let both = |text: &str| BestMove {
        uci: text.to_owned(),
        san: SanPlus::from_move(&before, mv(text)).to_string(),
    };
    let line: Vec<UciMove> = ["g7g6", "h5f3", "g8f6"]
        .iter()
        .map(|m| m.parse().expect("UCI"))
        .collect();
    let puzzle = Puzzle {
        ply: 6,
        before: before.clone(),
        played: mv("g8f6"),
        best: mv("g7g6"),
        best_line: Line::from_uci(&before, &line).into_moves(),
        best_eval: Eval::Cp(-25),
        played_eval: Eval::Mate(1),
        played_loss: 0.512,
    };
    let json = |value: serde_json::Result<serde_json::Value>| value.unwrap_or_default();
    match id {
        "retry_list" => vec![(
            "one_mistake",
            json(serde_json::to_value(RetryList {
                puzzles: vec![RetryPuzzle::of(&puzzle)],
            })),
        )],
        "retry_try" => vec![
            (
                "solved",
                json(serde_json::to_value(RetryAnswer {
                    verdict: Verdict::Solved,
                    tried: both("g7g6"),
                    eval: Eval::Cp(-25),
                    points_lost: 0.0,
                    loss: "loses nothing (52 % → 52 %)".to_owned(),
                    solution: Some(Solution::of(&puzzle)),
                })),
            ),
            (
                "wrong",
                json(serde_json::to_value(RetryAnswer {
                    verdict: Verdict::Wrong,
                    tried: both("c6d4"),
                    eval: Eval::Mate(1),
                    points_lost: 0.512,
                    loss: "allows a forced mate (52 % → 0 %)".to_owned(),
                    solution: None,
                })),
            ),
        ],
        "retry_reveal" => vec![("g6", json(serde_json::to_value(Solution::of(&puzzle))))],
        _ => Vec::new(),
    }
}

/// The request examples of a try.
pub fn request_examples() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("san", serde_json::json!({ "move": "g6" })),
        ("uci", serde_json::json!({ "move": "g7g6" })),
    ]
}
