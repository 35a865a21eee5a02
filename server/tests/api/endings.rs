//! Abort, draw offers to the real Stockfish, and draw claims.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app};

#[tokio::test]
async fn a_game_is_aborted_until_each_side_made_two_moves_and_not_after() {
    let app = spawn_app().await;
    let opened = app.create(json!({ "color": "black", "level": 1 })).await;
    assert_eq!(opened.view["ply"], 1, "Stockfish opened");
    assert_eq!(opened.view["can_abort"], true);
    let response = app.action(&opened, "abort").await;
    assert_eq!(response.status(), StatusCode::OK);
    let aborted: Value = response.json().await.expect("JSON");
    assert_eq!(aborted["status"], "aborted");
    assert_eq!(aborted["result"], "*");
    assert_eq!(aborted["reason"], Value::Null);
    assert_eq!(aborted["winner"], Value::Null);
    assert_eq!(aborted["can_abort"], false);
    assert_eq!(aborted["legal_moves"], json!([]));
    assert_eq!(app.view(&opened).await, aborted);
    expect_error(
        app.action(&opened, "abort").await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
    expect_error(
        app.play_raw(&opened, json!({ "move": "e5" })).await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;

    let played = app.create(json!({ "color": "white", "level": 1 })).await;
    let after = app.play(&played, "e4").await;
    assert_eq!(after["can_abort"], true, "one move each");
    let after = app.play(&played, "a3").await;
    assert_eq!(after["can_abort"], false, "two moves each");
    expect_error(
        app.action(&played, "abort").await,
        StatusCode::CONFLICT,
        "abort_too_late",
    )
    .await;
}

#[tokio::test]
async fn stockfish_accepts_a_draw_in_a_drawn_ending_and_a_level_late_position() {
    let app = spawn_app().await;
    // Bishop against knight, no pawns: accepted whatever the move number.
    let minor = app
        .create(json!({ "color": "white", "fen": "8/8/4k3/3n4/8/3BK3/8/8 w - - 0 12" }))
        .await;
    // No draw is offered before each side made two moves (the game can only be aborted then).
    expect_error(
        app.action(&minor, "draw").await,
        StatusCode::CONFLICT,
        "draw_too_early",
    )
    .await;
    app.play_opening(&minor).await;
    let response = app.action(&minor, "draw").await;
    assert_eq!(response.status(), StatusCode::OK);
    let drawn: Value = response.json().await.expect("JSON");
    assert_eq!(drawn["status"], "finished");
    assert_eq!(drawn["result"], "1/2-1/2");
    assert_eq!(drawn["reason"], "agreement");
    assert_eq!(drawn["winner"], Value::Null);

    // Blocked king-and-pawn ending after move 30: Stockfish's own search says 0.00.
    let blocked = app
        .create(json!({ "color": "white", "fen": "8/4k3/8/4p3/4P3/4K3/8/8 w - - 0 40" }))
        .await;
    app.play_opening(&blocked).await;
    let response = app.action(&blocked, "draw").await;
    assert_eq!(response.status(), StatusCode::OK);
    let drawn: Value = response.json().await.expect("JSON");
    assert_eq!(drawn["reason"], "agreement");
    expect_error(
        app.action(&blocked, "draw").await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
}

#[tokio::test]
async fn stockfish_declines_a_draw_when_it_wins_and_before_move_31_saying_why() {
    let app = spawn_app().await;
    let winning = app
        .create(json!({ "color": "white", "fen": "3qk3/8/8/8/8/8/8/4K3 w - - 0 40" }))
        .await;
    app.play_opening(&winning).await;
    let body = expect_error(
        app.action(&winning, "draw").await,
        StatusCode::CONFLICT,
        "draw_declined",
    )
    .await;
    let message = body["message"].as_str().expect("a sentence");
    assert!(message.starts_with("Stockfish declines: it "), "{message}");
    assert!(message.contains("for itself"), "{message}");
    assert_eq!(app.view(&winning).await["status"], "ongoing");

    let early = app.create(json!({ "color": "white", "level": 1 })).await;
    app.play_opening(&early).await;
    let body = expect_error(
        app.action(&early, "draw").await,
        StatusCode::CONFLICT,
        "draw_declined",
    )
    .await;
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("move 31")),
        "{body}"
    );
}

#[tokio::test]
async fn a_live_game_has_no_draw_to_claim() {
    let app = spawn_app().await;
    // Played on past a threefold repetition, then a new position: nothing to claim there.
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
    let imported = app
        .create(json!({ "color": "white", "pgn": shuffle }))
        .await;
    assert_eq!(imported.view["can_claim_draw"], false);
    expect_error(
        app.action(&imported, "claim-draw").await,
        StatusCode::CONFLICT,
        "no_draw_to_claim",
    )
    .await;
    assert_eq!(
        imported.view["can_abort"], false,
        "a PGN's moves are the game's: two moves each"
    );
}

#[tokio::test]
async fn an_imported_game_ending_on_a_threefold_repetition_can_be_claimed() {
    let app = spawn_app().await;
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
    let imported = app
        .create(json!({ "color": "white", "pgn": shuffle }))
        .await;
    assert_eq!(
        imported.view["status"], "ongoing",
        "over the board, a claim"
    );
    assert_eq!(imported.view["can_claim_draw"], true);
    let response = app.action(&imported, "claim-draw").await;
    assert_eq!(response.status(), StatusCode::OK);
    let claimed: Value = response.json().await.expect("JSON");
    assert_eq!(claimed["status"], "finished");
    assert_eq!(claimed["result"], "1/2-1/2");
    assert_eq!(claimed["reason"], "threefold_repetition");
    assert_eq!(app.view(&imported).await, claimed);
}
