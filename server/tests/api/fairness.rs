//! Engine time shared fairly between clients (issue #22): clients take turns in the live lane,
//! hints have their own budget and yield to replies, and a search that waits past its deadline
//! is refused with Retry-After. One engine each, so every ordering is the policy's.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_with, test_config, TestApp, TestGame};

/// A position every full-strength search runs to the move time cap in: accepted, but slow.
const SLOW_FEN: &str = "1nbqkbn1/qqqqqqqq/8/8/8/8/QQQQQQQQ/1NBQKBN1 w - - 0 1";

/// One engine, full strength running into `cap_ms`, clients told apart by loopback's
/// `X-Forwarded-For`.
fn config(cap_ms: u64) -> alphachess_server::Config {
    let mut config = test_config();
    config.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
    config.engines = 1;
    config.depth = 40;
    config.move_time_cap_ms = cap_ms;
    config
}

async fn create_as(app: &TestApp, client: &str, body: Value) -> TestGame {
    let response = app
        .client
        .post(app.url("/api/games"))
        .header("X-Forwarded-For", client)
        .json(&body)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::CREATED, "creating {body}");
    TestGame::from_created(&response.json().await.expect("JSON"))
}

/// `POST /moves` as `client`; `wait: false` answers once the move is stored.
async fn play_as(
    app: &TestApp,
    client: &str,
    game: &TestGame,
    m: &str,
    wait: bool,
) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/games/{}/moves?wait={wait}", game.id)))
        .bearer_auth(&game.token)
        .header("X-Forwarded-For", client)
        .json(&json!({ "move": m }))
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn a_players_move_goes_before_the_searches_another_client_queued_first() {
    let app = spawn_with(config(1_000)).await;
    let slow = json!({ "color": "white", "level": 8, "fen": SLOW_FEN });
    let mut flood = Vec::new();
    for _ in 0..4 {
        flood.push(create_as(&app, "203.0.113.1", slow.clone()).await);
    }
    let player = create_as(&app, "198.51.100.7", slow.clone()).await;
    for game in &flood {
        let response = play_as(&app, "203.0.113.1", game, "b1c3", false).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let response = play_as(&app, "198.51.100.7", &player, "b1c3", true).await;
    assert_eq!(response.status(), StatusCode::OK, "the player is served");
    let mut answered = 0;
    for game in &flood {
        if app.view(game).await["ply"] == 2 {
            answered += 1;
        }
    }
    // First come first served across clients would have answered all four first.
    assert!(
        answered <= 2,
        "{answered} of the other client's replies went first"
    );
}

#[tokio::test]
async fn a_search_that_waits_past_its_deadline_is_refused_with_retry_after() {
    let mut config = config(3_000);
    config.queue_wait_ms = 300;
    let app = spawn_with(config).await;
    let slow = json!({ "color": "white", "level": 8, "fen": SLOW_FEN });
    let busy = create_as(&app, "203.0.113.1", slow.clone()).await;
    let player = create_as(&app, "198.51.100.7", slow).await;
    let response = play_as(&app, "203.0.113.1", &busy, "b1c3", false).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    app.wait_for_ply(&busy, 1).await;

    let refused = play_as(&app, "198.51.100.7", &player, "b1c3", true).await;
    assert!(
        refused.headers().contains_key("retry-after"),
        "{:?}",
        refused.headers()
    );
    expect_error(refused, StatusCode::SERVICE_UNAVAILABLE, "engine_busy").await;
    assert_eq!(
        app.view(&player).await["ply"],
        0,
        "the refused move is taken back"
    );
    assert_eq!(
        app.view(&busy).await["ply"],
        1,
        "the first search still runs"
    );
}

#[tokio::test]
async fn a_running_hint_yields_its_engine_to_another_players_move() {
    let mut config = config(8_000);
    // Without the hint yielding, the move would wait the hint's 8 s and be refused.
    config.queue_wait_ms = 2_000;
    let app = spawn_with(config).await;
    let slow = json!({ "color": "white", "level": 8, "fen": SLOW_FEN });
    let hinted = create_as(&app, "203.0.113.1", slow.clone()).await;
    let player = create_as(&app, "198.51.100.7", slow).await;
    let hint = {
        let request = app
            .client
            .get(app.url(&format!("/api/games/{}/hint", hinted.id)))
            .bearer_auth(&hinted.token)
            .header("X-Forwarded-For", "203.0.113.1")
            .send();
        tokio::spawn(request)
    };
    // The hint is running once the engine is busy (it answers no other probe meanwhile).
    crate::helpers::wait_until(|| app.service.engines().status()[0].searching).await;

    let response = play_as(&app, "198.51.100.7", &player, "b1c3", true).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the move was not kept waiting"
    );
    let hint = hint.await.expect("joined").expect("the server answers");
    assert_eq!(
        hint.status(),
        StatusCode::OK,
        "the hint answered what it had"
    );
    let hint: Value = hint.json().await.expect("JSON");
    assert!(hint["uci"].as_str().is_some_and(|m| m.len() >= 4), "{hint}");
}
