//! The API's version. `/api/v1/…` is its stable prefix and `/api/…` (the paths clients have used
//! all along) its alias: a request under `/api/v1` is routed as the same path without `v1`, so
//! every route, the JSON 404/405 fallback and the limits behave the same under both. The access
//! log runs before this, so it shows the path as requested. Every answer under `/api` says
//! `API-Version: 1`.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::uri::{PathAndQuery, Uri};
use actix_web::middleware::Next;
use actix_web::Error;

/// The response header naming the version that answered.
pub const API_VERSION: HeaderName = HeaderName::from_static("api-version");

/// The version this server speaks.
pub const VERSION: &str = "1";

/// The unversioned prefix: the alias of [`VERSIONED`], and what the routes are registered under.
const API: &str = "/api";

/// The stable prefix.
const VERSIONED: &str = "/api/v1";

/// The middleware (`from_fn`): strips `/v1` from `/api/v1/…`, then marks API responses.
pub async fn api_version(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let is_api = under(request.path(), API);
    if let Some(uri) = unversioned(request.uri()) {
        request.match_info_mut().get_mut().update(&uri);
        request.head_mut().uri = uri;
    }
    let mut response = next.call(request).await?;
    if is_api {
        response
            .headers_mut()
            .insert(API_VERSION, HeaderValue::from_static(VERSION));
    }
    Ok(response)
}

/// Whether `path` is `prefix` itself or below it (`/api`, `/api/games`; not `/apiary`).
fn under(path: &str, prefix: &str) -> bool {
    path.strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// `uri` with `/api/v1` replaced by `/api` (query kept); `None` when it is not under `/api/v1`.
fn unversioned(uri: &Uri) -> Option<Uri> {
    let path = uri.path();
    if !under(path, VERSIONED) {
        return None;
    }
    let mut target = format!("{API}{}", &path[VERSIONED.len()..]);
    if let Some(query) = uri.query() {
        target.push('?');
        target.push_str(query);
    }
    let mut parts = uri.clone().into_parts();
    // Cut from a valid path and query, so it is one too.
    parts.path_and_query = Some(PathAndQuery::try_from(target).ok()?);
    Uri::from_parts(parts).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(uri: &str) -> Option<String> {
        unversioned(&uri.parse().expect("a URI")).map(|uri| uri.to_string())
    }

    #[test]
    fn the_v1_prefix_is_removed_and_the_query_kept() {
        assert_eq!(
            rewritten("/api/v1/games/abc/moves?wait=false").as_deref(),
            Some("/api/games/abc/moves?wait=false")
        );
        assert_eq!(rewritten("/api/v1").as_deref(), Some("/api"));
        assert_eq!(rewritten("/api/v1/").as_deref(), Some("/api/"));
    }

    #[test]
    fn other_paths_are_left_alone() {
        for uri in [
            "/api/games",
            "/api/v10/games",
            "/api/v1x",
            "/v1/api/games",
            "/",
        ] {
            assert_eq!(rewritten(uri), None, "{uri}");
        }
        assert!(under("/api", API) && under("/api/health", API));
        assert!(!under("/apiary", API));
    }
}
