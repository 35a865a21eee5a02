//! Castling rights, and the castling mode: standard chess (king on e1/e8, rooks in the corners)
//! or Chess960 (king and rooks anywhere on the back rank, as a Fischer Random setup places them).

use std::fmt;

use crate::{Color, Square};

/// How castling is written, and which rook squares it allows.
///
/// The rules of castling are the same in both modes (the destinations are always the g/c files
/// for the king and the f/d files for the rook); the mode decides the UCI notation of the move:
/// the king's two-square move (`e1g1`) in standard chess, king-takes-own-rook (`e1h1`, what
/// Stockfish expects with `UCI_Chess960`) in Chess960, and how FEN writes the rights.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum CastlingMode {
    /// Standard chess: king on e1/e8, castling rooks on the a- and h-files.
    #[default]
    Standard,
    /// Chess960 (Fischer Random): king and castling rooks anywhere on the back rank.
    Chess960,
}

/// Which way a king castles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingSide {
    /// Towards the h-file (O-O).
    KingSide,
    /// Towards the a-file (O-O-O).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side a castling move goes to: towards the h-file when its `to` square lies to the
    /// right of `from` (king destination in standard notation, rook square in Chess960 notation).
    #[inline]
    pub const fn of_move(from: Square, to: Square) -> CastlingSide {
        if (to as u8 & 7) > (from as u8 & 7) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The king's starting square in standard chess (e1 or e8).
    pub const fn king_from(self, color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// The king's destination (g1, c1, g8 or c8).
    pub const fn king_to(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::G1,
            (Color::White, CastlingSide::QueenSide) => Square::C1,
            (Color::Black, CastlingSide::KingSide) => Square::G8,
            (Color::Black, CastlingSide::QueenSide) => Square::C8,
        }
    }

    /// The rook's starting square in standard chess (h1, a1, h8 or a8); in Chess960 ask the
    /// position ([`Position::castling_rook`](crate::Position::castling_rook)).
    pub const fn rook_from(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::H1,
            (Color::White, CastlingSide::QueenSide) => Square::A1,
            (Color::Black, CastlingSide::KingSide) => Square::H8,
            (Color::Black, CastlingSide::QueenSide) => Square::A8,
        }
    }

    /// The rook's destination (f1, d1, f8 or d8).
    pub const fn rook_to(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::F1,
            (Color::White, CastlingSide::QueenSide) => Square::D1,
            (Color::Black, CastlingSide::KingSide) => Square::F8,
            (Color::Black, CastlingSide::QueenSide) => Square::D8,
        }
    }

    /// The side a king move to `king_to` castles to, if it is a castling destination.
    pub const fn from_king_to(king_to: Square) -> Option<CastlingSide> {
        match king_to {
            Square::G1 | Square::G8 => Some(CastlingSide::KingSide),
            Square::C1 | Square::C8 => Some(CastlingSide::QueenSide),
            _ => None,
        }
    }
}

/// Which of the four castling rights (K, Q, k, q) remain.
///
/// Bits in Polyglot order: 1 = White king side, 2 = White queen side, 4 = Black king side,
/// 8 = Black queen side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (KQkq).
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The index (0..4) of one right: its bit number, K = 0, Q = 1, k = 2, q = 3.
    #[inline]
    pub(crate) const fn index(color: Color, side: CastlingSide) -> usize {
        match (color, side) {
            (Color::White, CastlingSide::KingSide) => 0,
            (Color::White, CastlingSide::QueenSide) => 1,
            (Color::Black, CastlingSide::KingSide) => 2,
            (Color::Black, CastlingSide::QueenSide) => 3,
        }
    }

    /// The colour and side of the right with `index`.
    #[inline]
    pub(crate) const fn right_of(index: usize) -> (Color, CastlingSide) {
        let color = if index < 2 {
            Color::White
        } else {
            Color::Black
        };
        let side = if index.is_multiple_of(2) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        (color, side)
    }

    /// The bit of one right.
    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << CastlingRights::index(color, side)
    }

    /// The four bits, K = 1, Q = 2, k = 4, q = 8.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights from their four bits (higher bits are ignored).
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 15)
    }

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & CastlingRights::bit(color, side) != 0
    }

    /// Whether `color` has any castling right left.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.has(color, CastlingSide::KingSide) || self.has(color, CastlingSide::QueenSide)
    }

    /// These rights plus one more.
    #[inline]
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | CastlingRights::bit(color, side))
    }

    /// These rights less one.
    #[inline]
    #[must_use]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !CastlingRights::bit(color, side))
    }

    /// Whether no right remains.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for CastlingRights {
    /// As in standard FEN: "KQkq", a subset of it in that order, or "-" (a Chess960 position
    /// writes its rights with [`Position::to_fen`](crate::Position::to_fen), which knows the rooks).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.0 & bit != 0 {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
