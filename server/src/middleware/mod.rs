//! Middleware the whole application runs through (`App::wrap`, wired in `startup`).

pub mod body_timeout;
pub mod headers;
pub mod host;
