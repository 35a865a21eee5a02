//! The answer to a failed request: its JSON body, its status and headers (`Retry-After`,
//! `WWW-Authenticate`, `Connection: close`), and the log line of an unexpected failure.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use super::codes::{ErrorCode, Retry, RETRY_AFTER_SECS};
use super::mapping::engine_code;
use super::ApiError;
use crate::games::{AnalysisError, GameError};
use crate::sentence::sentence;
use crate::uci::EngineError;

/// The JSON body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code, e.g. `illegal_move`.
    #[schema(example = "illegal_move")]
    pub error: ErrorCode,
    /// A sentence for a person.
    pub message: String,
    /// With `illegal_move`: how many legal moves the position has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<usize>,
}

impl ErrorBody {
    /// What a client is told of an engine failure that several share (an `engine_error` event:
    /// the failure itself stays with the log).
    pub fn of_engine(error: &EngineError) -> ErrorBody {
        let code = engine_code(error);
        ErrorBody {
            error: code,
            message: code.info().public.unwrap_or_default().to_owned(),
            legal_moves: None,
        }
    }
}

impl ApiError {
    /// What the client is told: an error response's body, the API document's examples. The
    /// message is the error's own, as a sentence, unless its code has a public one.
    pub fn body(&self) -> ErrorBody {
        let code = self.code();
        let message = match code.info().public {
            Some(public) => public.to_owned(),
            None => sentence(&self.to_string()),
        };
        let legal_moves = match self {
            ApiError::Game(GameError::IllegalMove { legal_moves, .. }) => Some(*legal_moves),
            _ => None,
        };
        ErrorBody {
            error: code,
            message,
            legal_moves,
        }
    }

    /// Seconds before a retry may succeed, when waiting helps.
    fn retry_after(&self) -> Option<u64> {
        match self.code().info().retry {
            Retry::No => None,
            Retry::Shortly => Some(u64::from(RETRY_AFTER_SECS)),
            Retry::Named => match self {
                ApiError::TooManyRequests {
                    retry_after_secs, ..
                }
                | ApiError::Analysis(AnalysisError::OverShare { retry_after_secs }) => {
                    Some(*retry_after_secs)
                }
                _ => Some(u64::from(RETRY_AFTER_SECS)),
            },
        }
    }
}

/// `error` and every cause under it, `: `-separated, as one line for a log or a person.
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut line = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let text = inner.to_string();
        // Some errors repeat their cause in their own text; say it once.
        if !line.ends_with(&text) {
            line.push_str(": ");
            line.push_str(&text);
        }
        cause = inner.source();
    }
    line
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code().info().status
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(code = self.code().as_str(), error = %with_causes(self), "request failed");
        }
        let mut response = HttpResponse::build(status);
        if let Some(seconds) = self.retry_after() {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from(seconds)));
        }
        // The client is too slow to send its request: do not wait for the rest of it.
        if matches!(self, ApiError::RequestTimeout) {
            response.insert_header((header::CONNECTION, "close"));
        }
        if status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.json(self.body())
    }
}
