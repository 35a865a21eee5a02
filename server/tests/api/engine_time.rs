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
    wait_for_search(&app).await;
    // No clock: ready answering while the one engine still searches its (5 s) reply shows it
    // did not wait for the engine, however slow the machine is.
    for _ in 0..3 {
        let response = app.get("/api/ready").await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            app.lifecycle.engines().queued(),
            (0, 0),
            "no readiness ping waits for an engine"
        );
        assert_eq!(app.lifecycle.engines().probes_pending(), 0);
        assert!(
            app.lifecycle.engines().status()[0].searching,
            "ready answered while the engine was busy"
        );
    }
    let played = search.await.expect("the move's request ends");
    assert_eq!(played.status(), StatusCode::OK);
}

/// The same request on a task of its own (so several run at once).
fn spawn_hint(
    app: &TestApp,
    game: &crate::helpers::TestGame,
) -> tokio::task::JoinHandle<reqwest::Response> {
    spawn_request(app, game, reqwest::Method::GET, "hint")
}

/// `method` on the game's `action` (`hint`, `draw`) on a task of its own.
fn spawn_request(
    app: &TestApp,
    game: &crate::helpers::TestGame,
    method: reqwest::Method,
    action: &str,
) -> tokio::task::JoinHandle<reqwest::Response> {
    let (client, url, token) = (
        app.client.clone(),
        app.url(&format!("/api/games/{}/{action}", game.id)),
        game.token.clone(),
    );
    tokio::spawn(async move {
        client
            .request(method, url)
            .bearer_auth(token)
            .send()
            .await
            .expect("the server answers")
    })
}

/// Waits (briefly, polling) until the one engine is searching.
async fn wait_for_search(app: &TestApp) {
    for _ in 0..200 {
        if app.lifecycle.engines().status()[0].searching {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the engine never started searching");
}

#[tokio::test]
async fn a_game_runs_one_search_at_a_time_and_a_hint_flood_takes_one_place() {
    let app = spawn_slow(1_500).await;
    let game = app.create(json!({ "color": "white" })).await;
    let first = spawn_hint(&app, &game);
    wait_for_search(&app).await;
    let flood: Vec<_> = (0..5).map(|_| spawn_hint(&app, &game)).collect();
    for request in flood {
        let response = request.await.expect("the request ends");
        crate::helpers::expect_error(response, StatusCode::CONFLICT, "search_in_progress").await;
    }
    assert_eq!(
        app.lifecycle.engines().queued(),
        (0, 0),
        "the refused hints took no place in the queue"
    );
    let answered = first.await.expect("the first hint's request ends");
    assert_eq!(answered.status(), StatusCode::OK);
    assert_eq!(
        app.hint(&game).await.status(),
        StatusCode::OK,
        "once it answered, the next hint runs"
    );
}

/// Issue #42, M2: forty draw offers at once were forty searches, and each repeated offer one
/// more. Whatever the timing, every offer of the flood is either refused while the first is
/// searched or declined from the first's answer.
#[tokio::test]
async fn a_game_searches_one_draw_offer_at_a_time_and_a_declined_position_not_again() {
    let mut config = test_config();
    config.engines = 1;
    let app = spawn_with(config).await;
    let winning = app
        .create(json!({ "color": "white", "fen": "r2qk2r/8/8/8/8/8/8/1K6 w - - 0 40" }))
        .await;
    let view = app.play_opening(&winning).await;
    let searches = || app.lifecycle.engines().status()[0].searches;
    let before = searches();
    let flood: Vec<_> = (0..6)
        .map(|_| spawn_request(&app, &winning, reqwest::Method::POST, "draw"))
        .collect();
    let mut declined = 0;
    for offer in flood {
        let response = offer.await.expect("the request ends");
        assert_eq!(response.status(), StatusCode::CONFLICT);
        let body: serde_json::Value = response.json().await.expect("a JSON error body");
        match body["error"].as_str() {
            Some("draw_declined") => declined += 1,
            Some("search_in_progress") => {}
            _ => panic!("neither declined nor refused: {body}"),
        }
    }
    assert!(declined >= 1, "the searched offer was declined");
    assert_eq!(searches(), before + 1, "six offers at once, one search");
    let again = crate::helpers::expect_error(
        app.action(&winning, "draw").await,
        StatusCode::CONFLICT,
        "draw_declined",
    )
    .await;
    assert!(
        again["message"]
            .as_str()
            .is_some_and(|m| m.contains("for itself")),
        "the same reason: {again}"
    );
    assert_eq!(
        searches(),
        before + 1,
        "the declined position is not searched again"
    );

    let next = view["legal_moves"][0]["uci"]
        .as_str()
        .expect("a legal move");
    app.play(&winning, next).await;
    crate::helpers::expect_error(
        app.action(&winning, "draw").await,
        StatusCode::CONFLICT,
        "draw_declined",
    )
    .await;
    assert!(
        searches() >= before + 3,
        "after a move (and the engine's reply) the offer is thought over again"
    );
}

#[tokio::test]
async fn a_hint_while_the_engine_searches_its_reply_is_refused_with_search_in_progress() {
    let app = spawn_slow(1_500).await;
    let game = app.create(json!({ "color": "white" })).await;
    let (moved, hinted) = tokio::join!(app.play_raw(&game, json!({ "move": "e2e4" })), async {
        app.wait_for_ply(&game, 1).await;
        app.hint(&game).await
    });
    crate::helpers::expect_error(hinted, StatusCode::CONFLICT, "search_in_progress").await;
    assert_eq!(moved.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_move_while_a_hint_runs_stops_the_hint_and_is_answered() {
    let app = spawn_slow(1_500).await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let (hinted, moved) = tokio::join!(app.hint(&game), async {
        wait_for_search(&app).await;
        let started = Instant::now();
        let response = app.play_raw(&game, json!({ "move": "e2e4" })).await;
        (response, started.elapsed())
    });
    crate::helpers::expect_error(hinted, StatusCode::CONFLICT, "stale_ply").await;
    assert_eq!(moved.0.status(), StatusCode::OK);
    assert!(
        moved.1 < Duration::from_millis(1_200),
        "the move did not wait for the hint's search: {:?}",
        moved.1
    );
}
