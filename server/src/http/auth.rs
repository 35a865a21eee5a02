//! The `Authorization: Bearer <token>` extractor for writes.

use std::future::{ready, Ready};

use actix_web::http::header;
use actix_web::{dev::Payload, FromRequest, HttpRequest};

use crate::http::error::ApiError;

/// Longest token text worth hashing (ours are 64 characters).
const MAX_TOKEN_LEN: usize = 256;

/// The token a request presents; 401 `missing_token` when there is none.
#[derive(Clone)]
pub struct BearerToken(String);

impl BearerToken {
    /// The presented token text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromRequest for BearerToken {
    type Error = ApiError;
    type Future = Ready<Result<BearerToken, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(bearer(req).map(BearerToken).ok_or(ApiError::MissingToken))
    }
}

fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && token.len() <= MAX_TOKEN_LEN)
        .then(|| token.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn presented(value: Option<&str>) -> Option<String> {
        let mut request = TestRequest::default();
        if let Some(value) = value {
            request = request.insert_header((header::AUTHORIZATION, value));
        }
        bearer(&request.to_http_request())
    }

    #[test]
    fn a_bearer_token_is_read_from_the_authorization_header() {
        assert_eq!(presented(Some("Bearer abc")), Some("abc".into()));
        assert_eq!(presented(Some("bearer abc")), Some("abc".into()));
    }

    #[test]
    fn anything_else_counts_as_missing() {
        for value in [
            None,
            Some("Basic abc"),
            Some("Bearer "),
            Some("Bearer"),
            Some("abc"),
        ] {
            assert_eq!(presented(value), None, "{value:?}");
        }
    }
}
