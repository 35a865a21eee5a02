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

/// The middleware (`from_fn`): adds the headers a handler did not set itself.
pub async fn security_headers(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let policy = if request.path().starts_with(DOCS_PREFIX) {
        DOCS_CONTENT_SECURITY_POLICY
    } else {
        CONTENT_SECURITY_POLICY
    };
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
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
