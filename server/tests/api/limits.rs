//! The bounds on live games: a game nobody touches is forgotten (in memory and on disk) after
//! `--idle-timeout-secs`, and the live-game cap frees a place when a game expires.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{expect_error, spawn_with, test_config};

/// Longer than the 1 s idle timeout plus the 1 s expiry sweep period.
const PAST_EXPIRY: Duration = Duration::from_millis(2_600);

#[tokio::test]
async fn an_untouched_game_expires_from_memory_and_disk_while_a_watched_one_stays() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let mut config = test_config();
    config.idle_timeout_secs = 1;
    config.db = db.to_string_lossy().into_owned();
    let app = spawn_with(config).await;
    let untouched = app.create(json!({ "color": "white", "level": 1 })).await;
    let watched = app.create(json!({ "color": "white", "level": 1 })).await;

    let deadline = tokio::time::Instant::now() + PAST_EXPIRY;
    while tokio::time::Instant::now() < deadline {
        assert_eq!(app.view(&watched).await["id"], watched.id.as_str());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }

    let gone = app.get(&format!("/api/games/{}", untouched.id)).await;
    expect_error(gone, StatusCode::NOT_FOUND, "game_not_found").await;
    assert_eq!(app.service.games().len(), 1);
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

    tokio::time::sleep(PAST_EXPIRY).await;
    let response = app
        .create_raw(&json!({ "color": "white", "level": 1 }))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
}
