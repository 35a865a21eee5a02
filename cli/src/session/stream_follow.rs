//! Following the game's live stream from the prompt loop: what arrives on the session's channel,
//! and the waits that read it (for the stream to connect, to catch up after an answer, for
//! Stockfish to move in a resumed game).
//!
//! Apart from the commands because every wait here is bounded by a deadline and must give the
//! prompt back when the stream is silent: a server without a stream still plays.

use std::io::Write;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use super::{Session, SessionError};
use crate::api::ClientError;
use crate::stream::StreamEvent;
use crate::view::GameView;

/// How long to wait for the live stream to connect before playing without it.
const STREAM_CONNECT: Duration = Duration::from_secs(3);

/// After the server's answer, how long the stream may take to deliver the search's last lines.
const STREAM_SETTLE: Duration = Duration::from_secs(1);

/// How often to ask the server directly while waiting for an engine move that no stream reports.
const POLL: Duration = Duration::from_secs(1);

/// How long to wait for Stockfish to move in a resumed game before giving the prompt back.
const ENGINE_PATIENCE: Duration = Duration::from_secs(120);

/// Something that happened while the loop waited.
#[derive(Debug)]
pub(super) enum Update {
    Stream(StreamEvent),
    /// The answer to the move request in flight (boxed: a view is far larger than an event).
    Answer(Box<Result<GameView, ClientError>>),
}

impl From<StreamEvent> for Update {
    fn from(event: StreamEvent) -> Update {
        Update::Stream(event)
    }
}

impl<W: Write> Session<W> {
    /// Waits briefly for the stream's first view, so the search of the first move is watched.
    pub(super) fn connect_stream(&mut self) {
        let deadline = Instant::now() + STREAM_CONNECT;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.updates.recv_timeout(left) {
                Ok(Update::Stream(event)) => {
                    let is_view = matches!(event, StreamEvent::Game(_));
                    self.note(&event);
                    if is_view {
                        return;
                    }
                }
                Ok(Update::Answer(_)) => {}
                Err(_) => return,
            }
        }
    }

    /// Remembers what the stream says about the game.
    fn note(&mut self, event: &StreamEvent) {
        self.streaming = true;
        if let StreamEvent::Game(view) = event {
            self.stream_version = Some(view.version);
        }
    }

    /// Forgets stream events that arrived while the prompt waited (they are about the past).
    pub(super) fn drain(&mut self) {
        while let Ok(update) = self.updates.try_recv() {
            if let Update::Stream(event) = update {
                self.note(&event);
            }
        }
    }

    /// After the answer at `answer_version`, lets the stream catch up (its last thinking line
    /// comes before its view of the reply), for at most [`STREAM_SETTLE`].
    pub(super) fn settle(
        &mut self,
        answer_version: u64,
        searched_ply: usize,
    ) -> Result<(), SessionError> {
        let deadline = Instant::now() + STREAM_SETTLE;
        while self.streaming
            && self
                .stream_version
                .is_none_or(|version| version < answer_version)
        {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            match self.updates.recv_timeout(left) {
                Ok(Update::Stream(event)) => self.observe(&event, searched_ply)?,
                Ok(Update::Answer(_)) => {}
                Err(_) => break,
            }
        }
        Ok(())
    }

    /// Notes a stream event and shows it if it is thinking about the search at `ply`.
    pub(super) fn observe(&mut self, event: &StreamEvent, ply: usize) -> Result<(), SessionError> {
        self.note(event);
        if let StreamEvent::Thinking(thinking) = event {
            if thinking.ply() == ply {
                self.thinking
                    .update(thinking, &mut self.out, self.terminal.live)?;
            }
        }
        Ok(())
    }

    /// Waits for Stockfish's move when it is its turn (a resumed game), showing its thinking.
    pub(super) fn await_engine(&mut self) -> Result<(), SessionError> {
        writeln!(self.out, "Waiting for Stockfish to move…")?;
        let deadline = Instant::now() + ENGINE_PATIENCE;
        while self.view.is_engine_turn() && Instant::now() < deadline {
            match self.updates.recv_timeout(POLL) {
                Ok(Update::Stream(event)) => {
                    self.observe(&event, self.view.ply)?;
                    if let StreamEvent::Game(view) = event {
                        self.view = *view;
                    }
                }
                Ok(Update::Answer(_)) => {}
                Err(RecvTimeoutError::Timeout) => {
                    if let Ok(view) = self.api.game(&self.access.id) {
                        self.view = view;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        self.thinking.finish(&mut self.out, self.terminal.live)?;
        if self.view.is_engine_turn() {
            writeln!(
                self.out,
                "Stockfish has not moved yet; the prompt is yours meanwhile."
            )?;
            // Show the prompt instead of waiting again at once.
            return Ok(());
        }
        self.show()
    }
}
