//! Response headers that protect the browser: a strict Content-Security-Policy (Swagger UI gets
//! its own, scoped to `/api/docs`), no framing, no referrer; and a loopback server answers only
//! to its own host names (DNS rebinding).

use reqwest::StatusCode;

use crate::helpers::{expect_error, spawn_app, spawn_with, test_config, TestApp};

async fn get_as_host(app: &TestApp, path: &str, host: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .header("Host", host)
        .send()
        .await
        .expect("the server answers")
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_else(|| panic!("no {name} header"))
}

#[tokio::test]
async fn every_response_carries_a_strict_content_security_policy() {
    let app = spawn_app().await;
    for path in ["/api/health", "/api/nothing-here", "/", "/api/openapi.json"] {
        let response = app.get(path).await;
        let policy = header(&response, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert_eq!(
            header(&response, "referrer-policy"),
            "no-referrer",
            "{path}"
        );
        assert_eq!(header(&response, "x-frame-options"), "DENY", "{path}");
        assert_eq!(
            header(&response, "x-content-type-options"),
            "nosniff",
            "{path}"
        );
    }
}

#[tokio::test]
async fn swagger_ui_alone_may_style_inline_and_still_runs_no_inline_script() {
    let app = spawn_app().await;
    let response = app.get("/api/docs/").await;
    assert_eq!(response.status(), StatusCode::OK);
    let policy = header(&response, "content-security-policy").to_owned();
    assert!(
        policy.contains("style-src 'self' 'unsafe-inline'"),
        "{policy}"
    );
    assert!(policy.contains("script-src 'self';"), "{policy}");
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    let page = response.text().await.expect("the page");
    assert!(
        !page.contains("<script>") && page.contains("<script src="),
        "Swagger UI's scripts are files: {page}"
    );
}

#[tokio::test]
async fn a_loopback_server_refuses_foreign_host_headers() {
    let mut config = test_config();
    config.allowed_hosts = vec!["chess.example".into()];
    let app = spawn_with(config).await;
    for host in [
        "localhost:5173",
        "127.0.0.1",
        "[::1]:8080",
        "chess.example:8443",
    ] {
        let response = get_as_host(&app, "/api/health", host).await;
        assert_eq!(response.status(), StatusCode::OK, "{host}");
    }
    for host in [
        "evil.example",
        "evil.example:8080",
        "localhost.evil.example",
    ] {
        let response = get_as_host(&app, "/api/health", host).await;
        assert!(
            response.headers().contains_key("content-security-policy"),
            "refusals carry the headers too"
        );
        expect_error(response, StatusCode::MISDIRECTED_REQUEST, "unknown_host").await;
    }
}

#[tokio::test]
async fn an_answer_carrying_a_token_is_never_stored() {
    let app = spawn_app().await;
    let created = app
        .create_raw(&serde_json::json!({ "color": "white", "level": 1 }))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    assert_eq!(header(&created, "cache-control"), "no-store");
    let game = crate::helpers::TestGame::from_created(&created.json().await.expect("JSON"));
    let resigned = app.action(&game, "resign").await;
    assert_eq!(header(&resigned, "cache-control"), "no-store");
    let view = app.get(&format!("/api/games/{}", game.id)).await;
    assert_eq!(header(&view, "cache-control"), "no-store");
}
