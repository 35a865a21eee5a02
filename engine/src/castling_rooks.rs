//! Where a position's castling rooks stand, and what castling needs there: the squares that must
//! be empty and the squares the king must not be attacked on. Standard chess is the case of the
//! king on e1/e8 and the rooks in the corners; Chess960 puts them anywhere on the back rank.

use crate::attacks::between;
use crate::zobrist::castling_key;
use crate::{Bitboard, CastlingMode, CastlingRights, CastlingSide, Color, Move, Position, Square};

/// The standard rook squares of the rights K, Q, k, q: what a position without Chess960 rights
/// holds in [`Position::castling_rooks`], and the placeholder for a right that is not held.
pub(crate) const STANDARD_ROOKS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

/// What one castling needs, from the king's and the rook's squares.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CastlingPath {
    /// The castling rook's square.
    pub(crate) rook: Square,
    /// The squares the king passes through and lands on: none may be attacked. Its own square
    /// only when it is also the destination, which then is tested with the rook lifted.
    pub(crate) king_path: Bitboard,
    /// The squares that must be empty: between the king and its destination and between the
    /// rook and its destination, both included, except the king's and the rook's own squares.
    pub(crate) must_be_empty: Bitboard,
}

impl CastlingPath {
    /// The path of castling to `side` with the king on `king` and the rook on `rook`.
    #[inline(always)]
    pub(crate) fn new(us: Color, side: CastlingSide, king: Square, rook: Square) -> CastlingPath {
        let king_to = side.king_to(us);
        let rook_to = side.rook_to(us);
        let king_path = between(king, king_to).with(king_to);
        let rook_path = between(rook, rook_to).with(rook_to);
        CastlingPath {
            rook,
            king_path,
            must_be_empty: (king_path | rook_path).without(king).without(rook),
        }
    }
}

impl Position {
    /// How this position writes castling: standard or Chess960.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// Whether this position uses Chess960 castling notation.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The same position in `mode`. Any position can switch to Chess960 notation (a standard
    /// position is also a Chess960 one); switching to standard is refused with
    /// [`FenError::NeedsChess960`](crate::FenError::NeedsChess960) when a castling right has
    /// its king or rook off the standard squares.
    pub fn with_castling_mode(mut self, mode: CastlingMode) -> Result<Position, crate::FenError> {
        match mode {
            CastlingMode::Chess960 => self.chess960 = true,
            CastlingMode::Standard => {
                if self.needs_chess960() {
                    return Err(crate::FenError::NeedsChess960);
                }
                self.chess960 = false;
            }
        }
        Ok(self)
    }

    /// Whether some castling right has its king off e1/e8 or its rook out of its corner.
    pub(crate) fn needs_chess960(&self) -> bool {
        (0..4).any(|index| {
            let (color, side) = CastlingRights::right_of(index);
            self.castling.has(color, side)
                && (self.castling_rooks[index] != STANDARD_ROOKS[index]
                    || self.king_of(color) != side.king_from(color))
        })
    }

    /// The square of the rook `color` castles with to `side`, if that right remains.
    #[inline]
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castling
            .has(color, side)
            .then(|| self.castling_rooks[CastlingRights::index(color, side)])
    }

    /// For a castling move of this position: the side, and the king's and rook's destinations
    /// and the rook's origin, whichever notation the move is in.
    pub fn castling_squares(&self, m: Move) -> Option<CastlingSquares> {
        if !m.is_castle() {
            return None;
        }
        let us = self.turn;
        let side = CastlingSide::of_move(m.from(), m.to());
        Some(CastlingSquares {
            side,
            king_from: m.from(),
            king_to: side.king_to(us),
            rook_from: self.castling_rooks[CastlingRights::index(us, side)],
            rook_to: side.rook_to(us),
        })
    }

    /// The castling path of the side to move towards `side` (the right is assumed held).
    #[inline(always)]
    pub(crate) fn castling_path(&self, side: CastlingSide, king: Square) -> CastlingPath {
        let us = self.turn;
        CastlingPath::new(
            us,
            side,
            king,
            self.castling_rooks[CastlingRights::index(us, side)],
        )
    }

    /// The key of the castling rights with their rooks.
    #[inline]
    pub(crate) fn castling_key(&self) -> u64 {
        castling_key(self.castling, &self.castling_rooks)
    }

    /// Sets the rights and their rooks (the FEN parser's entry), normalising the rooks of
    /// rights not held and refreshing the touch mask. The key is not updated.
    pub(crate) fn set_castling(&mut self, rights: CastlingRights, rooks: [Square; 4]) {
        self.castling = rights;
        self.castling_rooks = rooks;
        self.normalise_castling();
    }

    /// Drops the rights a move from `from` to `to` loses (a king move loses both of its side's,
    /// a move from or onto a castling rook's square that rook's), keeping the key in step. Only
    /// called when the move touched [`Position::castle_touch`], so off the hot path.
    #[cold]
    #[inline(never)]
    pub(crate) fn lose_castling_rights(&mut self, from: Square, to: Square, king_moved: bool) {
        let before = self.castling_key();
        let mut rights = self.castling;
        if king_moved {
            for side in CastlingSide::ALL {
                rights = rights.without(self.turn, side);
            }
        }
        for (index, &rook) in self.castling_rooks.iter().enumerate() {
            if rook == from || rook == to {
                let (color, side) = CastlingRights::right_of(index);
                rights = rights.without(color, side);
            }
        }
        self.castling = rights;
        self.normalise_castling();
        self.zobrist ^= before ^ self.castling_key();
    }

    /// Puts the standard corner in the rook slot of each right not held and recomputes the
    /// touch mask from the kings and rooks of the rights that remain.
    fn normalise_castling(&mut self) {
        let mut touch = Bitboard::EMPTY;
        let kings = [self.king_of(Color::White), self.king_of(Color::Black)];
        for (index, rook) in self.castling_rooks.iter_mut().enumerate() {
            let (color, side) = CastlingRights::right_of(index);
            if self.castling.has(color, side) {
                touch |= Bitboard::from_square(*rook);
                touch |= Bitboard::from_square(kings[color as usize]);
            } else {
                *rook = STANDARD_ROOKS[index];
            }
        }
        self.castle_touch = touch;
    }
}

/// The squares of one castling move (see [`Position::castling_squares`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastlingSquares {
    /// The side castled to.
    pub side: CastlingSide,
    /// The king's square before castling.
    pub king_from: Square,
    /// The king's square after castling (g- or c-file).
    pub king_to: Square,
    /// The rook's square before castling.
    pub rook_from: Square,
    /// The rook's square after castling (f- or d-file).
    pub rook_to: Square,
}
