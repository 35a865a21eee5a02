//! Move trees: `POST /api/trees` (read a PGN with its variations, or start one at a FEN),
//! `POST /api/trees/pgn` (write one as PGN) and `GET`/`PUT /api/games/{id}/tree` (the tree a
//! player keeps with a finished game).

use actix_web::http::header::ContentType;
use actix_web::{get, post, put, web, HttpResponse};
use alphachess_engine::pgn::{self, Tags};
use alphachess_engine::{GameTree, Position};
use serde::Deserialize;
use utoipa::ToSchema;

use super::game_id::GamePath;
use crate::games::views::TreeView;
use crate::games::{parse_fen, parse_pgn_tree, tree_of_entries, GameService, TreeEntry};
use crate::http::auth::BearerToken;
use crate::http::error::{api_errors, ApiError};
use crate::http::limits::{ClientIp, Limits};

/// One move of a [`TreeBody`]. Other fields are ignored, so a `TreeView`'s nodes may be sent
/// back as they came.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TreeNodeBody {
    /// The index of an EARLIER entry whose position the move is played in; null (or absent)
    /// for a move from the start. Siblings keep the order they appear in: a node's first child
    /// is its main continuation.
    #[schema(example = json!(null))]
    #[serde(default)]
    pub parent: Option<usize>,
    /// The move in UCI (Chess960 castling as king-takes-rook).
    #[schema(example = "e2e4")]
    pub uci: String,
    /// At most 2000 characters, without `}` (PGN could not hold it).
    #[schema(example = "the king's pawn")]
    #[serde(default)]
    pub comment: Option<String>,
}

/// A move tree as a client sends it: flat, each move naming its parent by index (a `TreeView`
/// is one).
#[derive(Debug, Deserialize, ToSchema)]
pub struct TreeBody {
    /// The start position; the standard start if absent (for a game's tree: the game's start).
    #[schema(example = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
    #[serde(default)]
    pub fen: Option<String>,
    pub nodes: Vec<TreeNodeBody>,
}

impl TreeBody {
    /// The start position sent, read as a new game's FEN is.
    fn start(&self) -> Result<Option<Position>, ApiError> {
        Ok(self.fen.as_deref().map(parse_fen).transpose()?)
    }

    /// The entries, for the model to check.
    fn entries(self) -> Vec<TreeEntry> {
        self.nodes
            .into_iter()
            .map(|node| TreeEntry {
                parent: node.parent,
                uci: node.uci,
                comment: node.comment,
            })
            .collect()
    }
}

/// Body of `POST /api/trees`: exactly one of `pgn` and `fen`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TreeSource {
    #[schema(example = "1. e4 e5 (1... c5 { the Sicilian }) 2. Nf3 *")]
    pub pgn: Option<String>,
    #[schema(example = json!(null))]
    pub fen: Option<String>,
}

api_errors!(
    ReadTreeErrors:
    MalformedJson, InvalidRequest = "not exactly one of pgn and fen", InvalidFen, InvalidPgn,
    RequestTimeout, PayloadTooLarge,
    TooManyRequests = "this client's PGN and tree requests past --tree-work-per-minute",
);

/// Reads a PGN's first game with its variations and comments, or starts an empty tree at a
/// FEN. Nothing is stored.
#[utoipa::path(tag = "games",
    request_body = TreeSource,
    responses(
        (status = 200, body = TreeView),
        ReadTreeErrors,
    ))]
#[post("/trees")]
pub async fn read_tree(
    limits: web::Data<Limits>,
    client: ClientIp,
    body: web::Json<TreeSource>,
) -> Result<web::Json<TreeView>, ApiError> {
    limits.tree_work(client)?;
    let tree = match body.into_inner() {
        TreeSource {
            pgn: Some(text),
            fen: None,
        } => parse_pgn_tree(&text)?,
        TreeSource {
            pgn: None,
            fen: Some(fen),
        } => GameTree::new(parse_fen(&fen)?),
        _ => {
            return Err(ApiError::InvalidRequest(
                "give exactly one of pgn and fen".into(),
            ))
        }
    };
    Ok(web::Json(TreeView::of(&tree)))
}

api_errors!(
    TreePgnErrors:
    MalformedJson, InvalidFen, InvalidMoveNotation,
    InvalidTree = "a parent not earlier, a move repeated under one parent, a comment too long or with `}`, too many moves or variations nested too deeply; the message names the entry",
    RequestTimeout, PayloadTooLarge, IllegalMove,
    TooManyRequests = "this client's PGN and tree requests past --tree-work-per-minute",
);

/// Writes a tree as PGN with its variations in parentheses and its comments in braces (the
/// Seven Tag Roster with `?` values; `SetUp` and `FEN` when it does not start at the standard
/// start). Nothing is stored.
#[utoipa::path(tag = "games",
    request_body = TreeBody,
    responses(
        (status = 200, content_type = "application/x-chess-pgn", body = String),
        TreePgnErrors,
    ))]
#[post("/trees/pgn")]
pub async fn tree_pgn(
    limits: web::Data<Limits>,
    client: ClientIp,
    body: web::Json<TreeBody>,
) -> Result<HttpResponse, ApiError> {
    limits.tree_work(client)?;
    let body = body.into_inner();
    let start = body.start()?.unwrap_or_else(Position::startpos);
    let tree = tree_of_entries(start, &body.entries())?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-chess-pgn")
        .body(pgn::write_tree(&Tags::new(), &tree)))
}

api_errors!(
    ShowTreeErrors:
    GameNotFound, GameQuarantined,
);

/// The move tree kept with the game, or the game's own moves when none was kept.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = TreeView),
        ShowTreeErrors,
    ))]
#[get("/games/{id}/tree")]
pub async fn show_tree(
    service: web::Data<GameService>,
    GamePath(id): GamePath,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(service.tree_json(&id).await?))
}

api_errors!(
    KeepTreeErrors:
    MalformedJson, InvalidFen, InvalidMoveNotation,
    InvalidTree = "another start, the game's moves not a line of it, a parent not earlier, a move repeated under one parent, a comment too long or with `}`, too many moves or variations nested too deeply; the message names the entry",
    MissingToken, WrongToken, GameNotFound, RequestTimeout, StalePly, GameNotFinished,
    GameQuarantined, PayloadTooLarge, IllegalMove, StorageBusy,
);

/// Keeps a move tree with the finished game, in place of any kept before: its side lines and
/// comments go into the game's PGN as variations. The tree starts at the game's start (`fen`
/// may be left out) and holds the game's moves as a line from there, main or not.
#[utoipa::path(tag = "games",
    params(("id" = String, Path, description = "game id")),
    security(("bearer" = [])),
    request_body = TreeBody,
    responses(
        (status = 200, body = TreeView, description = "the tree as kept"),
        KeepTreeErrors,
    ))]
#[put("/games/{id}/tree")]
pub async fn keep_tree(
    service: web::Data<GameService>,
    token: BearerToken,
    // First, so a missing token (401) is reported before a bad id or body.
    GamePath(id): GamePath,
    body: web::Json<TreeBody>,
) -> Result<web::Json<TreeView>, ApiError> {
    let body = body.into_inner();
    let start = body.start()?;
    let entries = body.entries();
    Ok(web::Json(
        service
            .keep_tree(&id, token.as_str(), start, &entries)
            .await?,
    ))
}

/// The API document's examples of these operations' requests (by operation id).
pub fn tree_requests(id: &str) -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    match id {
        "read_tree" => vec![
            ("pgn", json!({ "pgn": EXAMPLE_PGN })),
            ("fen", json!({ "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1" })),
        ],
        "tree_pgn" | "keep_tree" => vec![("fools_mate_and_a_better_move", example_body())],
        _ => Vec::new(),
    }
}

/// The API document's examples of these operations' successes (by operation id).
pub fn tree_successes(id: &str) -> Vec<(&'static str, serde_json::Value)> {
    let tree = || {
        let entries = serde_json::from_value::<TreeBody>(example_body())
            .expect("the example is a TreeBody")
            .entries();
        tree_of_entries(Position::startpos(), &entries).expect("the example is a valid tree")
    };
    let view = |tree: &GameTree| serde_json::to_value(TreeView::of(tree)).unwrap_or_default();
    match id {
        "read_tree" => {
            let read = parse_pgn_tree(EXAMPLE_PGN).expect("the example PGN reads");
            vec![("pgn", view(&read))]
        }
        "tree_pgn" => vec![(
            "fools_mate_and_a_better_move",
            serde_json::Value::String(pgn::write_tree(&Tags::new(), &tree())),
        )],
        "show_tree" | "keep_tree" => vec![("fools_mate_and_a_better_move", view(&tree()))],
        _ => Vec::new(),
    }
}

/// A PGN with a variation and a comment.
const EXAMPLE_PGN: &str = "1. e4 e5 (1... c5 { the Sicilian }) 2. Nf3 *";

/// Fool's mate with a better second move for white, commented.
fn example_body() -> serde_json::Value {
    serde_json::json!({
        "nodes": [
            { "parent": null, "uci": "f2f3" },
            { "parent": 0, "uci": "e7e5" },
            { "parent": 1, "uci": "g2g4", "comment": "a blunder" },
            { "parent": 2, "uci": "d8h4" },
            { "parent": 1, "uci": "e2e4", "comment": "no mate in sight" }
        ]
    })
}
