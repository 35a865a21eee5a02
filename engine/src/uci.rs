//! UCI move notation: "e2e4", "e7e8q", castling as the king's move "e1g1" in standard chess and
//! as king-takes-own-rook ("e1h1", "b1a1") in Chess960, as Stockfish writes it with
//! `UCI_Chess960`.

use std::fmt;
use std::str::FromStr;

use crate::{Move, Position, Role, Square};

/// A move in UCI notation, as text says it: syntax only, not yet checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece lands on (for castling: the king's destination, or the rook's square).
    pub to: Square,
    /// The promotion role, for a pawn reaching the last rank.
    pub promotion: Option<Role>,
}

/// The text is not UCI move syntax (two squares and an optional promotion letter n, b, r or q).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseUciMoveError;

impl fmt::Display for ParseUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid uci move (expected two squares and an optional promotion letter, like e2e4 or e7e8q)")
    }
}

impl std::error::Error for ParseUciMoveError {}

/// Why a well-formed UCI move is not a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalUciMoveError {
    /// No piece stands on the origin square.
    NoPiece {
        /// The empty origin square.
        from: Square,
    },
    /// The piece on the origin square belongs to the side not to move.
    NotYourPiece {
        /// The origin square.
        from: Square,
    },
    /// A pawn move to the last rank without a promotion letter.
    MissingPromotion {
        /// The move as given.
        uci: UciMove,
    },
    /// The piece can't make this move here.
    IllegalMove {
        /// The move as given.
        uci: UciMove,
    },
}

impl fmt::Display for IllegalUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalUciMoveError::NoPiece { from } => write!(f, "no piece on {from}"),
            IllegalUciMoveError::NotYourPiece { from } => {
                write!(f, "the piece on {from} belongs to the side not to move")
            }
            IllegalUciMoveError::MissingPromotion { uci } => {
                write!(
                    f,
                    "{uci} reaches the last rank and needs a promotion letter (q, r, b or n)"
                )
            }
            IllegalUciMoveError::IllegalMove { uci } => write!(f, "{uci} is not a legal move here"),
        }
    }
}

impl std::error::Error for IllegalUciMoveError {}

impl UciMove {
    /// The legal move this text means in `pos`. Castling is accepted in both notations, the
    /// king's move to its destination (e1g1, the standard form) and king-takes-own-rook (e1h1,
    /// the Chess960 form); the move returned is in the position's own notation. A king move that
    /// is legal as a plain move (Chess960: king f1, rook h1, "f1g1") stays a plain move.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalUciMoveError> {
        let piece = pos
            .piece_at(self.from)
            .ok_or(IllegalUciMoveError::NoPiece { from: self.from })?;
        if piece.color != pos.turn() {
            return Err(IllegalUciMoveError::NotYourPiece { from: self.from });
        }
        let candidates = pos.legal_moves_from(self.from);
        if let Some(&m) = candidates
            .iter()
            .find(|m| m.to() == self.to && m.promotion() == self.promotion)
        {
            return Ok(m);
        }
        if piece.role == Role::King && self.promotion.is_none() {
            let castle = candidates.iter().find(|&&m| {
                pos.castling_squares(m)
                    .is_some_and(|c| c.king_to == self.to || c.rook_from == self.to)
            });
            if let Some(&m) = castle {
                return Ok(m);
            }
        }
        let to = self.to;
        if self.promotion.is_none() && candidates.iter().any(|m| m.to() == to && m.is_promotion()) {
            return Err(IllegalUciMoveError::MissingPromotion { uci: *self });
        }
        Err(IllegalUciMoveError::IllegalMove { uci: *self })
    }
}

impl FromStr for UciMove {
    type Err = ParseUciMoveError;

    fn from_str(text: &str) -> Result<UciMove, ParseUciMoveError> {
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(ParseUciMoveError);
        }
        let from = text[0..2].parse().map_err(|_| ParseUciMoveError)?;
        let to = text[2..4].parse().map_err(|_| ParseUciMoveError)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => Some(Role::promotion_from_char(c).ok_or(ParseUciMoveError)?),
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for UciMove {
    /// A UCI move serialises as its text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for UciMove {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<UciMove, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
