//! The game's live stream (`GET /api/v1/games/{id}/events`, Server-Sent Events), read on a thread of
//! its own so Stockfish's thinking shows while the move request waits for its reply.
//!
//! The thread turns frames into typed [`StreamEvent`]s and sends them down a channel; when the
//! connection ends (the server restarted, a proxy timed out) it reconnects after a pause, and the
//! server then starts again with the current view. It stops once the receiving side is gone.

use std::io::{BufRead, BufReader};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Duration;

use crate::api::Api;
use crate::view::{GameView, Thinking};

/// The pause before reconnecting a stream that ended.
const RECONNECT_AFTER: Duration = Duration::from_secs(2);

/// Something the live stream said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamEvent {
    /// The game as it is now (on connecting, then after every change).
    Game(Box<GameView>),
    /// Stockfish's search progress for the game's reply.
    Thinking(Thinking),
}

/// Starts watching game `id`: its events arrive on `sender`, as whatever the receiver wants.
pub fn watch<T>(api: Api, id: String, sender: Sender<T>)
where
    T: From<StreamEvent> + Send + 'static,
{
    let spawned = thread::Builder::new()
        .name("alphachess-events".into())
        .spawn(move || loop {
            if let Ok(response) = api.events(&id) {
                if forward(BufReader::new(response), &sender).is_err() {
                    return;
                }
            }
            thread::sleep(RECONNECT_AFTER);
        });
    // Without the thread the game still plays; only the live thinking line is missing.
    drop(spawned);
}

/// Why forwarding stopped for good.
struct ReceiverGone;

/// Sends the events read from `reader` until it ends (`Ok`) or nobody listens any more.
fn forward<T: From<StreamEvent>>(
    reader: impl BufRead,
    sender: &Sender<T>,
) -> Result<(), ReceiverGone> {
    let mut frames = FrameReader::default();
    for line in reader.lines() {
        let Ok(line) = line else { return Ok(()) };
        if let Some(event) = frames.push(&line).and_then(|frame| frame.event()) {
            sender.send(event.into()).map_err(|_| ReceiverGone)?;
        }
    }
    Ok(())
}

/// One complete SSE frame: its `event:` name and its `data:` lines joined.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Frame {
    pub name: String,
    pub data: String,
}

impl Frame {
    /// The typed event, for the frames this client knows and can read.
    fn event(&self) -> Option<StreamEvent> {
        match self.name.as_str() {
            "game" => serde_json::from_str(&self.data)
                .ok()
                .map(|view| StreamEvent::Game(Box::new(view))),
            "thinking" => serde_json::from_str(&self.data)
                .ok()
                .map(StreamEvent::Thinking),
            _ => None,
        }
    }
}

/// Assembles frames from the stream's lines (the SSE framing: fields until a blank line,
/// `:` comments such as the server's `: ping` ignored).
#[derive(Debug, Default)]
pub struct FrameReader {
    current: Frame,
    has_data: bool,
}

impl FrameReader {
    /// Takes one line (without its line ending); a blank line completes a frame.
    pub fn push(&mut self, line: &str) -> Option<Frame> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            let frame = std::mem::take(&mut self.current);
            return std::mem::take(&mut self.has_data).then_some(frame);
        }
        if line.starts_with(':') {
            return None;
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "event" => self.current.name = value.to_owned(),
            "data" => {
                if self.has_data {
                    self.current.data.push('\n');
                }
                self.current.data.push_str(value);
                self.has_data = true;
            }
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(text: &str) -> Vec<Frame> {
        let mut reader = FrameReader::default();
        text.lines().filter_map(|line| reader.push(line)).collect()
    }

    #[test]
    fn frames_end_at_a_blank_line_and_comments_are_skipped() {
        let text = "event: thinking\ndata: {\"a\":1}\n\n: ping\n\nevent: game\r\ndata:{}\r\n\r\n";
        assert_eq!(
            frames(text),
            [
                Frame {
                    name: "thinking".into(),
                    data: "{\"a\":1}".into()
                },
                Frame {
                    name: "game".into(),
                    data: "{}".into()
                },
            ]
        );
    }

    #[test]
    fn data_lines_of_one_frame_are_joined_with_newlines() {
        assert_eq!(
            frames("data: one\ndata: two\n\n"),
            [Frame {
                name: String::new(),
                data: "one\ntwo".into()
            }]
        );
    }

    #[test]
    fn thinking_frames_become_typed_events_and_unknown_ones_are_ignored() {
        let text = "event: thinking\n\
            data: {\"kind\":\"engine\",\"ply\":1,\"depth\":9,\"target_depth\":20,\"score\":{\"cp\":-32},\"nodes\":1,\"nps\":1,\"pv\":[\"c5\"]}\n\
            \n\
            event: later\ndata: {}\n\n";
        let (sender, receiver) = std::sync::mpsc::channel::<StreamEvent>();
        assert!(forward(text.as_bytes(), &sender).is_ok());
        drop(sender);
        let events: Vec<StreamEvent> = receiver.iter().collect();
        assert_eq!(events.len(), 1);
        let StreamEvent::Thinking(thinking) = &events[0] else {
            panic!("a thinking event, not {events:?}")
        };
        assert_eq!(thinking.to_string(), "depth 9/20, eval -0.32, line c5");
    }
}
