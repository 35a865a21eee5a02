//! What can go wrong reading PGN, with the game, line and move where it did.

use std::{fmt, io};

use crate::{Color, FenError, ParseSanError, PlayError, SanError, TreeError};

/// A game of a PGN text that cannot be read.
#[derive(Debug)]
pub struct PgnError {
    /// Which game of the text (1 for the first).
    pub game: usize,
    /// The line (1-based) where the problem was found.
    pub line: u64,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// What is wrong with a game.
#[derive(Debug)]
pub enum PgnErrorKind {
    /// The text holds no game at all.
    NoGame,
    /// Reading the input failed.
    Io(io::Error),
    /// The `FEN` tag is not a valid position.
    InvalidFen {
        /// The tag's value.
        fen: String,
        /// Why it is invalid.
        error: FenError,
    },
    /// The game has more than [`MAX_TAGS`](super::MAX_TAGS) tags.
    TooManyTags,
    /// A move of the main line cannot be played.
    Move {
        /// The full-move number of the move.
        move_number: u32,
        /// The side that was to play it.
        color: Color,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        error: MoveTextError,
    },
}

/// Why a move of the movetext cannot be played.
#[derive(Debug)]
pub enum MoveTextError {
    /// The text is not SAN.
    Syntax(ParseSanError),
    /// The SAN names no legal move, or several.
    Illegal(SanError),
    /// The move comes after the game ended, or it cannot be added to the game.
    Play(PlayError),
    /// The game is longer than [`MAX_PLIES`](super::MAX_PLIES) plies.
    TooLong,
    /// The move would take a move tree past its bounds (read with
    /// [`read_tree`](super::read_tree)).
    Tree(TreeError),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (line {}): {}", self.game, self.line, self.kind)
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::NoGame => f.write_str("no game found"),
            PgnErrorKind::Io(error) => write!(f, "cannot read the input: {error}"),
            PgnErrorKind::InvalidFen { fen, error } => {
                write!(f, "invalid FEN tag {fen:?}: {error}")
            }
            PgnErrorKind::TooManyTags => write!(f, "more than {} tags", super::MAX_TAGS),
            PgnErrorKind::Move {
                move_number,
                color,
                text,
                error,
            } => {
                let dots = color.fold_wb(".", "...");
                write!(f, "move {move_number}{dots} {text}: ")?;
                match error {
                    MoveTextError::Syntax(_) => f.write_str("not a move in san"),
                    MoveTextError::Illegal(error) => write!(f, "{error}"),
                    MoveTextError::Play(error) => write!(f, "{error}"),
                    MoveTextError::TooLong => {
                        write!(f, "the game is longer than {} plies", super::MAX_PLIES)
                    }
                    MoveTextError::Tree(error) => write!(f, "{error}"),
                }
            }
        }
    }
}

/// The messages of the underlying errors are part of `Display`, so no `source` repeats them.
impl std::error::Error for PgnError {}
