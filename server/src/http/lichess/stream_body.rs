//! A lichess NDJSON stream's response: lines arrive from its forwarding task (a
//! [`ChannelBody`]), with lichess's headers and keep-alive.

use actix_web::web::Bytes;
use actix_web::HttpResponse;
use serde::Serialize;
use tokio::sync::mpsc;

use crate::http::channel_body::ChannelBody;
use crate::http::limits::WatcherPermit;

/// Lines waiting for a slow client.
pub const BUFFERED: usize = 8;

/// lichess's keep-alive: an empty line.
pub const KEEPALIVE: &[u8] = b"\n";

/// The streaming response for the lines `lines` receives, holding `permit` (the stream's
/// places) until it ends.
pub fn respond(lines: mpsc::Receiver<Bytes>, permit: Option<WatcherPermit>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/x-ndjson")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .body(ChannelBody::new(lines, permit))
}

/// One JSON object and its newline.
pub fn line(value: &impl Serialize) -> Bytes {
    // Our wire types serialize infallibly (plain structs, string keys).
    let mut json = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
    json.push(b'\n');
    Bytes::from(json)
}
