//! A streaming response body fed by a task: every live stream (the game's SSE and NDJSON, the
//! lichess NDJSON streams) is a forwarding task that sends encoded chunks into a channel, and this
//! body hands them to actix as they come. The stream ends when the task drops its sender; the
//! body holds the stream's places (if it has any) until the response ends, whoever ends it.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;
use tokio::sync::mpsc;

use crate::http::limits::WatcherPermit;

/// The body of one live stream.
pub struct ChannelBody {
    chunks: mpsc::Receiver<Bytes>,
    /// Given back when the response ends.
    _permit: Option<WatcherPermit>,
}

impl ChannelBody {
    /// The body for the chunks `chunks` receives, holding `permit` while it lives.
    pub fn new(chunks: mpsc::Receiver<Bytes>, permit: Option<WatcherPermit>) -> ChannelBody {
        ChannelBody {
            chunks,
            _permit: permit,
        }
    }
}

impl MessageBody for ChannelBody {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        self.chunks.poll_recv(cx).map(|chunk| chunk.map(Ok))
    }
}
