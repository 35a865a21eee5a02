//! Castling rights.

use std::fmt;

use crate::{Color, Square};

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

    /// The king's starting square.
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

    /// The rook's starting square (h1, a1, h8 or a8).
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

    /// The bit of one right.
    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        let shift = match (color, side) {
            (Color::White, CastlingSide::KingSide) => 0,
            (Color::White, CastlingSide::QueenSide) => 1,
            (Color::Black, CastlingSide::KingSide) => 2,
            (Color::Black, CastlingSide::QueenSide) => 3,
        };
        1 << shift
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

    /// The rights that survive a move touching `square` (as origin or destination):
    /// moving a king or rook, or capturing a rook on its corner, loses the matching rights.
    #[inline]
    #[must_use]
    pub(crate) const fn after_touching(self, square: Square) -> CastlingRights {
        let lost = match square {
            Square::E1 => 3,
            Square::H1 => 1,
            Square::A1 => 2,
            Square::E8 => 12,
            Square::H8 => 4,
            Square::A8 => 8,
            _ => 0,
        };
        CastlingRights(self.0 & !lost)
    }
}

impl fmt::Display for CastlingRights {
    /// As in FEN: "KQkq", a subset of it in that order, or "-".
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
