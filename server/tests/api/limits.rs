//! The bounds on live games: a game its player leaves is forgotten (in memory and on disk) after
//! `--idle-timeout-secs`, whoever else reads it; the live-game cap frees a place when a game
//! expires, and a finished game gives its place to a new one.

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
    while app.service.games().len() > live {
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

    wait_until_live(&app, 1, async || {
        // Only the player's own requests count: reading the left game, or knocking on it with a
        // wrong token, keeps nothing alive.
        let path = format!("/api/games/{}", untouched.id);
        let _ = app.get(&path).await;
        let knock = app
            .client
            .post(app.url(&format!("{path}/takeback")))
            .bearer_auth("not-the-token")
            .send()
            .await
            .expect("the server answers");
        assert_eq!(knock.status(), StatusCode::NOT_FOUND);
        assert_eq!(app.view(&watched).await["id"], watched.id.as_str());
        let player = app.action(&watched, "takeback").await;
        assert_eq!(
            player.status(),
            StatusCode::CONFLICT,
            "nothing to take back yet"
        );
    })
    .await;

    let gone = app.get(&format!("/api/games/{}", untouched.id)).await;
    expect_error(gone, StatusCode::NOT_FOUND, "game_not_found").await;
    assert_eq!(app.service.games().len(), 1);
    app.service.flush().await;
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

    wait_until_live(&app, 0, async || {}).await;
    let response = app
        .create_raw(&json!({ "color": "white", "level": 1 }))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn at_the_cap_a_finished_game_gives_its_place_to_a_new_one() {
    let mut config = test_config();
    config.max_games = 1;
    let app = spawn_with(config).await;
    let first = app.create(json!({ "color": "white", "level": 1 })).await;
    let full = app.create_raw(&json!({ "color": "white" })).await;
    expect_error(full, StatusCode::SERVICE_UNAVAILABLE, "too_many_games").await;

    assert_eq!(app.action(&first, "resign").await.status(), StatusCode::OK);
    let response = app
        .create_raw(&json!({ "color": "white", "level": 1 }))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let gone = app.get(&format!("/api/games/{}", first.id)).await;
    expect_error(gone, StatusCode::NOT_FOUND, "game_not_found").await;
}
