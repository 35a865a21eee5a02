//! `GET /api/health` (the process is up) and `GET /api/ready` (an engine answers).

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::games::GameService;

/// `{"status": "ok"}` or `{"status": "ready"}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatusBody {
    pub status: &'static str,
}

/// The server is alive.
#[utoipa::path(tag = "health",
    responses((status = 200, body = StatusBody)))]
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(StatusBody { status: "ok" })
}

/// An engine answers `isready`.
#[utoipa::path(tag = "health",
    responses(
        (status = 200, body = StatusBody),
        (status = 503, body = ErrorBody, description = "engine_unavailable"),
    ))]
#[get("/ready")]
pub async fn ready(service: web::Data<GameService>) -> Result<HttpResponse, ApiError> {
    if service.engines_ready().await {
        Ok(HttpResponse::Ok().json(StatusBody { status: "ready" }))
    } else {
        Err(ApiError::EngineUnavailable)
    }
}
