//! What the session prints around the prompt: the board with the moves and whose turn it is, and
//! the last words when the player leaves (the rating after a finished game, how to resume one that
//! is not).
//!
//! Apart from the loop so that what a screen shows is read in one place; the board and the move
//! list themselves are pure functions in `board.rs` and `movelist.rs`.

use std::io::Write;

use super::{Session, SessionError};
use crate::board;
use crate::movelist::{self, move_list};
use crate::view::color_name;

/// Why the rating after a finished game could not be shown (the server counts it all the same).
#[derive(Debug, thiserror::Error)]
enum UnratedError {
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error(transparent)]
    Client(#[from] crate::api::ClientError),
}

impl<W: Write> Session<W> {
    /// The board, the moves and whose turn it is (or how the game ended).
    pub(super) fn show(&mut self) -> Result<(), SessionError> {
        writeln!(self.out)?;
        for line in board::render(&self.view, self.style)? {
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out)?;
        for line in move_list(&self.view, movelist::WIDTH)? {
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out, "{}", self.status())?;
        Ok(())
    }

    fn status(&self) -> String {
        let view = &self.view;
        if view.is_finished() {
            return format!("Game over. {}", view.result_line());
        }
        let check = if view.check { " Check!" } else { "" };
        if view.is_engine_turn() {
            format!("Stockfish ({}) to move.{check}", color_name(view.turn))
        } else {
            format!("Your move ({}).{check}", color_name(view.turn))
        }
    }

    /// The rating after a finished game, or how to continue one that is not.
    pub(super) fn farewell(&mut self) -> Result<(), SessionError> {
        if self.view.is_finished() {
            match self.rate() {
                Ok(Some(line)) => writeln!(self.out, "{line}")?,
                Ok(None) => {}
                Err(error) => writeln!(
                    self.out,
                    "Your rating could not be shown: {}",
                    crate::report::chain(&error)
                )?,
            }
        }
        if !self.view.is_finished() {
            writeln!(
                self.out,
                "The game stays on the server: continue it with `alphachess resume {}`.",
                self.access.id
            )?;
        }
        Ok(())
    }

    /// The player's rating once the server has counted the finished game: the key's, which is
    /// the token of a game created under it.
    fn rate(&self) -> Result<Option<String>, UnratedError> {
        let store = crate::store::Store::from_env()?;
        Ok(crate::rating::after_game(
            &self.api,
            &self.access.token,
            store.dir(),
            &self.view,
        )?)
    }
}
