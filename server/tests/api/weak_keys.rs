//! Issue #57: a key too weak to be a secret (under 128 bits, or a pattern) cannot start a game or
//! a rating: `POST /api/games` answers 400 `weak_key`, the lichess routes lichess's 400 saying why,
//! while a key made as the browser makes it is taken.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, TestApp};

/// The issue's two: 24 lowercase letters (113 bits at most), and 32 hex digits that are one
/// 16-digit string twice. Both pass the looser rule every request of a key in use is held to.
const WEAK: [&str; 2] = [
    "abcdefghabcdefghabcdefgh",
    "0123456789abcdef0123456789abcdef",
];

/// 24 random bytes in base64url, as `client/src/api/playerKey.ts` makes a browser's key.
const BROWSER_SHAPED: &str = "pQ7vX2mK9wLr_c4TbN0s-YhJ8dFgE1aU";

/// `request`, sent under `key`.
async fn under(key: &str, request: reqwest::RequestBuilder) -> reqwest::Response {
    request
        .bearer_auth(key)
        .send()
        .await
        .expect("the server answers")
}

async fn create_under(app: &TestApp, key: &str) -> reqwest::Response {
    let create = app.client.post(app.url("/api/games"));
    under(key, create.json(&json!({ "color": "white", "level": 1 }))).await
}

async fn estimate_under(app: &TestApp, key: &str) -> reqwest::Response {
    let estimate = app.client.put(app.url("/api/v1/account/estimate"));
    under(key, estimate.json(&json!({ "experience": "club" }))).await
}

/// Whether an error's sentence says the key is too weak.
fn says_too_weak(sentence: &Value) -> bool {
    sentence.as_str().is_some_and(|m| m.contains("too weak"))
}

#[tokio::test]
async fn the_issues_weak_keys_cannot_create_a_game_and_say_why() {
    let app = spawn_app().await;
    for key in WEAK {
        let response = create_under(&app, key).await;
        let body = expect_error(response, StatusCode::BAD_REQUEST, "weak_key").await;
        assert!(says_too_weak(&body["message"]), "{key}: {body}");
    }
    let account = app.client.get(app.url("/api/v1/account/games"));
    let listed: Value = under(WEAK[1], account).await.json().await.expect("JSON");
    assert_eq!(listed["games"], json!([]), "nothing was created under it");
}

#[tokio::test]
async fn a_browser_shaped_key_creates_its_game() {
    let app = spawn_app().await;
    let response = create_under(&app, BROWSER_SHAPED).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.expect("JSON");
    assert_eq!(created["token"], BROWSER_SHAPED);
}

#[tokio::test]
async fn weak_keys_cannot_start_a_rating_or_a_lichess_game_either() {
    let app = spawn_app().await;
    for key in WEAK {
        let estimate = estimate_under(&app, key).await;
        assert_eq!(estimate.status(), StatusCode::BAD_REQUEST, "{key}");
        let body: Value = estimate.json().await.expect("lichess's error body");
        assert!(says_too_weak(&body["error"]), "{body}");

        let challenge = app.client.post(app.url("/api/challenge/ai"));
        let challenge = under(key, challenge.form(&[("level", "1")])).await;
        assert_eq!(challenge.status(), StatusCode::BAD_REQUEST, "{key}");
    }
    let estimate = estimate_under(&app, BROWSER_SHAPED).await;
    assert_eq!(estimate.status(), StatusCode::OK);
}
