//! `GET /api/health` (the process is up) and `GET /api/ready` (an engine and the game store
//! answer: a server whose database stalled is taken out of a load balancer's rotation).

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::games::{GameError, Lifecycle, StoreError};
use crate::http::error::{api_errors, ApiError};
use crate::uci::EngineError;

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

api_errors!(
    ReadyErrors:
    EngineUnavailable, StorageBusy = "the game store does not answer", Loading,
);

/// The stored games are read back (the server listens, and `/api/health` answers, while it
/// reads them), an engine answers `isready` and the game store answers a query.
#[utoipa::path(tag = "health",
    responses(
        (status = 200, body = StatusBody),
        ReadyErrors,
    ))]
#[get("/ready")]
pub async fn ready(lifecycle: web::Data<Lifecycle>) -> Result<HttpResponse, ApiError> {
    if let Some(progress) = lifecycle.loading() {
        return Err(ApiError::Loading {
            loaded: progress.loaded,
            total: progress.total,
        });
    }
    if !lifecycle.store_ready().await {
        return Err(GameError::Store(StoreError::Busy).into());
    }
    if lifecycle.engines_ready().await {
        Ok(HttpResponse::Ok().json(StatusBody { status: "ready" }))
    } else {
        Err(EngineError::Stopped.into())
    }
}
