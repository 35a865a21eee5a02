//! Every error code of the contract, each with its status and the JSON envelope.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, spawn_with, test_config};

#[tokio::test]
async fn malformed_bodies_are_400_malformed_json() {
    let app = spawn_app().await;
    let not_json = app
        .client
        .post(app.url("/api/games"))
        .header("content-type", "application/json")
        .body("{\"color\": ")
        .send()
        .await
        .expect("answer");
    expect_error(not_json, StatusCode::BAD_REQUEST, "malformed_json").await;

    let wrong_type = app
        .create_raw(&json!({ "color": "white", "level": "eight" }))
        .await;
    expect_error(wrong_type, StatusCode::BAD_REQUEST, "malformed_json").await;

    let missing_field = app.create_raw(&json!({ "level": 3 })).await;
    expect_error(missing_field, StatusCode::BAD_REQUEST, "malformed_json").await;

    let wrong_content_type = app
        .client
        .post(app.url("/api/games"))
        .header("content-type", "text/plain")
        .body("{\"color\": \"white\"}")
        .send()
        .await
        .expect("answer");
    expect_error(
        wrong_content_type,
        StatusCode::BAD_REQUEST,
        "malformed_json",
    )
    .await;
}

#[tokio::test]
async fn out_of_range_values_are_400_invalid_request() {
    let app = spawn_app().await;
    for body in [
        json!({ "color": "purple" }),
        json!({ "color": "white", "level": 0 }),
        json!({ "color": "white", "level": 22 }),
        json!({ "color": "white", "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "pgn": "1. e4 *" }),
    ] {
        expect_error(
            app.create_raw(&body).await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        )
        .await;
    }
}

#[tokio::test]
async fn bad_fens_and_pgns_are_400_and_say_why() {
    let app = spawn_app().await;
    let no_king = expect_error(
        app.create_raw(&json!({ "color": "white", "fen": "8/8/8/8/8/8/8/4K3 w - - 0 1" }))
            .await,
        StatusCode::BAD_REQUEST,
        "invalid_fen",
    )
    .await;
    assert!(
        no_king["message"]
            .as_str()
            .is_some_and(|m| m.contains("king")),
        "{no_king}"
    );
    expect_error(
        app.create_raw(&json!({ "color": "white", "fen": "not a fen" }))
            .await,
        StatusCode::BAD_REQUEST,
        "invalid_fen",
    )
    .await;
    let illegal = expect_error(
        app.create_raw(&json!({ "color": "white", "pgn": "1. e4 e5 2. Ke3 *" }))
            .await,
        StatusCode::BAD_REQUEST,
        "invalid_pgn",
    )
    .await;
    assert!(
        illegal["message"]
            .as_str()
            .is_some_and(|m| m.contains("Ke3")),
        "{illegal}"
    );
}

#[tokio::test]
async fn move_errors_have_their_codes() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;

    expect_error(
        app.play_raw(&game, json!({ "move": "hello" })).await,
        StatusCode::BAD_REQUEST,
        "invalid_move_notation",
    )
    .await;
    let illegal = expect_error(
        app.play_raw(&game, json!({ "move": "e2e5" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    assert_eq!(illegal["legal_moves"], 20);
    expect_error(
        app.play_raw(&game, json!({ "move": "Nf6" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    expect_error(
        app.play_raw(&game, json!({ "move": "e4", "expected_ply": 7 }))
            .await,
        StatusCode::CONFLICT,
        "stale_ply",
    )
    .await;
    expect_error(
        app.action(&game, "takeback").await,
        StatusCode::CONFLICT,
        "nothing_to_take_back",
    )
    .await;
    // None of that changed the game.
    assert_eq!(app.view(&game).await["ply"], 0);
}

#[tokio::test]
async fn writes_need_the_token_and_a_wrong_one_is_told_so() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;

    let no_token = app
        .client
        .post(app.url(&format!("/api/games/{}/moves", game.id)))
        .json(&json!({ "move": "e4" }))
        .send()
        .await
        .expect("answer");
    expect_error(no_token, StatusCode::UNAUTHORIZED, "missing_token").await;

    let wrong = app
        .client
        .post(app.url(&format!("/api/games/{}/resign", game.id)))
        .bearer_auth("0".repeat(64))
        .send()
        .await
        .expect("answer");
    // Anyone may read the game, so a wrong token is said to be wrong (issue #40), not disguised
    // as an unknown game.
    let wrong_body: Value = expect_error(wrong, StatusCode::UNAUTHORIZED, "wrong_token").await;
    let unknown = app
        .client
        .post(app.url("/api/games/aaaaaaaaaaaa/resign"))
        .bearer_auth(&game.token)
        .send()
        .await
        .expect("answer");
    let unknown_body = expect_error(unknown, StatusCode::NOT_FOUND, "game_not_found").await;
    assert_ne!(wrong_body, unknown_body);

    // Someone else's token does not work either.
    let other = app.create(json!({ "color": "white" })).await;
    let foreign = app
        .client
        .get(app.url(&format!("/api/games/{}/hint", game.id)))
        .bearer_auth(&other.token)
        .send()
        .await
        .expect("answer");
    expect_error(foreign, StatusCode::UNAUTHORIZED, "wrong_token").await;
    assert_eq!(app.view(&game).await["status"], "ongoing");
}

#[tokio::test]
async fn unknown_games_and_api_paths_are_json_404s() {
    let app = spawn_app().await;
    expect_error(
        app.get("/api/games/aaaaaaaaaaaa").await,
        StatusCode::NOT_FOUND,
        "game_not_found",
    )
    .await;
    expect_error(
        app.get("/api/games/..%2Fetc").await,
        StatusCode::NOT_FOUND,
        "game_not_found",
    )
    .await;
    expect_error(
        app.get("/api/games/aaaaaaaaaaaa/pgn").await,
        StatusCode::NOT_FOUND,
        "game_not_found",
    )
    .await;
    expect_error(
        app.get("/api/nothing/here").await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
}

#[tokio::test]
async fn a_body_over_64_kib_is_413() {
    let app = spawn_app().await;
    let huge = format!("1. e4 {{{}}} *", "x".repeat(70 * 1024));
    expect_error(
        app.create_raw(&json!({ "color": "white", "pgn": huge }))
            .await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
    )
    .await;
    // An annotated PGN just under the limit is fine.
    let annotated = format!("1. e4 {{{}}} *", "x".repeat(60 * 1024));
    assert_eq!(
        app.create_raw(&json!({ "color": "white", "pgn": annotated }))
            .await
            .status(),
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn the_live_game_cap_answers_503_too_many_games() {
    let mut config = test_config();
    config.max_games = 1;
    let app = spawn_with(config).await;
    app.create(json!({ "color": "white" })).await;
    expect_error(
        app.create_raw(&json!({ "color": "white" })).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "too_many_games",
    )
    .await;
}

#[tokio::test]
async fn health_and_ready_answer() {
    let app = spawn_app().await;
    let health: Value = app.get("/api/health").await.json().await.expect("JSON");
    assert_eq!(health, json!({ "status": "ok" }));
    let ready = app.get("/api/ready").await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(
        ready.json::<Value>().await.expect("JSON"),
        json!({ "status": "ready" })
    );
}

#[tokio::test]
async fn odd_inputs_always_get_the_error_envelope_and_never_break_the_game() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let bodies = [
        json!({ "move": "" }),
        json!({ "move": "é4" }),
        json!({ "move": "0000" }),
        json!({ "move": "O-O" }),
        json!({ "move": "e2e4", "expected_ply": -1 }),
        json!({ "move": "e2e4", "expected_ply": 1e30 }),
        json!({ "move": ["e2e4"] }),
        json!({ "move": null }),
        json!([1, 2, 3]),
        json!("e2e4"),
        json!({ "move": "x".repeat(10_000) }),
        json!({ "move": "\u{0}" }),
    ];
    for body in bodies {
        let response = app.play_raw(&game, body.clone()).await;
        let status = response.status();
        assert!(status.is_client_error(), "{body}: {status}");
        let envelope: Value = response.json().await.expect("a JSON envelope");
        assert!(
            envelope["error"].is_string() && envelope["message"].is_string(),
            "{body}: {envelope}"
        );
    }
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let response = app
        .client
        .post(app.url("/api/games"))
        .header("content-type", "application/json")
        .body(deep)
        .send()
        .await
        .expect("answer");
    expect_error(response, StatusCode::BAD_REQUEST, "malformed_json").await;
    assert_eq!(app.view(&game).await["ply"], 0);
    assert_eq!(app.play(&game, "e4").await["ply"], 2);
}
