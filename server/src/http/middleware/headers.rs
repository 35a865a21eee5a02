//! Security headers on every response. The client is built by Vite: scripts and styles come
//! from files of our own origin, never inline, so the policy can forbid everything else. Only
//! Swagger UI (`/api/docs/`) styles elements inline, and only there is that allowed.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::Error;

/// The application's policy: our own scripts, styles, images (and `data:` images), fonts and
/// API calls; no plugins, no `<base>`, forms only to us, never framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Swagger UI's: the same, with inline styles (its components set them).
pub const DOCS_CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
    connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// Where Swagger UI lives.
const DOCS_PREFIX: &str = "/api/docs";

/// Where the API lives: its answers are never stored by a browser or proxy.
const API_PREFIX: &str = "/api/";

/// The middleware (`from_fn`): adds the headers a handler did not set itself. Every API answer
/// gets `Cache-Control: no-store`: a game's creation carries its token, and any other answer
/// is a game's state of the moment (a stored copy would only ever be stale).
pub async fn security_headers(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let docs = request.path().starts_with(DOCS_PREFIX);
    let policy = if docs {
        DOCS_CONTENT_SECURITY_POLICY
    } else {
        CONTENT_SECURITY_POLICY
    };
    let api = !docs && request.path().starts_with(API_PREFIX);
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    if api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, policy),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        // For browsers older than frame-ancestors.
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ] {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    Ok(response)
}
