//! The API's version: `/api/v1/…` serves what `/api/…` serves, and API answers carry
//! `API-Version: 1`.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, TestGame};
use crate::ndjson::LineWatcher;
use crate::sse::{EventStream, Watcher};

fn assert_v1(response: &Response) {
    assert_eq!(
        response
            .headers()
            .get("api-version")
            .map(|v| v.to_str().expect("ASCII")),
        Some("1"),
        "{} {:?}",
        response.url(),
        response.headers()
    );
}

#[tokio::test]
async fn a_game_is_created_played_read_and_watched_under_v1() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/v1/games"))
        .json(&json!({ "color": "white" }))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_v1(&response);
    let game = TestGame::from_created(&response.json().await.expect("JSON"));
    let events = format!("/api/v1/games/{}/events", game.id);
    let mut watcher = Watcher::connect_to(&app, &events, None).await;
    let mut lines = LineWatcher::connect_to(&app, &events).await;
    assert_eq!(watcher.next().await.data, game.view);
    assert_eq!(lines.next().await.data, game.view);

    let response = app
        .client
        .post(app.url(&format!("/api/v1/games/{}/moves", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({ "move": "e4" }))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::OK);
    assert_v1(&response);
    let reply: Value = response.json().await.expect("JSON");
    assert_eq!(reply["ply"], 2);

    let response = app.get(&format!("/api/v1/games/{}", game.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_v1(&response);
    assert_eq!(response.json::<Value>().await.expect("JSON"), reply);
    let last = watcher.until_game(|view| view["ply"] == 2).await;
    assert_eq!(last.last().expect("the reply").data, reply);
    let last = lines.until_game(|view| view["ply"] == 2).await;
    assert_eq!(last.last().expect("the reply").data, reply);

    // The same game under the unversioned alias.
    let response = app.get(&format!("/api/games/{}", game.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_v1(&response);
    assert_eq!(response.json::<Value>().await.expect("JSON"), reply);
}

#[tokio::test]
async fn the_unversioned_paths_keep_working_and_say_their_version() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = app.play_raw(&game, json!({ "move": "e4" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_v1(&response);
    for path in ["/api/health", "/api/v1/health"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_v1(&response);
    }
}

#[tokio::test]
async fn errors_under_v1_are_the_json_ones_with_the_version() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = app.get("/api/v1/nothing-here").await;
    assert_v1(&response);
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    let response = app.get(&format!("/api/v1/games/{}/moves", game.id)).await;
    assert_v1(&response);
    expect_error(
        response,
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
    )
    .await;
    let response = app.get("/api/v1/games/nosuchgame").await;
    assert_v1(&response);
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // Only the API says it; the client's pages do not.
    let page = app.get("/").await;
    assert!(page.headers().get("api-version").is_none());
    // `v10` is no version of ours.
    expect_error(
        app.get("/api/v10/health").await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
}
