//! Whether a move's request waits for the engine's reply: by default it does; with
//! `Prefer: respond-async` (RFC 7240) or `?wait=false` it is answered `202 Accepted` once the
//! player's move is kept, and the reply arrives on the game's stream.

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{web, FromRequest, HttpRequest};
use serde::Deserialize;

use crate::http::error::ApiError;

/// `Prefer`, the request header (RFC 7240).
const PREFER: HeaderName = HeaderName::from_static("prefer");

/// `Preference-Applied`, the response header that says a preference was honoured.
pub const PREFERENCE_APPLIED: HeaderName = HeaderName::from_static("preference-applied");

/// The preference itself, as asked for and as applied.
pub const RESPOND_ASYNC: &str = "respond-async";

/// How the client wants its move answered (an extractor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyMode {
    /// After the engine's reply (today's behaviour, the default).
    Wait,
    /// As soon as the player's move is kept; the reply follows on the stream.
    RespondAsync,
}

/// The query string's say (`?wait=false`); other parameters are ignored.
#[derive(Debug, Deserialize)]
struct WaitQuery {
    wait: Option<bool>,
}

impl ReplyMode {
    fn of(request: &HttpRequest) -> Result<ReplyMode, ApiError> {
        let query = web::Query::<WaitQuery>::from_query(request.query_string()).map_err(|_| {
            ApiError::InvalidRequest("the query parameter wait must be true or false".into())
        })?;
        let prefers_async = request.headers().get_all(PREFER).any(asks_respond_async);
        Ok(match query.wait {
            Some(false) => ReplyMode::RespondAsync,
            Some(true) => ReplyMode::Wait,
            None if prefers_async => ReplyMode::RespondAsync,
            None => ReplyMode::Wait,
        })
    }
}

/// Whether one `Prefer` header lists `respond-async` among its comma-separated preferences
/// (each may carry `=value` or `; parameters`; tokens are case-insensitive).
fn asks_respond_async(value: &HeaderValue) -> bool {
    let Ok(text) = value.to_str() else {
        return false;
    };
    text.split(',').any(|preference| {
        let token = preference.split([';', '=']).next().unwrap_or_default();
        token.trim().eq_ignore_ascii_case(RESPOND_ASYNC)
    })
}

impl FromRequest for ReplyMode {
    type Error = ApiError;
    type Future = Ready<Result<ReplyMode, ApiError>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(ReplyMode::of(request))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn mode(uri: &str, prefer: &[&str]) -> Result<ReplyMode, ApiError> {
        let mut request = TestRequest::post().uri(uri);
        for value in prefer {
            request = request.append_header((PREFER, *value));
        }
        ReplyMode::of(&request.to_http_request())
    }

    #[test]
    fn the_default_is_to_wait_for_the_reply() {
        assert_eq!(mode("/m", &[]).ok(), Some(ReplyMode::Wait));
        assert_eq!(mode("/m", &["wait=10"]).ok(), Some(ReplyMode::Wait));
        assert_eq!(
            mode("/m", &["respond-asynchronously"]).ok(),
            Some(ReplyMode::Wait)
        );
        assert_eq!(mode("/m?wait=true", &[]).ok(), Some(ReplyMode::Wait));
    }

    #[test]
    fn respond_async_is_found_among_other_preferences_in_any_case() {
        for prefer in [
            &["respond-async"][..],
            &["Respond-Async"],
            &["return=minimal, respond-async, wait=10"],
            &["handling=lenient", "respond-async; foo=bar"],
        ] {
            assert_eq!(
                mode("/m", prefer).ok(),
                Some(ReplyMode::RespondAsync),
                "{prefer:?}"
            );
        }
    }

    #[test]
    fn the_query_decides_when_it_says() {
        assert_eq!(
            mode("/m?wait=false", &[]).ok(),
            Some(ReplyMode::RespondAsync)
        );
        assert_eq!(
            mode("/m?wait=true", &["respond-async"]).ok(),
            Some(ReplyMode::Wait)
        );
        assert!(matches!(
            mode("/m?wait=maybe", &[]),
            Err(ApiError::InvalidRequest(_))
        ));
    }
}
