//! The body of a lichess NDJSON stream: lines arrive from its forwarding task; the stream ends
//! when that task drops its sender.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;
use actix_web::HttpResponse;
use serde::Serialize;
use tokio::sync::mpsc;

use crate::limits::WatcherPermit;

/// Lines waiting for a slow client.
pub const BUFFERED: usize = 8;

/// lichess's keep-alive: an empty line.
pub const KEEPALIVE: &[u8] = b"\n";

/// A stream's response body.
pub struct LineBody {
    lines: mpsc::Receiver<Bytes>,
    /// The stream's places, given back when the response ends.
    _permit: Option<WatcherPermit>,
}

impl LineBody {
    pub fn new(lines: mpsc::Receiver<Bytes>, permit: Option<WatcherPermit>) -> LineBody {
        LineBody {
            lines,
            _permit: permit,
        }
    }

    /// The streaming response around it.
    pub fn respond(self) -> HttpResponse {
        HttpResponse::Ok()
            .content_type("application/x-ndjson")
            .insert_header(("Cache-Control", "no-cache"))
            .insert_header(("X-Accel-Buffering", "no"))
            .body(self)
    }
}

impl MessageBody for LineBody {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        self.lines.poll_recv(cx).map(|line| line.map(Ok))
    }
}

/// One JSON object and its newline.
pub fn line(value: &impl Serialize) -> Bytes {
    // Our wire types serialize infallibly (plain structs, string keys).
    let mut json = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
    json.push(b'\n');
    Bytes::from(json)
}
