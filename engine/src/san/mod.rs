//! Standard Algebraic Notation: `Nf3`, `exd6`, `e8=Q`, `O-O`, `Qh4xe1+`.
//!
//! Parsing happens in two steps, as everywhere in this crate: the text is first read into a [`San`]
//! (syntax only, no position needed), which is then resolved against a position with
//! [`San::to_move`]. Reading is forgiving in the ways real files need — `Ng1f3`, `N1f3`, UCI-like
//! `e2e4`, `e8Q`, `0-0`, a missing `x`, and trailing `+ # ! ?` marks — while writing
//! ([`San::from_move`], [`SanPlus::from_move`]) always produces strict, minimal SAN.
//!
//! One step per file: `parse` (text to [`San`]), `resolve` ([`San`] to a [`Move`] of a position),
//! `explain` (why no legal move, or more than one, matches) and `write` (a [`Move`] to SAN text).

mod explain;
mod parse;
mod resolve;
mod write;

pub use explain::{IllegalSanReason, SanError};
pub use parse::ParseSanError;

use crate::{CastlingSide, File, Move, Rank, Role, Square};

/// A move as written in SAN, before it is matched against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move such as `Nf3`, `Nbd7`, `R1a3`, `Qh4xe1`, `exd6`, `e8=Q`.
    Normal {
        /// The moving piece (`Pawn` when the text has no piece letter).
        role: Role,
        /// The file the piece leaves from, when the text gives it.
        file: Option<File>,
        /// The rank the piece leaves from, when the text gives it.
        rank: Option<Rank>,
        /// Whether the text marks a capture with `x` (only informative: a missing `x` is tolerated).
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// Both squares and no piece letter, as in UCI (`g1f3`, `e7e8q`, `e5xd6`): whatever stands on
    /// `from` moves. A king moving two files (`e1g1`) castles.
    Coordinates {
        /// The square the piece leaves.
        from: Square,
        /// Whether the text marks a capture with `x`.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O` (also read as `0-0`, `0-0-0`).
    Castle(CastlingSide),
}

/// The check or checkmate mark after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

/// A SAN move with its check or mate mark, as written in game scores: `Qxf7#`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move itself.
    pub san: San,
    /// `+` or `#`, if the move gives check or mate.
    pub suffix: Option<Suffix>,
}

/// The side a castling move goes to, judged by the king's direction.
fn castling_side(m: Move) -> CastlingSide {
    if m.to().file() > m.from().file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}
