//! The HTTP edge: the route table's handlers, the OpenAPI document, errors as JSON, the bearer
//! token, the live streams (SSE and NDJSON), the lichess Board API, the bounds on what a client
//! may hold, and the middleware. Nothing inside (`games/`, `uci/`, `analysis/`, `explore/`) imports it
//! (`tests/architecture.rs`).

pub mod auth;
pub mod body_limit;
pub mod channel_body;
pub mod error;
pub mod events;
pub mod explore_events;
pub mod lichess;
pub mod limits;
pub mod middleware;
pub mod routes;
