//! Rated games (issue #38): a game counts for the player's rating only from the standard
//! position, with no takeback and no hint, and with two moves each; the server rates it itself,
//! under the key the game was created with, and `GET /api/account` serves that one rating.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, TestApp, TestGame};

/// A player's key of this suite's own (22+ base64url characters).
const KEY: &str = "R4t3dK3yQw9Zx8Yv7Ut6Sr5Pq";

/// Creates a game under `key` with `POST /api/games`.
async fn create_under(app: &TestApp, key: &str, body: Value) -> TestGame {
    let response = app
        .client
        .post(app.url("/api/games"))
        .bearer_auth(key)
        .json(&body)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::CREATED, "creating {body}");
    let created: Value = response.json().await.expect("JSON");
    assert_eq!(created["token"], key, "the key is the game's token");
    TestGame::from_created(&created)
}

/// `GET /api/account` for `key` from a client of its own (another device).
async fn perf(app: &TestApp, key: &str) -> Value {
    let other = reqwest::Client::new();
    let account: Value = other
        .get(app.url("/api/account"))
        .bearer_auth(key)
        .send()
        .await
        .expect("the server answers")
        .json()
        .await
        .expect("JSON");
    account["perfs"]["correspondence"].clone()
}

/// Waits until the key has counted `games` rated games.
async fn wait_for_games(app: &TestApp, key: &str, games: u64) -> Value {
    for _ in 0..300 {
        let perf = perf(app, key).await;
        if perf["games"] == games {
            return perf;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!(
        "{key} never counted {games} rated games: {}",
        perf(app, key).await
    );
}

/// Plays white's quiet moves (legal whatever the engine answers) and resigns.
async fn play_and_resign(app: &TestApp, game: &TestGame, moves: &[&str]) {
    for text in moves {
        app.play(game, text).await;
    }
    assert_eq!(app.action(game, "resign").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_standard_game_is_rated_and_a_fen_start_is_not() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    assert_eq!(game.view["rated"], true);
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let from_fen = app.create(json!({ "color": "black", "fen": fen })).await;
    assert_eq!(from_fen.view["rated"], false);
}

#[tokio::test]
async fn a_takeback_makes_the_game_casual() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    assert_eq!(app.play(&game, "a3").await["rated"], true);
    let response = app.action(&game, "takeback").await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("JSON");
    assert_eq!(view["rated"], false);
    assert_eq!(app.play(&game, "h3").await["rated"], false);
}

#[tokio::test]
async fn a_hint_makes_the_game_casual() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let response = app
        .client
        .get(app.url(&format!("/api/games/{}/hint", game.id)))
        .bearer_auth(&game.token)
        .send()
        .await
        .expect("answer");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.view(&game).await["rated"], false);
}

#[tokio::test]
async fn the_server_rates_a_finished_rated_game_under_its_key_once_for_every_client() {
    let app = spawn_app().await;
    let fresh = perf(&app, KEY).await;
    assert_eq!(
        fresh,
        json!({ "games": 0, "rating": 1500, "rd": 350, "prog": 0, "prov": true })
    );

    let game = create_under(&app, KEY, json!({ "color": "white", "level": 1 })).await;
    play_and_resign(&app, &game, &["a3", "h3"]).await;
    let after = wait_for_games(&app, KEY, 1).await;
    assert!(
        after["rating"].as_i64().expect("a rating") < 1500,
        "{after}"
    );
    assert_eq!(
        after["prog"],
        after["rating"].as_i64().expect("a rating") - 1500
    );
    // Another client with the key sees the same rating; the game's own token is the key.
    assert_eq!(perf(&app, KEY).await, after);
    let listed = app.get_as("/api/v1/account/games", KEY).await;
    assert!(listed.to_string().contains(&game.id), "{listed}");

    // A casual game (a takeback) and a two-move abort leave it alone; the next rated game counts.
    let casual = create_under(&app, KEY, json!({ "color": "white", "level": 1 })).await;
    app.play(&casual, "a3").await;
    assert_eq!(
        app.action(&casual, "takeback").await.status(),
        StatusCode::OK
    );
    play_and_resign(&app, &casual, &["a3", "h3"]).await;
    let short = create_under(&app, KEY, json!({ "color": "white", "level": 1 })).await;
    play_and_resign(&app, &short, &["a3"]).await;
    let rated = create_under(&app, KEY, json!({ "color": "white", "level": 1 })).await;
    play_and_resign(&app, &rated, &["a3", "h3"]).await;
    let two = wait_for_games(&app, KEY, 2).await;
    assert!(two["rating"].as_i64() < after["rating"].as_i64(), "{two}");
}

#[tokio::test]
async fn a_create_with_a_key_that_is_not_usable_is_refused() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/games"))
        .bearer_auth("short")
        .json(&json!({}))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_two_move_resignation_aborts_the_game_unrated_unreviewed_and_leaves_the_key_alone() {
    const SHORT_KEY: &str = "Sh0rtK3yAb9Zx8Yv7Ut6Sr5Pq";
    let app = spawn_app().await;
    let short = create_under(&app, SHORT_KEY, json!({ "color": "white", "level": 1 })).await;
    let replied = app.play(&short, "e4").await;
    assert_eq!(replied["rated"], true);
    assert_eq!(replied["can_abort"], true, "one move each: {replied}");
    // No draw can be offered yet (lila's `drawable`): the game can only be aborted.
    let offer = app.action(&short, "draw").await;
    expect_error(offer, StatusCode::CONFLICT, "draw_too_early").await;
    let response = app.action(&short, "resign").await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("JSON");
    assert_eq!(
        (&view["status"], &view["result"], &view["rated"]),
        (&json!("aborted"), &json!("*"), &json!(false)),
        "{view}"
    );
    assert!(view["reason"].is_null(), "{view}");
    let review = app.action(&short, "analysis").await;
    expect_error(review, StatusCode::CONFLICT, "game_aborted").await;
    let shown = app.get(&format!("/api/games/{}/analysis", short.id)).await;
    assert_eq!(shown.status(), StatusCode::NOT_FOUND, "never queued");
    let pgn = app.pgn(&short.id).await;
    assert!(pgn.contains("[Termination \"Abandoned\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert_eq!(perf(&app, SHORT_KEY).await["games"], 0);

    // The next rated game is the key's first: the short one was never counted.
    let rated = create_under(&app, SHORT_KEY, json!({ "color": "white", "level": 1 })).await;
    play_and_resign(&app, &rated, &["a3", "h3"]).await;
    let view = app.view(&rated).await;
    assert_eq!(
        (&view["status"], &view["reason"], &view["rated"]),
        (&json!("finished"), &json!("resignation"), &json!(true)),
        "two moves each: a real resignation, {view}"
    );
    let perf = wait_for_games(&app, SHORT_KEY, 1).await;
    assert_eq!(perf["games"], 1, "{perf}");
}

#[tokio::test]
async fn abort_works_until_each_side_made_two_moves_and_not_after() {
    let app = spawn_app().await;
    // Black: the engine's move, the player's, the engine's: three plies, black has one move.
    let black = app.create(json!({ "color": "black", "level": 1 })).await;
    app.wait_for_ply(&black, 1).await;
    let first = app.view(&black).await["legal_moves"][0]["uci"]
        .as_str()
        .expect("a legal move")
        .to_owned();
    let view = app.play(&black, &first).await;
    assert_eq!(view["ply"], 3, "{view}");
    let aborted = app.action(&black, "abort").await;
    assert_eq!(aborted.status(), StatusCode::OK);
    let aborted: Value = aborted.json().await.expect("JSON");
    assert_eq!(aborted["status"], "aborted", "{aborted}");

    // White after a3 and h3 and the engine's two replies: four plies, too late.
    let white = app.create(json!({ "color": "white", "level": 1 })).await;
    app.play(&white, "a3").await;
    let view = app.play(&white, "h3").await;
    assert_eq!(
        (&view["ply"], &view["can_abort"]),
        (&json!(4), &json!(false))
    );
    let late = app.action(&white, "abort").await;
    expect_error(late, StatusCode::CONFLICT, "abort_too_late").await;
}

/// `PUT /api/v1/account/estimate` for `key`.
async fn estimate(app: &TestApp, key: &str, experience: &str) -> (StatusCode, Value) {
    let response = app
        .client
        .put(app.url("/api/v1/account/estimate"))
        .bearer_auth(key)
        .json(&json!({ "experience": experience }))
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_first_visit_s_estimate_starts_the_rating_until_a_rated_game_counts() {
    const NEW_KEY: &str = "Est1mat3Ab9Zx8Yv7Ut6Sr5Pq";
    let app = spawn_app().await;
    let (status, strong) = estimate(&app, NEW_KEY, "strong").await;
    assert_eq!(status, StatusCode::OK, "{strong}");
    assert_eq!(strong["games"], 0);
    assert_eq!(strong["rd"], 350, "a new player's deviation stays high");
    let (_, new) = estimate(&app, NEW_KEY, "new").await;
    assert!(
        new["rating"].as_i64() < strong["rating"].as_i64(),
        "{new} {strong}"
    );
    assert_eq!(perf(&app, NEW_KEY).await, new, "GET /api/account serves it");

    let game = create_under(&app, NEW_KEY, json!({ "color": "white", "level": 1 })).await;
    play_and_resign(&app, &game, &["a3", "h3"]).await;
    let rated = wait_for_games(&app, NEW_KEY, 1).await;
    let (status, after) = estimate(&app, NEW_KEY, "strong").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        after, rated,
        "once a rated game counts, an estimate changes nothing"
    );

    let (status, _) = estimate(&app, NEW_KEY, "grandmaster").await;
    assert!(status.is_client_error());
}
