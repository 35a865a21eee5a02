//! Middleware the whole application runs through (`App::wrap`, wired in `startup`).

pub mod access_log;
pub mod body_timeout;
pub mod cors;
pub mod headers;
pub mod host;
pub mod version;
