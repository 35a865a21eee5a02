//! Moves and fixed-capacity move lists.

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::fen::MAX_PIECES_PER_SIDE;
use crate::{Role, Square, UciMove};

/// Kind bits (12..16) of a [`Move`].
const NORMAL: u16 = 0;
const EN_PASSANT: u16 = 1;
const CASTLE: u16 = 2;
/// Promotion flag; the low two bits then give the role (knight = 0 .. queen = 3).
const PROMOTION: u16 = 4;

/// A move, packed into 16 bits: from, to, and what kind of move it is.
///
/// Castling is, as UCI writes it, the king's move to its destination (e1g1, e1c1, e8g8, e8c8)
/// in a standard-chess position, and king-takes-own-rook (b1a1, f1h1) in a Chess960 one: the
/// text of a move is its UCI in the mode of the position it belongs to.
/// A `Move` only makes sense against the position it was generated for: get one from
/// [`Position::legal_moves`](crate::Position::legal_moves) or by parsing UCI/SAN against a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// Packs a move from its parts.
    #[inline]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12)
    }

    /// A plain move or capture (no promotion, castling or en passant).
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, NORMAL)
    }

    /// A pawn move to the last rank that promotes to `role` (knight, bishop, rook or queen).
    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Move {
        let bits = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            _ => 3,
        };
        Move::pack(from, to, PROMOTION | bits)
    }

    /// An en-passant capture: `to` is the empty square the pawn lands on.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, EN_PASSANT)
    }

    /// Castling, given as the king's move (`to` is g1, c1, g8 or c8) in standard chess or as
    /// king-takes-rook (`to` is the castling rook's square) in Chess960; see
    /// [`Position::castling_squares`](crate::Position::castling_squares) for all four squares.
    #[inline]
    pub const fn castle(king_from: Square, king_to: Square) -> Move {
        Move::pack(king_from, king_to, CASTLE)
    }

    /// The square the moving piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 as usize)
    }

    /// The square the moving piece lands on; for castling the king's destination in standard
    /// chess, the castling rook's square in Chess960.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 >> 6) as usize)
    }

    /// The 4 kind bits.
    #[inline]
    const fn kind(self) -> u16 {
        self.0 >> 12
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        if self.kind() & PROMOTION != 0 {
            Some(Role::ALL[(self.kind() & 3) as usize + 1])
        } else {
            None
        }
    }

    /// Whether this is a promotion.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.kind() & PROMOTION != 0
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.kind() == CASTLE
    }

    /// Whether this is an en-passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.kind() == EN_PASSANT
    }

    /// The move in UCI notation (castling as the king's move).
    #[inline]
    pub const fn to_uci(self) -> UciMove {
        UciMove {
            from: self.from(),
            to: self.to(),
            promotion: self.promotion(),
        }
    }
}

impl fmt::Display for Move {
    /// The UCI text: "e2e4", "e7e8q", "e1g1".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_uci().fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    /// A move serialises as its UCI text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The most legal moves a position accepted by [`Position::from_fen`](crate::Position::from_fen)
/// can have, and so the capacity of a [`MoveList`].
///
/// Real games top out at 218 moves, but FEN validation accepts any 16 pieces a side (fifteen
/// queens, say), and a stored game is replayed before anyone looks at it, so the capacity follows
/// from what validation accepts, not from what games reach. Count moves by the piece making them;
/// playing a move never adds a piece, so every position reached from an accepted one obeys:
/// - at most 16 pieces a side (validation refuses more), one of them the king: 15 others;
/// - each other piece has at most 27 moves, a queen's on an empty board from d4/e4/d5/e5 (a rook
///   has 14, a bishop 13, a knight 8, a pawn 12: three destinations times four promotions,
///   en passant being one of its captures);
/// - the king has at most 8 steps and 2 castlings.
///
/// 15 × 27 + 8 + 2 = 415. The most found for an accepted position is 241 (fifteen queens, in the
/// engine's `movegen` tests); the bound only has to be safe. Perft counts moves without listing
/// them, so the larger list does not slow it.
pub const MAX_MOVES: usize =
    (MAX_PIECES_PER_SIDE - 1) * MAX_PIECE_MOVES + MAX_KING_STEPS + MAX_CASTLINGS;

/// The most moves one piece other than the king can have: a queen in the centre of an empty
/// board (checked against the attack tables in `tests/movegen.rs`).
const MAX_PIECE_MOVES: usize = 27;
/// The most steps a king can take.
const MAX_KING_STEPS: usize = 8;
/// The castlings one side can have: king side and queen side.
const MAX_CASTLINGS: usize = 2;

/// A list of up to [`MAX_MOVES`] moves, on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// If the list already holds [`MAX_MOVES`] moves, which the legal moves of a position never
    /// exceed (see [`MAX_MOVES`] for why).
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Iterates over the moves of a [`MoveList`] by value.
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = self.list.get(self.next).copied();
        self.next += 1;
        m
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        for m in iter {
            list.push(m);
        }
        list
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}
