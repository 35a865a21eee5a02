//! No stored game vanishes at a restart: an imported game that played on past a claimable draw
//! comes back whole, and a row that does not load is quarantined, not dropped: the game answers
//! 409 `game_quarantined` and its moves stay exportable as PGN (issue #13, item 1).

use std::path::Path;

use reqwest::StatusCode;
use serde_json::json;

use alphachess_server::Application;

use crate::helpers::{expect_error, spawn_with, test_config, TestApp};

/// A server on real Stockfish keeping its games in `db`.
async fn spawn_on(db: &Path) -> TestApp {
    let mut config = test_config();
    config.db = db.to_str().expect("utf-8").into();
    spawn_with(config).await
}

/// A server on `db` that [`stop`] stops (one server per file: the next one starts after).
async fn run_on(db: &Path) -> (TestApp, tokio::task::JoinHandle<std::io::Result<()>>) {
    let mut config = test_config();
    config.db = db.to_str().expect("utf-8").into();
    let app = Application::build(&config).await.expect("starts");
    let test_app = TestApp::of(&app);
    (test_app, tokio::spawn(app.run_until_stopped()))
}

/// Stops a server [`run_on`] started, and waits until it let go of its database.
async fn stop(app: &TestApp, running: tokio::task::JoinHandle<std::io::Result<()>>) {
    app.lifecycle.stopping().cancel();
    running
        .await
        .expect("the server task ends")
        .expect("stops cleanly");
}

#[tokio::test]
async fn an_imported_game_that_played_on_past_a_threefold_repetition_survives_a_restart() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let (first, running) = run_on(&db).await;
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
    let game = first
        .create(json!({ "color": "white", "level": 1, "pgn": shuffle }))
        .await;
    let played = first.play(&game, "d2d4").await;
    assert_eq!(played["ply"], 12);
    stop(&first, running).await;

    let second = spawn_on(&db).await;
    let response = second.get(&format!("/api/games/{}", game.id)).await;
    assert_eq!(response.status(), StatusCode::OK, "the game is back");
    let view: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(view["ply"], 12);
    assert_eq!(view["status"], "ongoing");
    // Any legal move: step 1's reply is partly random, and may give check.
    let legal = view["legal_moves"][0]["uci"]
        .as_str()
        .expect("a legal move");
    assert_eq!(second.play(&game, legal).await["ply"], 14, "and playable");
}

#[tokio::test]
async fn a_stored_game_that_does_not_load_is_quarantined_with_its_pgn_still_exportable() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let (first, running) = run_on(&db).await;
    let game = first.create(json!({ "color": "white", "level": 1 })).await;
    first.play(&game, "e2e4").await;
    stop(&first, running).await;
    let conn = rusqlite::Connection::open(&db).expect("a second connection");
    let reply: String = conn
        .query_row("SELECT moves FROM games WHERE id = ?1", [&game.id], |row| {
            row.get(0)
        })
        .expect("stored");
    let damaged = format!("{reply} e1e8 g1f3");
    conn.execute(
        "UPDATE games SET moves = ?1 WHERE id = ?2",
        [&damaged, &game.id],
    )
    .expect("damaged behind the server's back");

    let second = spawn_on(&db).await;
    assert_eq!(second.lifecycle.games().quarantined(), 1);
    let body = expect_error(
        second.get(&format!("/api/games/{}", game.id)).await,
        StatusCode::CONFLICT,
        "game_quarantined",
    )
    .await;
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("could not be loaded")),
        "{body}"
    );
    expect_error(
        second.play_raw(&game, json!({ "move": "d2d4" })).await,
        StatusCode::CONFLICT,
        "game_quarantined",
    )
    .await;

    let text = second.pgn(&game.id).await;
    // Movetext wraps at 80 columns: compare it with its lines joined.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. e4 "),
        "the moves that replay, as SAN: {text}"
    );
    assert!(
        flat.contains("e1e8 g1f3"),
        "the stored moves that do not replay, verbatim in a comment: {text}"
    );
    let parsed = alphachess_engine::pgn::read_game(&text).expect("a PGN that reads back");
    assert_eq!(parsed.game.ply(), 2);

    // The row is kept as it was: nothing deletes it, a fixed release may load it again.
    let stored: String = conn
        .query_row("SELECT moves FROM games WHERE id = ?1", [&game.id], |row| {
            row.get(0)
        })
        .expect("still stored");
    assert_eq!(stored, damaged);
}
