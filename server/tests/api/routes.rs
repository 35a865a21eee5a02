//! In-process route tests: `actix_web::test` against the real route table (`configure`).

use std::path::Path;

use actix_web::http::StatusCode;
use actix_web::{test, App};
use alphachess_server::configure;
use alphachess_server::startup::start_services;
use alphachess_server::startup::AppState;

use crate::helpers::test_config;

/// Builds the real app in process, serving the client from `static_dir`.
macro_rules! app {
    ($static_dir:expr) => {{
        let config = test_config();
        let started = start_services(&config).await.expect("engines start");
        let state = AppState::new(started, &config);
        let dir: std::path::PathBuf = $static_dir.to_path_buf();
        test::init_service(App::new().configure(move |cfg| configure(cfg, state, &dir))).await
    }};
}

fn built_client(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).expect("mkdir");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><div id=root>alphachess-client</div>",
    )
    .expect("write index.html");
    std::fs::write(dir.join("assets/app.js"), "console.log('alphachess')").expect("write asset");
}

#[actix_web::test]
async fn the_client_is_served_with_spa_fallback_outside_api() {
    let dir = tempfile::tempdir().expect("temp dir");
    built_client(dir.path());
    let app = app!(dir.path());

    for path in ["/", "/game/abcdefghijkl", "/some/client/route"] {
        let response =
            test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let body = test::read_body(response).await;
        assert!(
            String::from_utf8_lossy(&body).contains("alphachess-client"),
            "{path}"
        );
    }
    let asset = test::call_service(
        &app,
        test::TestRequest::get().uri("/assets/app.js").to_request(),
    )
    .await;
    assert_eq!(asset.status(), StatusCode::OK);
    assert_eq!(test::read_body(asset).await, "console.log('alphachess')");

    // Under /api the fallback is a JSON 404, never the client.
    let api = test::call_service(
        &app,
        test::TestRequest::get().uri("/api/game/abc").to_request(),
    )
    .await;
    assert_eq!(api.status(), StatusCode::NOT_FOUND);
    let body: serde_json::Value = test::read_body_json(api).await;
    assert_eq!(body["error"], "not_found");
}

#[actix_web::test]
async fn without_a_built_client_the_api_works_and_the_root_says_so() {
    let app = app!(Path::new("/nonexistent/alphachess-client"));
    let root = test::call_service(&app, test::TestRequest::get().uri("/").to_request()).await;
    let body = test::read_body(root).await;
    assert!(String::from_utf8_lossy(&body).contains("client is not built"));
    let health = test::call_service(
        &app,
        test::TestRequest::get().uri("/api/health").to_request(),
    )
    .await;
    assert_eq!(health.status(), StatusCode::OK);
}

#[actix_web::test]
async fn the_openapi_document_lists_every_endpoint() {
    let app = app!(Path::new("/nonexistent"));
    let response = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/api/openapi.json")
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let doc: serde_json::Value = test::read_body_json(response).await;
    for path in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/moves",
        "/api/games/{id}/takeback",
        "/api/games/{id}/resign",
        "/api/games/{id}/pgn",
        "/api/games/{id}/hint",
        "/api/health",
        "/api/ready",
        "/api/account/games",
    ] {
        assert!(
            doc["paths"][path].is_object(),
            "{path} missing from openapi.json"
        );
    }
    assert!(doc["components"]["schemas"]["GameView"]["properties"]["legal_moves"].is_object());
}

#[actix_web::test]
async fn the_docs_page_and_its_assets_are_served_offline() {
    let app = app!(Path::new("/nonexistent"));
    let redirect =
        test::call_service(&app, test::TestRequest::get().uri("/api/docs").to_request()).await;
    assert_eq!(redirect.status(), StatusCode::PERMANENT_REDIRECT);
    let page = test::call_service(
        &app,
        test::TestRequest::get().uri("/api/docs/").to_request(),
    )
    .await;
    assert_eq!(page.status(), StatusCode::OK);
    let html = String::from_utf8_lossy(&test::read_body(page).await).into_owned();
    assert!(html.contains("swagger-ui"), "{html}");
    for asset in [
        "/api/docs/swagger-ui-bundle.js",
        "/api/docs/swagger-ui.css",
        "/api/docs/swagger-initializer.js",
    ] {
        let response =
            test::call_service(&app, test::TestRequest::get().uri(asset).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
    }
}

#[actix_web::test]
async fn a_wrong_method_on_an_api_path_is_a_json_405() {
    let app = app!(Path::new("/nonexistent"));
    let response = test::call_service(
        &app,
        test::TestRequest::delete().uri("/api/games").to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: serde_json::Value = test::read_body_json(response).await;
    assert_eq!(body["error"], "method_not_allowed");
}

#[actix_web::test]
async fn hashed_assets_are_cached_for_a_year_and_everything_else_is_revalidated() {
    let dir = tempfile::tempdir().expect("temp dir");
    built_client(dir.path());
    let app = app!(dir.path());
    for (path, cache) in [
        ("/assets/app.js", "public, max-age=31536000, immutable"),
        ("/", "no-cache"),
        ("/index.html", "no-cache"),
        ("/game/abcdefghijkl", "no-cache"),
        ("/assets/missing.js", "no-cache"),
    ] {
        let response =
            test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response
                .headers()
                .get("cache-control")
                .expect("Cache-Control"),
            cache,
            "{path}"
        );
        assert!(response.headers().contains_key("etag"), "{path}");
    }
}

#[actix_web::test]
async fn a_precompressed_file_is_sent_when_the_browser_accepts_its_encoding() {
    let dir = tempfile::tempdir().expect("temp dir");
    built_client(dir.path());
    std::fs::write(dir.path().join("assets/app.js.gz"), "gzip bytes").expect("write .gz");
    std::fs::write(dir.path().join("assets/app.js.br"), "brotli bytes").expect("write .br");
    std::fs::write(dir.path().join("index.html.gz"), "gzip index").expect("write .gz");
    let app = app!(dir.path());
    let get = |path: &str, accept: Option<&str>| {
        let mut request = test::TestRequest::get().uri(path);
        if let Some(accept) = accept {
            request = request.insert_header(("accept-encoding", accept));
        }
        request.to_request()
    };
    for (path, accept, encoding, body) in [
        (
            "/assets/app.js",
            Some("gzip, deflate, br"),
            Some("br"),
            "brotli bytes",
        ),
        ("/assets/app.js", Some("gzip"), Some("gzip"), "gzip bytes"),
        (
            "/assets/app.js",
            Some("br;q=0, gzip;q=0.5"),
            Some("gzip"),
            "gzip bytes",
        ),
        (
            "/assets/app.js",
            Some("identity"),
            None,
            "console.log('alphachess')",
        ),
        ("/assets/app.js", None, None, "console.log('alphachess')"),
        (
            "/game/abcdefghijkl",
            Some("gzip"),
            Some("gzip"),
            "gzip index",
        ),
    ] {
        let response = test::call_service(&app, get(path, accept)).await;
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        let shown = headers
            .get("content-encoding")
            .map(|value| value.to_str().expect("ASCII"));
        assert_eq!(shown, encoding, "{path} {accept:?}");
        assert_eq!(
            headers.get("vary").expect("Vary"),
            "accept-encoding",
            "{path} {accept:?}"
        );
        assert!(
            !headers.contains_key("content-disposition"),
            "{path} {accept:?}"
        );
        let content_type = headers
            .get("content-type")
            .expect("a type")
            .to_str()
            .expect("ASCII");
        let expected = if path.starts_with("/assets") {
            "javascript"
        } else {
            "text/html"
        };
        assert!(content_type.contains(expected), "{path}: {content_type}");
        assert_eq!(test::read_body(response).await, body, "{path} {accept:?}");
    }
}
