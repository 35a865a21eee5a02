//! Moves that do not wait for the engine (`Prefer: respond-async`, `?wait=false`): 202 with the
//! player's move at once, the reply on the stream and in the next view.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{
    expect_error, fake_engine, spawn_app, spawn_with, test_config, without_version, TestApp,
    TestGame,
};
use crate::ndjson::LineWatcher;
use crate::sse::{EventStream, Watcher};

/// `POST /api/games/{id}/moves{query}` with the token and, if given, a `Prefer` header.
async fn post_move(
    app: &TestApp,
    game: &TestGame,
    query: &str,
    prefer: Option<&str>,
    text: &str,
) -> Response {
    let mut request = app
        .client
        .post(app.url(&format!("/api/games/{}/moves{query}", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({ "move": text }));
    if let Some(prefer) = prefer {
        request = request.header("prefer", prefer);
    }
    request.send().await.expect("the server answers")
}

/// Asserts a 202 for the player's move `san`; returns the view it carries.
async fn accepted(response: Response, san: &str) -> Value {
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(response.headers()["preference-applied"], "respond-async");
    let view: Value = response.json().await.expect("JSON");
    assert_eq!(view["ply"], 1, "{view}");
    assert_eq!(view["moves"][0]["san"], san, "{view}");
    assert_eq!(
        view["engine_thinking"], true,
        "the engine is to move: {view}"
    );
    assert_eq!(view["turn"], "black", "{view}");
    view
}

#[tokio::test]
async fn a_move_preferring_respond_async_is_answered_at_once_and_the_reply_is_streamed() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut watcher = Watcher::connect(&app, &game.id).await;
    assert_eq!(watcher.next().await.data["ply"], 0);
    let response = post_move(&app, &game, "", Some("respond-async, wait=5"), "e4").await;
    accepted(response, "e4").await;
    let events = watcher.until_game(|view| view["ply"] == 2).await;
    let reply = &events.last().expect("the reply").data;
    assert_eq!(reply["moves"][0]["san"], "e4");
    assert_eq!(reply["engine_thinking"], false);
    assert_eq!(reply["turn"], "white");
    assert_eq!(&app.view(&game).await, reply, "the next GET has the reply");
    assert!(
        events.iter().all(|e| e.name != "engine_error"),
        "{events:?}"
    );
}

#[tokio::test]
async fn wait_false_in_the_query_does_the_same() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut watcher = LineWatcher::connect(&app, &game.id).await;
    assert_eq!(watcher.next().await.data["ply"], 0);
    accepted(
        post_move(&app, &game, "?wait=false", None, "d2d4").await,
        "d4",
    )
    .await;
    let events = watcher.until_game(|view| view["ply"] == 2).await;
    assert_eq!(
        &app.view(&game).await,
        &events.last().expect("the reply").data
    );
}

#[tokio::test]
async fn without_the_preference_a_move_still_waits_for_the_reply() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    for (query, prefer, text) in [
        ("", None, "e4"),
        ("", Some("return=minimal"), "Nf3"),
        ("?wait=true", None, "Bc4"),
    ] {
        let response = post_move(&app, &game, query, prefer, text).await;
        assert_eq!(response.status(), StatusCode::OK, "{text}");
        assert!(response.headers().get("preference-applied").is_none());
        let view: Value = response.json().await.expect("JSON");
        assert_eq!(view["engine_thinking"], false, "{view}");
        assert_eq!(view["turn"], "white", "the reply is in: {view}");
    }
}

#[tokio::test]
async fn refusals_before_the_search_are_answered_as_when_waiting() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let async_ = Some("respond-async");
    expect_error(
        post_move(&app, &game, "", async_, "e2e5").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    expect_error(
        post_move(&app, &game, "", async_, "zz").await,
        StatusCode::BAD_REQUEST,
        "invalid_move_notation",
    )
    .await;
    expect_error(
        post_move(&app, &game, "?wait=perhaps", None, "e4").await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
    assert_eq!(app.view(&game).await["ply"], 0);
}

#[tokio::test]
async fn a_mating_move_leaves_nothing_to_wait_for_and_is_answered_200() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" }))
        .await;
    let response = post_move(&app, &game, "", Some("respond-async"), "Ra8#").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("preference-applied").is_none());
    let view: Value = response.json().await.expect("JSON");
    assert_eq!(view["status"], "finished", "{view}");
    assert_eq!(view["winner"], "white", "{view}");
}

#[tokio::test]
async fn a_failing_reply_takes_the_move_back_and_is_reported_on_the_stream() {
    let mut config = test_config();
    config.stockfish = vec![fake_engine().into()];
    config.move_time_cap_ms = 300;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white" })).await;
    let before = app.view(&game).await;
    let mut sse = Watcher::connect(&app, &game.id).await;
    let mut lines = LineWatcher::connect(&app, &game.id).await;
    assert_eq!(sse.next().await.data, before);
    assert_eq!(lines.next().await.data, before);
    // b2b3 makes the fake engine crash mid-search: the waiting call would answer 502.
    accepted(
        post_move(&app, &game, "", Some("respond-async"), "b2b3").await,
        "b3",
    )
    .await;
    for events in [
        sse.until_game(|view| view["ply"] == 0).await,
        lines.until_game(|view| view["ply"] == 0).await,
    ] {
        let undone = &events.last().expect("the undo").data;
        assert_eq!(
            without_version(undone),
            without_version(&before),
            "{events:?}"
        );
    }
    for error in [sse.next().await, lines.next().await] {
        assert_eq!(error.name, "engine_error");
        assert_eq!(error.data["error"], "engine_failed", "{:?}", error.data);
        assert!(error.data["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
    }
    assert_eq!(
        without_version(&app.view(&game).await),
        without_version(&before),
        "the move is taken back"
    );
    // The game goes on.
    assert_eq!(app.play(&game, "e2e4").await["ply"], 2);
}
