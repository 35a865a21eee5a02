//! The bounds on live games: a game its player leaves is forgotten (in memory and on disk) after
//! `--idle-timeout-secs`, whoever else reads it and whatever the game refuses; the live-game cap
//! frees a place when a game expires; at the cap a game only leaves memory, never the store, and
//! reads back when asked for (a stranger creating games deletes nobody's).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{expect_error, spawn_with, test_config, TestApp};

/// Much longer than the 1 s idle timeout plus the 1 s expiry sweep period, even on a loaded
/// machine: the tests poll until a game expires and only fail past this.
const GIVE_UP: Duration = Duration::from_secs(20);

/// Waits (without touching any game) until only `live` games are left.
async fn wait_until_live(app: &TestApp, live: usize, touch: impl AsyncFn()) {
    let give_up = tokio::time::Instant::now() + GIVE_UP;
    while app.lifecycle.games().len() > live {
        assert!(
            tokio::time::Instant::now() < give_up,
            "no game expired in {GIVE_UP:?}"
        );
        touch().await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_game_its_player_left_expires_from_memory_and_disk_while_a_played_one_stays() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let mut config = test_config();
    config.idle_timeout_secs = 1;
    config.db = db.to_string_lossy().into_owned();
    let app = spawn_with(config).await;
    let untouched = app.create(json!({ "color": "white", "level": 1 })).await;
    let watched = app.create(json!({ "color": "white", "level": 1 })).await;

    let give_up = tokio::time::Instant::now() + GIVE_UP;
    loop {
        // Only the player's accepted changes count: reading the left game, knocking on it with a
        // wrong token, or its player's own refused takeback keeps nothing alive.
        let path = format!("/api/games/{}", untouched.id);
        let read = app.get(&path).await;
        if read.status() == StatusCode::NOT_FOUND {
            break;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "the left game did not expire in {GIVE_UP:?}"
        );
        let knock = app
            .client
            .post(app.url(&format!("{path}/takeback")))
            .bearer_auth("not-the-token")
            .send()
            .await
            .expect("the server answers");
        // 401 wrong_token, or 404 if the game expired since it was read.
        assert!(
            [StatusCode::UNAUTHORIZED, StatusCode::NOT_FOUND].contains(&knock.status()),
            "{}",
            knock.status()
        );
        let refused = app.action(&untouched, "takeback").await;
        if refused.status() == StatusCode::NOT_FOUND {
            // It expired since it was read (the knock allows the same).
            break;
        }
        assert_eq!(
            refused.status(),
            StatusCode::CONFLICT,
            "nothing to take back"
        );
        assert_eq!(app.view(&watched).await["id"], watched.id.as_str());
        app.play(&watched, "e4").await;
        assert_eq!(
            app.action(&watched, "takeback").await.status(),
            StatusCode::OK
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    wait_until_live(&app, 1, async || {}).await;
    app.lifecycle.flush().await;
    let conn = rusqlite::Connection::open(&db).expect("the database opens");
    let stored: Vec<String> = conn
        .prepare("SELECT id FROM games")
        .and_then(|mut query| query.query_map([], |row| row.get(0))?.collect())
        .expect("the ids");
    assert_eq!(
        stored,
        std::slice::from_ref(&watched.id),
        "the expired game left the database too"
    );
}

#[tokio::test]
async fn the_live_game_cap_frees_a_place_when_a_game_expires() {
    let mut config = test_config();
    config.max_games = 1;
    config.idle_timeout_secs = 1;
    let app = spawn_with(config).await;
    app.create(json!({ "color": "white", "level": 1 })).await;
    let full = app.create_raw(&json!({ "color": "white" })).await;
    expect_error(full, StatusCode::SERVICE_UNAVAILABLE, "too_many_games").await;

    let give_up = tokio::time::Instant::now() + GIVE_UP;
    loop {
        let response = app
            .create_raw(&json!({ "color": "white", "level": 1 }))
            .await;
        if response.status() == StatusCode::CREATED {
            break;
        }
        expect_error(response, StatusCode::SERVICE_UNAVAILABLE, "too_many_games").await;
        assert!(
            tokio::time::Instant::now() < give_up,
            "no place freed in {GIVE_UP:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn at_the_cap_a_finished_game_leaves_memory_not_the_store_and_reads_back() {
    let mut config = test_config();
    config.max_games = 1;
    let app = spawn_with(config).await;
    let first = app.create(json!({ "color": "white", "level": 1 })).await;
    let full = app.create_raw(&json!({ "color": "white" })).await;
    expect_error(full, StatusCode::SERVICE_UNAVAILABLE, "too_many_games").await;

    // Two moves each, so the game is resigned (before, resigning aborts it).
    app.play_opening(&first).await;
    assert_eq!(app.action(&first, "resign").await.status(), StatusCode::OK);
    // Its review (five positions now, not one) holds the game in memory while it runs.
    for _ in 0..3_000 {
        let analysis = app.get(&format!("/api/games/{}/analysis", first.id)).await;
        let analysis: serde_json::Value = analysis.json().await.expect("JSON");
        if analysis["status"] == "done" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let second = app.create(json!({ "color": "white", "level": 1 })).await;
    assert_eq!(app.lifecycle.games().len(), 1, "memory holds one game");
    let kept = app.view(&first).await;
    assert_eq!(
        kept["status"], "finished",
        "the finished game is still there"
    );
    assert_eq!(kept["result"], "0-1");
    assert_eq!(app.view(&second).await["status"], "ongoing");
}

#[tokio::test]
async fn a_game_dropped_from_memory_at_the_cap_reads_back_and_plays_on() {
    let mut config = test_config();
    config.max_games = 1;
    let app = spawn_with(config).await;
    let played = app.create(json!({ "color": "white", "level": 1 })).await;
    app.play(&played, "e4").await;
    // A stranger's finished import takes the one place in memory (it is not counted as live).
    let import = app
        .create(json!({ "color": "white", "pgn": "1. f3 e5 2. g4 Qh4# 0-1" }))
        .await;
    assert_eq!(import.view["status"], "finished");
    assert_eq!(app.lifecycle.games().len(), 1);

    let view = app.play(&played, "d4").await;
    assert_eq!(view["ply"], 4, "the game read back and went on");
    assert_eq!(app.view(&import).await["result"], "0-1");
}
