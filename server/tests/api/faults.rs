//! A misbehaving engine (tests/fake_engines/fake-uci.sh) must never take the server or a game down.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    expect_error, fake_engine, spawn_with, test_config, wait_until, without_version, TestApp,
};

/// A server on the fake engine with a short search cap (the supervisor deadline is cap + slack).
async fn spawn_fake(engines: u32, queue_len: u32) -> TestApp {
    let mut config = test_config();
    config.stockfish = vec![fake_engine().into()];
    config.move_time_cap_ms = 300;
    config.engines = engines;
    config.queue_len = queue_len;
    spawn_with(config).await
}

/// Plays `trigger`, expects the failure, then checks the game is untouched and playable.
async fn survives(app: &TestApp, trigger: &str, status: StatusCode, code: &str) {
    let game = app.create(json!({ "color": "white" })).await;
    let before = app.view(&game).await;
    expect_error(
        app.play_raw(&game, json!({ "move": trigger })).await,
        status,
        code,
    )
    .await;
    assert_eq!(
        without_version(&app.view(&game).await),
        without_version(&before),
        "the game is exactly as it was after {trigger}"
    );
    let after = app.play(&game, "e2e4").await;
    assert_eq!(after["ply"], 2, "the next request works after {trigger}");
    assert_eq!(after["moves"][1]["uci"], "g8f6");
}

#[tokio::test]
async fn a_hanging_engine_gives_504_and_is_replaced() {
    let app = spawn_fake(1, 4).await;
    survives(&app, "a2a3", StatusCode::GATEWAY_TIMEOUT, "engine_timeout").await;
}

#[tokio::test]
async fn an_engine_crashing_mid_search_gives_502_and_is_restarted() {
    let app = spawn_fake(1, 4).await;
    survives(&app, "b2b3", StatusCode::BAD_GATEWAY, "engine_failed").await;
}

#[tokio::test]
async fn engine_garbage_gives_502() {
    let app = spawn_fake(1, 4).await;
    survives(&app, "c2c3", StatusCode::BAD_GATEWAY, "engine_failed").await;
}

#[tokio::test]
async fn an_illegal_engine_reply_is_never_applied() {
    let app = spawn_fake(1, 4).await;
    survives(&app, "d2d3", StatusCode::BAD_GATEWAY, "engine_failed").await;
}

#[tokio::test]
async fn an_engine_finding_no_move_in_a_live_position_gives_502() {
    let app = spawn_fake(1, 4).await;
    survives(&app, "f2f3", StatusCode::BAD_GATEWAY, "engine_failed").await;
}

#[tokio::test]
async fn two_racing_moves_for_one_game_one_wins_the_other_gets_409() {
    let app = spawn_fake(1, 4).await;
    let game = app.create(json!({ "color": "white" })).await;
    // e2e3 makes the fake think for a second; the second move arrives while it does.
    let (first, second) = tokio::join!(app.play_raw(&game, json!({ "move": "e2e3" })), async {
        app.wait_for_ply(&game, 1).await;
        app.play_raw(&game, json!({ "move": "e2e3" })).await
    });
    assert_eq!(first.status(), StatusCode::OK);
    expect_error(second, StatusCode::CONFLICT, "not_your_turn").await;
    let with_ply = app
        .play_raw(&game, json!({ "move": "d2d4", "expected_ply": 0 }))
        .await;
    expect_error(with_ply, StatusCode::CONFLICT, "stale_ply").await;
    assert_eq!(app.view(&game).await["ply"], 2);
}

#[tokio::test]
async fn a_takeback_during_the_search_wins_and_the_late_reply_is_discarded() {
    let app = spawn_fake(1, 4).await;
    let game = app.create(json!({ "color": "white" })).await;
    let (moved, taken_back) = tokio::join!(app.play_raw(&game, json!({ "move": "e2e3" })), async {
        app.wait_for_ply(&game, 1).await;
        app.action(&game, "takeback").await
    });
    assert_eq!(taken_back.status(), StatusCode::OK);
    let view: Value = taken_back.json().await.expect("JSON");
    assert_eq!(view["ply"], 0);
    expect_error(moved, StatusCode::CONFLICT, "stale_ply").await;
    // Give the fake time to print its (now stale) reply; it must not appear.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(app.view(&game).await["ply"], 0);
    let after = app.play(&game, "e2e4").await;
    assert_eq!(after["ply"], 2);
}

#[tokio::test]
async fn a_full_engine_queue_answers_503_with_retry_after() {
    let app = spawn_fake(1, 1).await;
    let games = [
        app.create(json!({ "color": "white" })).await,
        app.create(json!({ "color": "white" })).await,
        app.create(json!({ "color": "white" })).await,
    ];
    // The first search occupies the engine (the fake thinks for a second), the second waits in
    // the queue, the third is refused. A ply is applied before its search is queued, so each
    // next move waits for the pool's state, not for the game's.
    let engines = app.lifecycle.engines();
    let (first, second, third) = tokio::join!(
        app.play_raw(&games[0], json!({ "move": "e2e3" })),
        async {
            wait_until(|| engines.status()[0].searching).await;
            app.play_raw(&games[1], json!({ "move": "e2e3" })).await
        },
        async {
            wait_until(|| engines.status()[0].searching && engines.queued().0 == 1).await;
            app.play_raw(&games[2], json!({ "move": "e2e3" })).await
        }
    );
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(second.status(), StatusCode::OK);
    let retry_after = third.headers().get("retry-after").cloned();
    expect_error(third, StatusCode::SERVICE_UNAVAILABLE, "engine_busy").await;
    assert!(retry_after.is_some(), "503 engine_busy carries Retry-After");
    assert_eq!(
        app.view(&games[2]).await["ply"],
        0,
        "a refused move is not kept"
    );
}

#[tokio::test]
async fn a_failed_opening_move_by_the_engine_creates_no_game() {
    let app = spawn_fake(1, 4).await;
    // Playing black, the fake's "g8f6" is illegal for white: the creation fails as a whole.
    let response = app.create_raw(&json!({ "color": "black" })).await;
    expect_error(response, StatusCode::BAD_GATEWAY, "engine_failed").await;
    assert!(app.lifecycle.games().is_empty());
    app.create(json!({ "color": "white" })).await;
    assert_eq!(app.lifecycle.games().len(), 1);
}

#[tokio::test]
async fn ready_turns_503_when_the_engine_stops_answering_and_recovers_after_its_restart() {
    let app = spawn_fake(1, 4).await;
    assert_eq!(app.get("/api/ready").await.status(), StatusCode::OK);
    let game = app.create(json!({ "color": "white" })).await;
    app.play(&game, "g2g3").await;
    // The fake now ignores everything: the probe's isready goes unanswered.
    expect_error(
        app.get("/api/ready").await,
        StatusCode::SERVICE_UNAVAILABLE,
        "engine_unavailable",
    )
    .await;
    // The supervisor replaced it.
    assert_eq!(app.get("/api/ready").await.status(), StatusCode::OK);
    let fresh = app.create(json!({ "color": "white" })).await;
    assert_eq!(app.play(&fresh, "e2e4").await["ply"], 2);
}
