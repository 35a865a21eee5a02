//! Playing the player's move: the request runs on a thread of its own, because it blocks until
//! Stockfish has replied, while the session shows the live stream's thinking for that search.
//!
//! Its own file because it is the one command with two sources of news (the answer and the
//! stream) that must be shown in the order they happened.

use std::io::Write;
use std::thread;

use super::stream_follow::Update;
use super::{Session, SessionError};
use crate::api::ClientError;
use crate::commands::MoveText;
use crate::view::GameView;

impl<W: Write> Session<W> {
    /// Sends the move, shows Stockfish's thinking until the answer comes, then the new board.
    pub(super) fn play_move(&mut self, text: &MoveText) -> Result<(), SessionError> {
        self.drain();
        let ply = self.view.ply;
        let (api, access, sender) = (self.api.clone(), self.access.clone(), self.sender.clone());
        let text_sent = text.as_str().to_owned();
        thread::spawn(move || {
            let answer = api.play(&access, &text_sent, ply);
            // The session waits for this answer, so it still listens.
            let _ = sender.send(Update::Answer(Box::new(answer)));
        });
        // The engine searches in the position after the player's move.
        let answer = self.await_answer(ply + 1)?;
        match answer {
            Ok(view) => {
                self.settle(view.version, ply + 1)?;
                self.thinking.finish(&mut self.out, self.terminal.live)?;
                if view.ply > ply + 1 {
                    if let Some(reply) = &view.last_move {
                        writeln!(self.out, "Stockfish plays {}.", reply.san)?;
                    }
                }
                self.view = view;
                self.show()
            }
            Err(error) => {
                self.thinking.finish(&mut self.out, self.terminal.live)?;
                self.report(error)
            }
        }
    }

    /// Shows the thinking for a search at `ply` until the move request's answer arrives.
    fn await_answer(&mut self, ply: usize) -> Result<Result<GameView, ClientError>, SessionError> {
        loop {
            let update = self
                .updates
                .recv()
                .expect("the session holds a sender, so the channel stays open");
            match update {
                Update::Answer(answer) => return Ok(*answer),
                Update::Stream(event) => self.observe(&event, ply)?,
            }
        }
    }
}
