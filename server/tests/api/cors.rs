//! Cross-origin calls (`--cors-origin`): what a browser on another origin is told, and that a
//! server without the flag tells it nothing.

use reqwest::header::{HeaderMap, HeaderName};
use reqwest::{Method, Response, StatusCode};
use serde_json::json;

use crate::helpers::{spawn_app, spawn_with, test_config, TestApp};

const FRONTEND: &str = "https://chess.example";
const OTHER: &str = "https://evil.example";

async fn spawn_with_cors() -> TestApp {
    let mut config = test_config();
    config.cors_origins = vec![
        "https://chess.example/".parse().expect("an origin"),
        "http://localhost:5173".parse().expect("an origin"),
    ];
    spawn_with(config).await
}

/// The preflight a browser sends before `fetch(url, {method: "POST", headers: {Authorization,
/// "Content-Type": "application/json"}})` from `origin`.
async fn preflight(app: &TestApp, path: &str, origin: &str) -> Response {
    app.client
        .request(Method::OPTIONS, app.url(path))
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization,content-type",
        )
        .send()
        .await
        .expect("the server answers")
}

/// `GET /api/games/{id}` as a page on `origin` asks for it (a simple request: no preflight).
async fn view_from(app: &TestApp, id: &str, origin: &str) -> Response {
    let response = app
        .client
        .get(app.url(&format!("/api/games/{id}")))
        .header("origin", origin)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::OK);
    response
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(HeaderName::from_bytes(name.as_bytes()).expect("a header name"))
        .map(|value| value.to_str().expect("ASCII"))
}

/// The comma-separated names in `name`, lowercased.
fn listed(headers: &HeaderMap, name: &str) -> Vec<String> {
    header(headers, name)
        .unwrap_or_default()
        .split(',')
        .map(|item| item.trim().to_ascii_lowercase())
        .filter(|item| !item.is_empty())
        .collect()
}

fn has_no_cors_headers(headers: &HeaderMap) -> bool {
    !headers
        .keys()
        .any(|name| name.as_str().starts_with("access-control-"))
}

#[tokio::test]
async fn a_preflight_from_an_allowed_origin_allows_the_token_and_json() {
    let app = spawn_with_cors().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = preflight(&app, &format!("/api/games/{}/moves", game.id), FRONTEND).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert_eq!(
        header(headers, "access-control-allow-origin"),
        Some(FRONTEND)
    );
    let allowed = listed(headers, "access-control-allow-headers");
    for name in [
        "authorization",
        "content-type",
        "accept",
        "prefer",
        "last-event-id",
    ] {
        assert!(allowed.iter().any(|h| h == name), "{name} in {allowed:?}");
    }
    let methods = listed(headers, "access-control-allow-methods");
    assert!(methods.iter().any(|m| m == "post"), "{methods:?}");
    assert!(
        methods.iter().any(|m| m == "put"),
        "a game's tree: {methods:?}"
    );
    assert_eq!(header(headers, "access-control-max-age"), Some("3600"));
    assert_eq!(
        header(headers, "access-control-allow-credentials"),
        None,
        "bearer tokens, not cookies"
    );
}

#[tokio::test]
async fn an_authorized_move_from_an_allowed_origin_is_readable_there() {
    let app = spawn_with_cors().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = app
        .client
        .post(app.url(&format!("/api/games/{}/moves", game.id)))
        .header("origin", "http://localhost:5173")
        .bearer_auth(&game.token)
        .json(&json!({ "move": "e2e4" }))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert_eq!(
        header(headers, "access-control-allow-origin"),
        Some("http://localhost:5173")
    );
    let exposed = listed(headers, "access-control-expose-headers");
    for name in ["retry-after", "preference-applied", "location"] {
        assert!(exposed.iter().any(|h| h == name), "{name} in {exposed:?}");
    }
    let view: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(view["ply"], 2);
}

#[tokio::test]
async fn another_origin_is_not_allowed() {
    let app = spawn_with_cors().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = preflight(&app, &format!("/api/games/{}/moves", game.id), OTHER).await;
    assert_eq!(
        header(response.headers(), "access-control-allow-origin"),
        None
    );
    // A simple request is still answered (curl has no origin to check), but the browser is not
    // told it may read it.
    let response = view_from(&app, &game.id, OTHER).await;
    assert_eq!(
        header(response.headers(), "access-control-allow-origin"),
        None
    );
}

#[tokio::test]
async fn a_server_without_cors_origins_sends_no_cors_headers() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let path = format!("/api/games/{}/moves", game.id);
    let response = preflight(&app, &path, FRONTEND).await;
    assert!(
        has_no_cors_headers(response.headers()),
        "{:?}",
        response.headers()
    );
    let response = view_from(&app, &game.id, FRONTEND).await;
    assert!(
        has_no_cors_headers(response.headers()),
        "{:?}",
        response.headers()
    );
}
