//! "What would a 1500 play here?", `GET /api/explore/human`, with the real networks: the band's
//! likeliest moves, legal, in order, as the API document shows them; clear refusals.

use std::time::Duration;

use alphachess_engine::{Game, Position, SanPlus, UciMove};
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{expect_error, spawn_app, spawn_with, test_config, TestApp};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

async fn ask(app: &TestApp, query: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("/api/explore/human?{query}")))
        .send()
        .await
        .expect("the server answers")
}

/// The answer for `band` after `moves` from the start, checked: every move legal with the
/// rules crate's SAN, probabilities in (0, 1], sorted, adding up to at most 1.
async fn human_moves(app: &TestApp, band: u16, moves: &str, count: &str) -> Value {
    let response = ask(
        app,
        &format!("band={band}&fen={START}&moves={moves}{count}"),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["band"], band, "{body}");
    let game = Game::from_uci_moves(
        Position::startpos(),
        moves.split(',').filter(|m| !m.is_empty()),
    )
    .expect("test moves are legal");
    let listed = body["moves"].as_array().expect("moves");
    let probabilities: Vec<f64> = listed
        .iter()
        .map(|m| m["probability"].as_f64().expect("a probability"))
        .collect();
    for m in listed {
        let uci: UciMove = m["uci"].as_str().expect("uci").parse().expect("UCI");
        let legal = uci.to_move(game.position()).expect("a legal move");
        assert_eq!(
            m["san"],
            SanPlus::from_move(game.position(), legal).to_string()
        );
    }
    assert!(
        probabilities.iter().all(|p| *p > 0.0 && *p <= 1.0),
        "{body}"
    );
    assert!(
        probabilities.windows(2).all(|w| w[0] >= w[1]),
        "sorted: {body}"
    );
    assert!(probabilities.iter().sum::<f64>() <= 1.0 + 1e-6, "{body}");
    body
}

fn ucis(body: &Value) -> Vec<&str> {
    body["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["uci"].as_str().expect("uci"))
        .collect()
}

#[tokio::test]
async fn after_e4_each_band_answers_with_people_s_replies_most_likely_first() {
    let app = spawn_app().await;
    for band in [1100, 1500, 1900] {
        let body = human_moves(&app, band, "e2e4", "").await;
        let moves = ucis(&body);
        assert_eq!(moves.len(), 5, "five by default: {body}");
        assert!(
            moves[..2].contains(&"e7e5") && moves[..3].contains(&"c7c5"),
            "{body}"
        );
    }
    let three = human_moves(&app, 1500, "e2e4", "&count=3").await;
    assert_eq!(ucis(&three).len(), 3);
}

#[tokio::test]
async fn the_documented_example_is_the_server_s_answer() {
    let app = spawn_app().await;
    let live = human_moves(&app, 1500, "e2e4", "&count=3").await;
    let documented = alphachess_server::http::routes::human_moves::example();
    assert_eq!(ucis(&live), ucis(&documented), "{live}");
    let whole = live.clone();
    for (live, documented) in live["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .zip(documented["moves"].as_array().expect("moves"))
    {
        assert_eq!(live["san"], documented["san"]);
        let (a, b) = (
            live["probability"].as_f64().expect("p"),
            documented["probability"].as_f64().expect("p"),
        );
        assert!(
            (a - b).abs() < 1e-3,
            "{live} vs {documented} (documented {whole})"
        );
    }
}

#[tokio::test]
async fn the_game_s_history_reaches_the_network() {
    let app = spawn_app().await;
    // The same position, with its moves and as a bare FEN: the network reads the history.
    let moves = "e2e4,e7e5,g1f3,b8c6";
    let with_history = human_moves(&app, 1500, moves, "").await;
    let game = Game::from_uci_moves(Position::startpos(), moves.split(',')).expect("legal");
    let fen = game.position().to_fen().replace(' ', "%20");
    let response = ask(&app, &format!("band=1500&fen={fen}")).await;
    let bare: Value = response.json().await.expect("JSON");
    assert_eq!(ucis(&with_history).len(), ucis(&bare).len());
    assert_ne!(with_history["moves"], bare["moves"], "history changes it");
}

#[tokio::test]
async fn a_finished_game_lists_no_moves() {
    let app = spawn_app().await;
    let body = human_moves(&app, 1300, "f2f3,e7e5,g2g4,d8h4", "").await;
    assert_eq!(body["moves"], serde_json::json!([]));
}

#[tokio::test]
async fn bad_bands_positions_and_moves_are_refused_with_a_clear_message() {
    let app = spawn_app().await;
    for (query, status, code, says) in [
        (
            "band=1550&fen={START}",
            400,
            "invalid_request",
            "Band must be one of 1100",
        ),
        (
            "band=2000&fen={START}",
            400,
            "invalid_request",
            "not \"2000\"",
        ),
        (
            "band=abc&fen={START}",
            400,
            "invalid_request",
            "Band must be one of",
        ),
        ("fen={START}", 400, "invalid_request", "band"),
        ("band=1500", 400, "invalid_request", "fen"),
        (
            "band=1500&fen={START}&count=0",
            400,
            "invalid_request",
            "Count must be 1 to 5",
        ),
        (
            "band=1500&fen={START}&count=6",
            400,
            "invalid_request",
            "Count must be 1 to 5",
        ),
        (
            "band=1500&fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201",
            400,
            "invalid_fen",
            "king",
        ),
        (
            "band=1500&fen={START}&moves=e2e4,e2e5",
            422,
            "illegal_move",
            "Move 2 of moves, e2e5",
        ),
        (
            "band=1500&fen={START}&moves=e2e4,zz",
            400,
            "invalid_request",
            "\"zz\", is not UCI",
        ),
    ] {
        let query = query.replace("{START}", &START.replace(' ', "%20"));
        let status = StatusCode::from_u16(status).expect("a status");
        let body = expect_error(ask(&app, &query).await, status, code).await;
        let message = body["message"].as_str().expect("a message");
        assert!(message.contains(says), "{query}: {message}");
    }
}

#[tokio::test]
async fn a_client_with_its_engine_requests_in_progress_is_refused() {
    let mut config = test_config();
    config.searches_per_client = 1;
    // Hints search at full depth: this one runs into the move time cap, holding the place.
    config.depth = 40;
    config.move_time_cap_ms = 1_500;
    let app = spawn_with(config).await;
    let game = app
        .create(serde_json::json!({ "color": "white", "level": 1 }))
        .await;
    let hint = app
        .client
        .get(app.url(&format!("/api/games/{}/hint", game.id)))
        .bearer_auth(&game.token)
        .send();
    let hint = tokio::spawn(hint);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let query = format!("band=1500&fen={}", START.replace(' ', "%20"));
    let refused = ask(&app, &query).await;
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    let hint = hint.await.expect("joined").expect("the server answers");
    assert_eq!(hint.status(), StatusCode::OK);
    human_moves(&app, 1500, "", "").await;
}
