//! What is not an API route: JSON 404s under `/api`, the built client (with SPA fallback) elsewhere.

use std::path::Path;
use std::sync::Arc;

use actix_web::dev::ResourceDef;
use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::openapi::OpenApi;

use super::client::{self, ClientFiles};
use crate::http::error::ApiError;

/// Any request under `/api` that no route took: 405 `method_not_allowed` when its path is one of
/// `document`'s (so only the method is wrong), 404 `not_found` otherwise.
pub fn api_fallback(document: &OpenApi) -> actix_web::Route {
    let known: Arc<[ResourceDef]> = document
        .paths
        .paths
        .keys()
        .map(|path| ResourceDef::new(path.as_str()))
        .collect();
    web::to(move |request: HttpRequest| {
        let is_known = known.iter().any(|path| path.is_match(request.path()));
        async move {
            Err::<HttpResponse, _>(if is_known {
                ApiError::MethodNotAllowed
            } else {
                ApiError::NotFound
            })
        }
    })
}

/// Serves the client from `dir` ([`client::serve`]): its files, any other path as `index.html`
/// so client-side routes like `/game/{id}` load the app. Without a built client, a page says so.
pub fn configure_client(cfg: &mut web::ServiceConfig, dir: &Path) {
    let index = dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(dir = %dir.display(), "no built client here; the API works, / says so");
        cfg.default_service(web::to(client_not_built));
        return;
    }
    cfg.app_data(web::Data::new(ClientFiles::new(dir)))
        .default_service(web::to(client::serve));
}

async fn client_not_built() -> HttpResponse {
    HttpResponse::NotFound()
        .content_type("text/html; charset=utf-8")
        .body(
            "<!doctype html><title>AlphaChess</title><h1>The AlphaChess client is not built</h1>\
             <p>Build it with <code>./build.sh</code> (or <code>npm run build</code> in \
             <code>client/</code>) and restart the server. The API works: see \
             <a href=\"/api/docs/\">/api/docs</a>.</p>",
        )
}
