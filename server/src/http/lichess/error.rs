//! Errors as lichess writes them: `{"error": "<sentence>"}` with its status codes (a refused move
//! or action is a 400, an unknown game a 404, a missing or unusable token a 401).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

use crate::games::{DrawError, GameError};
use crate::http::error::ApiError;

/// A lichess-style error answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct LichessError {
    status: StatusCode,
    message: String,
}

/// The body lichess sends with an error (`Error.yaml`, `NotFound.yaml`): one sentence, no code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = LichessErrorBody)]
pub struct LichessErrorBody {
    /// What went wrong, as a sentence.
    pub error: String,
}

impl LichessError {
    /// 400: the request cannot be honoured as it is.
    pub fn bad_request(message: impl Into<String>) -> LichessError {
        LichessError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// 401: no key, or one that is not a key (see `key.rs`).
    pub fn unauthorized(message: impl Into<String>) -> LichessError {
        LichessError {
            status: StatusCode::UNAUTHORIZED,
            message: message.into(),
        }
    }

    /// The body this error is answered with.
    pub fn body(&self) -> LichessErrorBody {
        LichessErrorBody {
            error: self.message.clone(),
        }
    }

    /// 404, worded as lichess words it.
    pub fn not_found() -> LichessError {
        LichessError {
            status: StatusCode::NOT_FOUND,
            message: "Not found.".into(),
        }
    }
}

impl From<ApiError> for LichessError {
    /// A server failure is logged with its cause here, where a request failed, and shown without
    /// it (see [`LichessError::shown`]).
    fn from(error: ApiError) -> LichessError {
        let shown = LichessError::shown(&error);
        if shown.status.is_server_error() && shown.status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(code = error.code().as_str(), %error, "lichess request failed");
        }
        shown
    }
}

impl LichessError {
    /// How a lichess client sees one of our errors, with nothing logged (the API document's
    /// examples are made from it at start-up, where nothing failed). Our refusals of a request
    /// that is well-formed but not possible now (409, 422) are lichess's 400s; the rest keep
    /// their status (429, 503 and friends mean the same on both); a server failure's cause is not
    /// shown, as our API does not show it.
    /// A token that is not the game's is lichess's 404 for a game that is not the key's.
    pub fn shown(error: &ApiError) -> LichessError {
        // lichess's Board API answers 404 for a game that is not the key's own, as lila finds a
        // game among the key's games; so does this wire (our own API says `wrong_token`).
        if matches!(error, ApiError::Game(GameError::WrongToken)) {
            return LichessError::not_found();
        }
        let status = match error.status_code() {
            StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
            StatusCode::NOT_FOUND => return LichessError::not_found(),
            status => status,
        };
        let message = if status.is_server_error() {
            error.body().message
        } else {
            error.to_string()
        };
        LichessError { status, message }
    }
}

impl From<GameError> for LichessError {
    fn from(error: GameError) -> LichessError {
        ApiError::from(error).into()
    }
}

impl From<DrawError> for LichessError {
    fn from(error: DrawError) -> LichessError {
        ApiError::from(error).into()
    }
}

impl ResponseError for LichessError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status).json(self.body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_move_is_a_lichess_400_and_an_unknown_game_a_404() {
        let refused = LichessError::from(ApiError::Game(GameError::NotYourTurn));
        assert_eq!(refused.status_code(), StatusCode::BAD_REQUEST);
        let missing = LichessError::from(ApiError::Game(GameError::NotFound));
        assert_eq!(missing.status_code(), StatusCode::NOT_FOUND);
        assert_eq!(missing.to_string(), "Not found.");
    }

    #[test]
    fn a_server_failure_keeps_its_status_and_hides_its_cause() {
        let failed = LichessError::from(ApiError::Internal("disk /var/lib/x is full".into()));
        assert_eq!(failed.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!failed.to_string().contains("/var/lib"), "{failed}");
    }
}
