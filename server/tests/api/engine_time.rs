//! Engine time is the scarce resource: readiness probes never take a search's place, and each
//! game runs at most one search at a time (issue #13, items 6 and 7).

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_with, test_config, TestApp};

/// One real Stockfish whose full-strength searches run their whole time cap (`depth` 40 is
/// never reached in `cap_ms`).
async fn spawn_slow(cap_ms: u64) -> TestApp {
    let mut config = test_config();
    config.engines = 1;
    config.depth = 40;
    config.move_time_cap_ms = cap_ms;
    spawn_with(config).await
}

#[tokio::test]
async fn ready_answers_at_once_while_every_engine_searches_and_leaves_nothing_queued() {
    let app = spawn_slow(5_000).await;
    let game = app.create(json!({ "color": "white" })).await;
    let search = {
        let (client, url, token) = (
            app.client.clone(),
            app.url(&format!("/api/games/{}/moves", game.id)),
            game.token.clone(),
        );
        tokio::spawn(async move {
            client
                .post(url)
                .bearer_auth(token)
                .json(&json!({ "move": "e2e4" }))
                .send()
                .await
                .expect("the server answers")
        })
    };
    app.wait_for_ply(&game, 1).await;
    for _ in 0..3 {
        let started = Instant::now();
        let response = app.get("/api/ready").await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(
            started.elapsed() < Duration::from_millis(500),
            "ready took {:?} behind a search",
            started.elapsed()
        );
        assert_eq!(
            app.service.engines().queued(),
            (0, 0),
            "no readiness ping waits for an engine"
        );
        assert_eq!(app.service.engines().probes_pending(), 0);
    }
    assert!(
        app.service.engines().status()[0].searching,
        "the engine was busy all along"
    );
    let played = search.await.expect("the move's request ends");
    assert_eq!(played.status(), StatusCode::OK);
}
