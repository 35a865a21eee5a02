//! A finished PGN (issue #27): created from a PGN already over on the board, a game is the PGN's
//! players' game, reviewed rather than played. Its view, its summary and its PGN export name the
//! PGN's players, on every browser and the CLI alike, and a restart keeps them.

use alphachess_engine::pgn;
use serde_json::{json, Value};

use crate::helpers::{test_config_on_disk, TestApp};
use alphachess_server::Application;

/// Fool's mate, white named with escapes to keep, black unknown.
const FOOLS_MATE: &str =
    "[White \"Anna \\\"the Rook\\\" Berg\"]\n[Black \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";

/// The game's summary as `GET /api/games?ids=` lists it.
async fn summary(app: &TestApp, id: &str) -> Value {
    let body: Value = app
        .get(&format!("/api/games?ids={id}"))
        .await
        .json()
        .await
        .expect("JSON");
    body["games"][0].clone()
}

/// The game's PGN export, read back.
async fn exported(app: &TestApp, id: &str) -> pgn::PgnGame {
    let text = app.pgn(id).await;
    pgn::read_game(&text).expect("the export reads back")
}

#[tokio::test]
async fn a_finished_pgn_keeps_its_players_in_the_view_the_summary_the_export_and_on_disk() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = test_config_on_disk(&dir);
    let players = json!({ "white": "Anna \"the Rook\" Berg", "black": null });

    let app = Application::build(&config)
        .await
        .expect("the application starts");
    let (first, stopper) = (TestApp::of(&app), app.stopper());
    let running = tokio::spawn(app.run_until_stopped());
    let mate = first
        .create(json!({ "color": "white", "pgn": FOOLS_MATE }))
        .await;
    assert_eq!(mate.view["status"], "finished");
    assert_eq!(mate.view["winner"], "black");
    assert_eq!(mate.view["players"], players);
    let played = first.create(json!({ "color": "white", "level": 1 })).await;
    assert_eq!(played.view["players"], Value::Null);
    assert_eq!(summary(&first, &mate.id).await["players"], players);
    assert_eq!(summary(&first, &played.id).await["players"], Value::Null);
    let export = exported(&first, &mate.id).await;
    assert_eq!(export.tags.get("White"), Some("Anna \"the Rook\" Berg"));
    assert_eq!(export.tags.get("Black"), Some("?"));
    let export = exported(&first, &played.id).await;
    assert_eq!(export.tags.get("White"), Some("Player"));
    stopper.cancel();
    running
        .await
        .expect("the server task ends")
        .expect("a clean stop");

    let app = Application::build(&config)
        .await
        .expect("the application starts again");
    let second = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());
    assert_eq!(second.view(&mate).await["players"], players);
    assert_eq!(second.view(&played).await["players"], Value::Null);
    assert_eq!(summary(&second, &mate.id).await["players"], players);
}

#[tokio::test]
async fn an_unfinished_pgn_is_the_players_game_against_stockfish_without_the_pgns_players() {
    let app = crate::helpers::spawn_app().await;
    let pgn = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1";
    let game = app.create(json!({ "color": "white", "pgn": pgn })).await;
    assert_eq!(game.view["status"], "ongoing");
    assert_eq!(game.view["players"], Value::Null);
    let export = exported(&app, &game.id).await;
    assert_eq!(export.tags.get("White"), Some("Player"));
    assert_eq!(export.tags.get("Black"), Some("Stockfish (level 21)"));
}
