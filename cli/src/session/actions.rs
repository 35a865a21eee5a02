//! The prompt's other commands (take back, hint, draw, PGN), each one request and its answer
//! shown, and how a refused request is explained.
//!
//! Apart from the move because each of these is a plain request and answer: no thread, no stream.

use std::io::Write;
use std::path::Path;

use super::{Session, SessionError};
use crate::api::{ClientError, ErrorCode};
use crate::view::GameView;

impl<W: Write> Session<W> {
    pub(super) fn take_back(&mut self) -> Result<(), SessionError> {
        let answer = self.api.take_back(&self.access);
        if answer.is_ok() {
            writeln!(self.out, "Took back your last move.")?;
        }
        self.changed(answer)
    }

    pub(super) fn hint(&mut self) -> Result<(), SessionError> {
        match self.api.hint(&self.access) {
            Ok(hint) => writeln!(self.out, "Stockfish suggests {}.", hint.san)?,
            Err(error) => self.report(error)?,
        }
        Ok(())
    }

    pub(super) fn resign(&mut self) -> Result<(), SessionError> {
        let answer = self.api.resign(&self.access);
        self.changed(answer)
    }

    pub(super) fn offer_draw(&mut self) -> Result<(), SessionError> {
        match self.api.offer_draw(&self.access) {
            Ok(answer) => {
                if !answer.game.is_finished() {
                    writeln!(self.out, "Stockfish declines the draw.")?;
                }
                self.changed(Ok(answer.game))
            }
            Err(error)
                if matches!(
                    error.code(),
                    Some(ErrorCode::NotFound | ErrorCode::MethodNotAllowed)
                ) =>
            {
                writeln!(self.out, "This server has no draw offers.")?;
                Ok(())
            }
            Err(error) => self.report(error),
        }
    }

    /// Prints the game's PGN, or writes it to `file`.
    pub(super) fn pgn(&mut self, file: Option<&Path>) -> Result<(), SessionError> {
        let text = match self.api.pgn(&self.access.id) {
            Ok(text) => text,
            Err(error) => return self.report(error),
        };
        match file {
            None => write!(self.out, "{}", ensure_newline(&text))?,
            Some(path) => match std::fs::write(path, ensure_newline(&text)) {
                Ok(()) => writeln!(self.out, "PGN written to {}.", path.display())?,
                Err(error) => writeln!(self.out, "Cannot write {}: {error}.", path.display())?,
            },
        }
        Ok(())
    }

    /// Shows the game after a change, or why it did not happen.
    fn changed(&mut self, answer: Result<GameView, ClientError>) -> Result<(), SessionError> {
        match answer {
            Ok(view) => {
                self.view = view;
                self.show()
            }
            Err(error) => self.report(error),
        }
    }

    /// Says what went wrong, with what helps next.
    pub(super) fn report(&mut self, error: ClientError) -> Result<(), SessionError> {
        writeln!(self.out, "{}", sentence(&crate::report::chain(&error)))?;
        match error.code() {
            Some(ErrorCode::IllegalMove) => {
                let legal: Vec<&str> = self
                    .view
                    .legal_moves
                    .iter()
                    .map(|m| m.san.as_str())
                    .collect();
                if !legal.is_empty() {
                    writeln!(self.out, "Legal moves: {}", legal.join(" "))?;
                }
            }
            Some(ErrorCode::InvalidMoveNotation) => {
                writeln!(self.out, "Type a move such as Nf3 or g1f3, or `help`.")?;
            }
            // Someone else changed the game: show it as it is.
            Some(ErrorCode::StalePly | ErrorCode::NotYourTurn) => {
                if let Ok(view) = self.api.game(&self.access.id) {
                    self.view = view;
                    self.show()?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// `text` as a sentence: a capital first letter and a full stop (the server writes messages in
/// lowercase without one, to be embedded).
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut sentence: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !sentence.ends_with(['.', '!', '?']) {
        sentence.push('.');
    }
    sentence
}

fn ensure_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_owned()
    } else {
        format!("{text}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_messages_are_shown_as_sentences() {
        assert_eq!(sentence("the game is over"), "The game is over.");
        assert_eq!(sentence("Already one."), "Already one.");
        assert_eq!(sentence(""), ".");
    }
}
