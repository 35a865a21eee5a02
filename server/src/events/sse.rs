//! Server-Sent Events framing and the per-watcher stream.

use std::pin::Pin;
use std::sync::{Arc, Weak};
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;
use serde::Serialize;
use tokio::sync::{broadcast, mpsc};
use tokio::time::{interval_at, Instant, MissedTickBehavior};

use super::channel::GameEvent;
use crate::games::{GameSlot, GameView};

/// How often an idle stream sends a comment, so proxies keep it open.
pub const HEARTBEAT: Duration = Duration::from_secs(15);

/// Encoded events waiting for a slow client; past this the forwarder waits and the broadcast
/// channel lets the watcher skip ahead.
const BUFFERED: usize = 8;

const PING: &[u8] = b": ping\n\n";

/// One SSE frame: `event: <name>` and a one-line JSON `data:`.
fn frame(name: &str, data: &impl Serialize) -> Bytes {
    // Our views serialize infallibly (no maps with non-string keys, no failing impls).
    let json = serde_json::to_string(data).unwrap_or_else(|_| "null".to_owned());
    Bytes::from(format!("event: {name}\ndata: {json}\n\n"))
}

fn encode(event: &GameEvent) -> Bytes {
    match event {
        GameEvent::Game(view) => frame("game", view),
        GameEvent::Thinking(thinking) => frame("thinking", thinking),
    }
}

/// The response body of one watcher: frames arrive from its forwarding task.
pub struct SseBody {
    frames: mpsc::Receiver<Bytes>,
}

impl MessageBody for SseBody {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        self.frames.poll_recv(cx).map(|frame| frame.map(Ok))
    }
}

/// A stream for one new watcher of `slot`: the current view, then every event, with heartbeats.
///
/// A task forwards the game's broadcast to this watcher; it ends when the client goes away (the
/// body is dropped) or the game is forgotten. It holds the game only weakly.
pub fn event_stream(slot: &Arc<GameSlot>) -> SseBody {
    let (view, events) = slot.watch();
    let (sender, frames) = mpsc::channel(BUFFERED);
    tokio::spawn(forward(Arc::downgrade(slot), view, events, sender));
    SseBody { frames }
}

async fn forward(
    slot: Weak<GameSlot>,
    view: Arc<GameView>,
    mut events: broadcast::Receiver<GameEvent>,
    sender: mpsc::Sender<Bytes>,
) {
    if sender.send(frame("game", &view)).await.is_err() {
        return;
    }
    let mut heartbeat = interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        let next = tokio::select! {
            event = events.recv() => match event {
                Ok(event) => encode(&event),
                // Too slow: skip what was missed and show the game as it is now.
                Err(broadcast::error::RecvError::Lagged(_)) => match slot.upgrade() {
                    Some(slot) => frame("game", &slot.view()),
                    None => return,
                },
                // The game was forgotten.
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = heartbeat.tick() => Bytes::from_static(PING),
            () = sender.closed() => return,
        };
        if sender.send(next).await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_an_event_name_and_one_line_of_json() {
        let data = serde_json::json!({"a": "two\nlines"});
        assert_eq!(
            frame("thinking", &data),
            Bytes::from_static(b"event: thinking\ndata: {\"a\":\"two\\nlines\"}\n\n")
        );
    }
}
