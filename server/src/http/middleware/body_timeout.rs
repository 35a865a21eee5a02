//! A deadline for the request body. actix-web times the request head (`client_request_timeout`)
//! but not the body, so a client announcing a body and sending it a byte at a time would hold a
//! handler's extractor, and its connection, for as long as it likes. Every body is read here, in
//! full, within `--body-timeout-ms` (408 `request_timeout` otherwise, and the connection closed),
//! then handed on; bodies are small (64 KiB at most), so nothing is lost by buffering them.

use std::time::Duration;

use actix_web::body::{to_bytes_limited, BodyStream, EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{web, Error};

use crate::http::error::ApiError;

/// How long a request may take to send its body (app data; `--body-timeout-ms`), and the
/// largest body (413 past it).
#[derive(Debug, Clone, Copy)]
pub struct BodyTimeout {
    pub timeout: Duration,
    pub max_bytes: usize,
}

/// The middleware (`from_fn`): without [`BodyTimeout`] app data, or for a request without a
/// body, it does nothing.
pub async fn read_body_in_time(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let limits = request
        .app_data::<web::Data<BodyTimeout>>()
        .map(|t| *t.get_ref());
    if let (Some(limits), true) = (limits, has_body(&request)) {
        let payload = request.parts_mut().1.take();
        let read = tokio::time::timeout(limits.timeout, read_limited(payload, limits.max_bytes))
            .await
            .unwrap_or(Err(ApiError::RequestTimeout));
        match read {
            Ok(body) => request.set_payload(Payload::from(body)),
            Err(error) => return Ok(request.error_response(error).map_into_right_body()),
        }
    }
    Ok(next.call(request).await?.map_into_left_body())
}

/// Whether the request announces a body (a length above zero, or chunks).
fn has_body(request: &ServiceRequest) -> bool {
    let headers = request.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok()?.parse::<u64>().ok())
            .is_some_and(|length| length > 0)
}

/// The whole body, or 413 past `max_bytes` (without reading the rest).
async fn read_limited(payload: Payload, max_bytes: usize) -> Result<Bytes, ApiError> {
    to_bytes_limited(BodyStream::new(payload), max_bytes)
        .await
        .map_err(|_| ApiError::PayloadTooLarge(max_bytes))?
        .map_err(|error| ApiError::MalformedJson(error.to_string()))
}
