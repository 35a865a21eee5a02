//! `GET /api/games?ids=`: the summaries of several games, and `POST /api/positions`, the preview
//! of a position before a game starts from it.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app};

#[tokio::test]
async fn summaries_come_in_the_order_asked_without_unknown_ids_or_any_token() {
    let app = spawn_app().await;
    let first = app.create(json!({ "color": "white", "level": 2 })).await;
    let second = app.create(json!({ "color": "white", "level": 5 })).await;
    app.play(&second, "e4").await;
    let asked = format!("{},zzzzzzzzzzzz,NOT-AN-ID,{}", second.id, first.id);
    let response = app.get(&format!("/api/games?ids={asked}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("a body");
    for secret in [&first.token, &second.token] {
        assert!(!text.contains(secret.as_str()), "a token leaked: {text}");
    }
    assert!(!text.contains("token"), "{text}");
    let body: Value = serde_json::from_str(&text).expect("JSON");
    let games = body["games"].as_array().expect("a list");
    let ids: Vec<&str> = games
        .iter()
        .map(|g| g["id"].as_str().expect("an id"))
        .collect();
    assert_eq!(ids, [second.id.as_str(), first.id.as_str()]);
    let played = &games[0];
    assert_eq!(played["level"], 5);
    assert_eq!(played["player_color"], "white");
    assert_eq!(played["status"], "ongoing");
    assert_eq!(played["result"], "*");
    assert_eq!(played["ply"], 2);
    assert_eq!(played["reason"], Value::Null);
    assert_eq!(played["winner"], Value::Null);
    assert_eq!(played["opening"]["eco"].as_str().map(str::len), Some(3));
    assert!(played["last_move_san"].is_string(), "{played}");
    assert_eq!(played["fen"], app.view(&second).await["fen"]);
    assert_eq!(games[1]["ply"], 0);
    assert_eq!(games[1]["last_move_san"], Value::Null);
    let keys: Vec<&String> = played.as_object().expect("an object").keys().collect();
    assert!(
        !keys
            .iter()
            .any(|key| key.contains("token") || key.contains("hash")),
        "{keys:?}"
    );
}

#[tokio::test]
async fn more_than_a_hundred_ids_are_refused_and_a_hundred_are_answered() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut ids = vec!["zzzzzzzzzzzz"; 99];
    ids.push(&game.id);
    let response = app.get(&format!("/api/games?ids={}", ids.join(","))).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["games"].as_array().map(Vec::len), Some(1));
    ids.push(&game.id);
    expect_error(
        app.get(&format!("/api/games?ids={}", ids.join(","))).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
    expect_error(
        app.get("/api/games").await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
}

/// `POST /api/positions` with `body`.
async fn preview(app: &crate::helpers::TestApp, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/positions"))
        .json(&body)
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn a_position_preview_shows_where_the_game_would_start_and_creates_nothing() {
    let app = spawn_app().await;
    let response = preview(&app, json!({ "pgn": "1. e4 e5 2. Nf3 Nc6 *" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(
        body,
        json!({
            "fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "turn": "white",
            "ply": 4,
            "moves": ["e4", "e5", "Nf3", "Nc6"],
            "legal_moves": 27,
        })
    );
    let fen = "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1";
    let body: Value = preview(&app, json!({ "fen": fen }))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        (body["fen"].as_str(), body["ply"].as_u64()),
        (Some(fen), Some(0))
    );
    assert_eq!(app.lifecycle.games().len(), 0, "nothing was created");
}

#[tokio::test]
async fn a_position_preview_refuses_what_a_new_game_would_refuse_with_the_same_words() {
    let app = spawn_app().await;
    for (body, code) in [
        (json!({ "fen": "8/8/8/8/8/8/8/8 w - - 0 1" }), "invalid_fen"),
        (json!({ "pgn": "1. e4 e5 2. Ke3 *" }), "invalid_pgn"),
        (
            json!({ "fen": "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "pgn": "1. e4 *" }),
            "invalid_request",
        ),
        (json!({}), "invalid_request"),
    ] {
        let previewed = expect_error(
            preview(&app, body.clone()).await,
            StatusCode::BAD_REQUEST,
            code,
        )
        .await;
        if code == "invalid_request" {
            continue; // a new game may start from neither (the initial position)
        }
        let mut create = body.clone();
        create["color"] = json!("white");
        let created =
            expect_error(app.create_raw(&create).await, StatusCode::BAD_REQUEST, code).await;
        assert_eq!(previewed["message"], created["message"], "{body}");
    }
}
