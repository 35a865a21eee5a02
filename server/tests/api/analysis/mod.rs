//! Post-game analysis over HTTP (issue #12), against the real Stockfish at a low node count:
//! the endpoints and their refusals, the analysis that starts by itself when a game ends, the
//! live stream, the annotated PGN, resuming after a restart, and live play going first; a file
//! per concern, and here the helpers they (and other files of this binary) share.

mod claims;
mod classes;
mod endpoints;
mod live_first;
mod pgn_export;
mod resume;
mod stream;

use std::time::Duration;

use alphachess_server::Config;
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{spawn_with, test_config, TestApp, TestGame};

pub use claims::positions_of;

/// Nodes per position: enough for Stockfish to see a mate in one, quick on this machine.
const NODES: u64 = 20_000;

/// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: over as soon as it is created.
pub const SCHOLARS_MATE: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

/// Its first 20 plies (white, the player, resigns there): winning for white, no mate in sight.
const OPERA_GAME_OPENING: &str = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 \
    6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 *";

fn config_with(nodes: u64) -> Config {
    let mut config = test_config();
    config.analysis_nodes = nodes;
    config
}

async fn spawn_analysing() -> TestApp {
    spawn_with(config_with(NODES)).await
}

/// A game created from `pgn`, the player white.
pub async fn imported(app: &TestApp, pgn: &str) -> TestGame {
    app.create(json!({ "color": "white", "pgn": pgn })).await
}

async fn post_analysis(app: &TestApp, id: &str, token: Option<&str>) -> Response {
    let request = app
        .client
        .post(app.url(&format!("/api/games/{id}/analysis")));
    let request = match token {
        Some(token) => request.bearer_auth(token),
        None => request,
    };
    request.send().await.expect("the server answers")
}

/// `POST .../analysis` with the game's token, which must be accepted.
pub async fn request_analysis(app: &TestApp, game: &TestGame) -> Value {
    let response = post_analysis(app, &game.id, Some(&game.token)).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    response.json().await.expect("JSON")
}

/// `GET .../analysis`, which must exist.
pub async fn analysis(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(response.status(), StatusCode::OK, "game {id}");
    response.json().await.expect("JSON")
}

/// Polls until the analysis of `id` is done (or fails the test if it fails).
pub async fn until_done(app: &TestApp, id: &str) -> Value {
    for _ in 0..6_000 {
        let analysis = analysis(app, id).await;
        match analysis["status"].as_str() {
            Some("done") => return analysis,
            Some("failed") => panic!("the analysis failed: {analysis}"),
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
    panic!("the analysis of {id} never finished");
}

/// Searches answered by every engine of the server so far.
fn searches(app: &TestApp) -> u64 {
    let engines = app.lifecycle.engines().status();
    engines.iter().map(|engine| engine.searches).sum()
}
