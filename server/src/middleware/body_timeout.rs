//! A deadline for the request body. actix-web times the request head (`client_request_timeout`)
//! but not the body, so a client announcing a body and sending it a byte at a time would hold a
//! handler's extractor, and its connection, for as long as it likes. Every body is read here, in
//! full, within `--body-timeout-ms` (408 `request_timeout` otherwise, and the connection closed),
//! then handed on; bodies are small (`MAX_BODY_BYTES`), so nothing is lost by buffering them.

use std::time::Duration;

use actix_web::body::{to_bytes_limited, BodyStream, EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{web, Error};

use crate::error::ApiError;
use crate::startup::MAX_BODY_BYTES;

/// How long a request may take to send its body (app data; `--body-timeout-ms`).
#[derive(Debug, Clone, Copy)]
pub struct BodyTimeout(pub Duration);

/// The middleware (`from_fn`): without [`BodyTimeout`] app data, or for a request without a
/// body, it does nothing.
pub async fn read_body_in_time(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let timeout = request.app_data::<web::Data<BodyTimeout>>().map(|t| t.0);
    if let (Some(timeout), true) = (timeout, has_body(&request)) {
        let payload = request.parts_mut().1.take();
        let read = tokio::time::timeout(timeout, read_limited(payload))
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

/// The whole body, or 413 past [`MAX_BODY_BYTES`] (without reading the rest).
async fn read_limited(payload: Payload) -> Result<Bytes, ApiError> {
    to_bytes_limited(BodyStream::new(payload), MAX_BODY_BYTES)
        .await
        .map_err(|_| ApiError::PayloadTooLarge(MAX_BODY_BYTES))?
        .map_err(|error| ApiError::MalformedJson(error.to_string()))
}
