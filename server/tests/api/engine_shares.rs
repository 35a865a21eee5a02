//! Engine time shared by the second (issue #42): a long search yields to a player who waited
//! past the bound (a cheap search's player, at once), admission is per client and per aggregate share (a client with nothing
//! waiting always gets a place), and the lichess draw offer takes one of its client's places.
//! One real Stockfish each, clients told apart by loopback's `X-Forwarded-For`. Nothing here
//! asserts a duration: each test asserts an outcome that the mechanism decides (a move answered
//! rather than refused at its wait deadline, a search refused or admitted).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::fairness::{self, SLOW_FEN};
use crate::helpers::{create_as, expect_error, play_as, spawn_with, wait_until};
use crate::lichess::KEY;

/// Issue #22's fairness setup, with searches that may wait a minute (far past any bound tested
/// here).
fn config(cap_ms: u64) -> alphachess_server::Config {
    let mut config = fairness::config(cap_ms);
    config.queue_wait_ms = 60_000;
    config
}

fn slow() -> Value {
    json!({ "color": "white", "level": 21, "fen": SLOW_FEN })
}

#[tokio::test]
async fn a_long_search_is_stopped_for_a_player_who_waited_and_still_answers_a_legal_move() {
    // The full-strength search would run 120 s; the player may wait 20 s. Without preemption
    // the player's move is refused at its deadline (503) while the search runs on.
    let mut config = config(120_000);
    config.queue_wait_ms = 20_000;
    config.preempt_after_ms = 250;
    let app = spawn_with(config).await;
    let long = create_as(&app, "203.0.113.1", slow()).await;
    let player = create_as(
        &app,
        "198.51.100.7",
        json!({ "color": "white", "level": 9 }),
    )
    .await;
    let response = play_as(&app, "203.0.113.1", &long, "b1c3", false).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    wait_until(|| app.lifecycle.engines().status()[0].searching).await;

    let response = play_as(&app, "198.51.100.7", &player, "e2e4", true).await;
    assert_eq!(response.status(), StatusCode::OK, "the player's move");
    // The stopped search answered its best move so far: the long game goes on, legally.
    for _ in 0..2_000 {
        if app.view(&long).await["ply"] == 2 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the stopped search never answered");
}

#[tokio::test]
async fn a_cheap_search_stops_a_long_one_without_waiting_for_the_preemption_bound() {
    // The full-strength search would run 120 s; the bound is ten minutes, so only the cheap
    // class (a step-1 reply, depth 1) can stop it. Without it the step-1 move is refused at
    // its 20 s deadline (503) while the search runs on.
    let mut config = config(120_000);
    config.queue_wait_ms = 20_000;
    config.preempt_after_ms = 600_000;
    let app = spawn_with(config).await;
    let long = create_as(&app, "203.0.113.1", slow()).await;
    let player = create_as(
        &app,
        "198.51.100.7",
        json!({ "color": "white", "level": 9 }),
    )
    .await;
    let response = play_as(&app, "203.0.113.1", &long, "b1c3", false).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    wait_until(|| app.lifecycle.engines().status()[0].searching).await;

    let response = play_as(&app, "198.51.100.7", &player, "e2e4", true).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the step-1 player's move"
    );
    for _ in 0..2_000 {
        if app.view(&long).await["ply"] == 2 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the stopped search never answered");
}

#[tokio::test]
async fn a_player_with_nothing_queued_gets_a_place_in_a_live_lane_another_client_filled() {
    // Four places, two of them kept for clients with nothing waiting; two per client. No
    // preemption, so the lane stays as filled while the first search runs its 4 s.
    let mut config = config(4_000);
    config.queue_len = 4;
    config.queue_per_client = 2;
    config.preempt_after_ms = 600_000;
    let app = spawn_with(config).await;
    let mut flood = Vec::new();
    for _ in 0..4 {
        flood.push(create_as(&app, "203.0.113.1", slow()).await);
    }
    let player = create_as(
        &app,
        "198.51.100.7",
        json!({ "color": "white", "level": 9 }),
    )
    .await;
    let engines = app.lifecycle.engines();
    for game in &flood[..3] {
        let response = play_as(&app, "203.0.113.1", game, "b1c3", false).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    wait_until(|| engines.status()[0].searching && engines.queued().0 == 2).await;
    let refused = play_as(&app, "203.0.113.1", &flood[3], "b1c3", true).await;
    expect_error(refused, StatusCode::SERVICE_UNAVAILABLE, "engine_busy").await;

    let response = play_as(&app, "198.51.100.7", &player, "e2e4", true).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "a client with nothing queued got a place"
    );
}

#[tokio::test]
async fn the_64s_of_one_56_share_one_bound_and_other_clients_still_get_in() {
    let mut config = config(4_000);
    config.queue_per_prefix = 2;
    config.preempt_after_ms = 600_000;
    let app = spawn_with(config).await;
    let nets = [
        "2001:db8:0:100::1",
        "2001:db8:0:101::1",
        "2001:db8:0:102::1",
        "2001:db8:0:1ff::1",
    ];
    let mut games = Vec::new();
    for net in nets {
        games.push(create_as(&app, net, slow()).await);
    }
    let player = create_as(
        &app,
        "198.51.100.7",
        json!({ "color": "white", "level": 9 }),
    )
    .await;
    let engines = app.lifecycle.engines();
    for (net, game) in nets.iter().zip(&games).take(3) {
        let response = play_as(&app, net, game, "b1c3", false).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    wait_until(|| engines.status()[0].searching && engines.queued().0 == 2).await;
    let refused = play_as(&app, nets[3], &games[3], "b1c3", true).await;
    expect_error(refused, StatusCode::SERVICE_UNAVAILABLE, "engine_busy").await;

    let response = play_as(&app, "198.51.100.7", &player, "e2e4", true).await;
    assert_eq!(response.status(), StatusCode::OK, "another client got in");
}

#[tokio::test]
async fn a_lichess_draw_offer_takes_one_of_its_clients_places_for_engine_requests() {
    let mut config = config(3_000);
    config.searches_per_client = 1;
    let app = spawn_with(config).await;
    let lichess = app
        .ai_game(&[("level", "1"), ("color", "white")], KEY)
        .await;
    let hinted = create_as(&app, "203.0.113.5", slow()).await;
    let hint = {
        let request = app
            .client
            .get(app.url(&format!("/api/games/{}/hint", hinted.id)))
            .bearer_auth(&hinted.token)
            .header("X-Forwarded-For", "203.0.113.5")
            .send();
        tokio::spawn(request)
    };
    wait_until(|| app.lifecycle.engines().status()[0].searching).await;
    let offer = |client: &'static str| {
        app.client
            .post(app.url(&format!("/api/board/game/{lichess}/draw/yes")))
            .bearer_auth(KEY)
            .header("X-Forwarded-For", client)
            .send()
    };
    let refused = offer("203.0.113.5").await.expect("the server answers");
    assert_eq!(
        refused.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "the client's one place is the hint's"
    );
    let hint = hint.await.expect("joined").expect("the server answers");
    assert_eq!(hint.status(), StatusCode::OK);
    let answered = offer("203.0.113.5").await.expect("the server answers");
    assert_eq!(
        answered.status(),
        StatusCode::OK,
        "its place was given back"
    );
}
