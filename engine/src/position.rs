//! A validated chess position: the board, side to move, castling rights, en-passant square,
//! move counters and an incrementally updated Polyglot Zobrist key.
//!
//! The position is small (under 100 bytes) so that search and perft copy it per move
//! ("copy-make") instead of undoing moves.

use std::fmt;

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::zobrist::{en_passant_key, piece_key, TURN_FLIP};
use crate::{
    Bitboard, ByColor, ByRole, CastlingRights, CastlingSide, Color, Move, Piece, Role, Square,
};

/// A legal chess position (built from a FEN or by playing legal moves from one).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: ByRole<Bitboard>,
    pub(crate) by_color: ByColor<Bitboard>,
    /// The squares whose touching (as a move's origin or destination) may lose a castling
    /// right: the kings and castling rooks of the rights that remain. One AND in
    /// [`Position::play_unchecked`] keeps every other move off the rights bookkeeping.
    pub(crate) castle_touch: Bitboard,
    pub(crate) zobrist: u64,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    /// The castling rook of each right (by [`CastlingRights`] bit: K, Q, k, q); the standard
    /// corner for a right that is not held, so that equal positions compare equal.
    pub(crate) castling_rooks: [Square; 4],
    /// Chess960 castling notation (king takes rook in UCI, X-FEN rights).
    pub(crate) chess960: bool,
}

/// The move is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError(pub Move);

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} in this position", self.0)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(crate::fen::STARTPOS_FEN).expect("the start FEN is valid")
    }

    /// An empty board with White to move and no rights: the parser's blank sheet.
    pub(crate) fn empty() -> Position {
        Position {
            by_role: ByRole::default(),
            by_color: ByColor::default(),
            castle_touch: Bitboard::EMPTY,
            zobrist: 0,
            halfmove_clock: 0,
            fullmove_number: 1,
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            castling_rooks: crate::castling_rooks::STANDARD_ROOKS,
            chess960: false,
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let role = self.role_at(square)?;
        let color = if self.by_color.white.contains(square) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if !self.occupied().contains(square) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role].contains(square))
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// The squares of all pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role] & self.by_color[piece.color]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_of(&self, color: Color) -> Square {
        let kings = self.by_role[Role::King] & self.by_color[color];
        // A validated position always has exactly one king per side, so the masked index is exact.
        Square::from_index_masked(kings.0.trailing_zeros() as usize)
    }

    /// The castling rights that remain.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target square as written in the FEN (set after every double pawn push).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square only if an en-passant capture is actually legal.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        self.has_legal_en_passant().then_some(ep)
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Polyglot-compatible Zobrist key (start position: `0x463b96181691fc9c`).
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The key used for repetitions: as [`Position::zobrist`], but an en-passant square counts
    /// only when an en-passant capture is legal (FIDE's rule for "the same position").
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if self.ep_is_hashed() && self.legal_ep_square().is_none() => {
                self.zobrist ^ en_passant_key(ep.file())
            }
            _ => self.zobrist,
        }
    }

    /// The side to move's pieces of `role`.
    #[inline]
    pub(crate) fn our(&self, role: Role) -> Bitboard {
        self.by_role[role] & self.by_color[self.turn]
    }

    /// The opponent's pieces of `role`.
    #[inline]
    pub(crate) fn their(&self, role: Role) -> Bitboard {
        self.by_role[role] & self.by_color[!self.turn]
    }

    /// The pieces of `attacker` that attack `square`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, square: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color[attacker];
        let rooks = self.by_role[Role::Rook] | self.by_role[Role::Queen];
        let bishops = self.by_role[Role::Bishop] | self.by_role[Role::Queen];
        theirs
            & ((knight_attacks(square) & self.by_role[Role::Knight])
                | (king_attacks(square) & self.by_role[Role::King])
                | (pawn_attacks(!attacker, square) & self.by_role[Role::Pawn])
                | (rook_attacks(square, occupied) & rooks)
                | (bishop_attacks(square, occupied) & bishops))
    }

    /// The opponent's pieces that give check.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king_of(self.turn), !self.turn, self.occupied())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// Whether neither side can ever checkmate: K v K, K+B v K, K+N v K, or only kings and
    /// bishops that all stand on squares of one colour.
    pub fn has_insufficient_material(&self) -> bool {
        let heavy = self.by_role[Role::Pawn] | self.by_role[Role::Rook] | self.by_role[Role::Queen];
        if heavy.any() {
            return false;
        }
        let knights = self.by_role[Role::Knight];
        let bishops = self.by_role[Role::Bishop];
        if knights.any() {
            return (knights | bishops).count() == 1;
        }
        (bishops & Bitboard::LIGHT_SQUARES).is_empty()
            || (bishops & Bitboard::DARK_SQUARES).is_empty()
    }

    /// Whether `color` could possibly checkmate by some series of legal moves, the opponent's
    /// help included (FIDE 6.9: a player whose time runs out still draws when the opponent
    /// could not). Conservative: `false` only when mate is certainly impossible, namely
    /// - `color` has a lone king;
    /// - `color` has a king and one knight or bishop, the opponent a lone king;
    /// - `color` has a king and bishops all on squares of one colour, the opponent a king and
    ///   at most bishops on that same colour (no piece can ever block an escape square of the
    ///   other colour).
    ///
    /// Anything else counts as mating material, even K+N v K+P (the pawn may block its king).
    ///
    /// ```
    /// use alphachess_engine::{Color, Position};
    ///
    /// let pos = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")?;
    /// assert!(!pos.has_mating_material(Color::White), "K+N cannot mate a lone king");
    /// let pos = Position::from_fen("8/8/4k3/4p3/8/3NK3/8/8 w - - 0 1")?;
    /// assert!(pos.has_mating_material(Color::White), "the pawn may block its own king");
    /// # Ok::<(), alphachess_engine::FenError>(())
    /// ```
    pub fn has_mating_material(&self, color: Color) -> bool {
        let ours = self.by_color[color] & !self.by_role[Role::King];
        let theirs = self.by_color[!color] & !self.by_role[Role::King];
        let minors = self.by_role[Role::Knight] | self.by_role[Role::Bishop];
        if ours.is_empty() {
            return false;
        }
        if (ours & !minors).any() {
            return true;
        }
        if ours.count() == 1 && theirs.is_empty() {
            return false;
        }
        let bishops = self.by_role[Role::Bishop];
        let only_bishops = ((ours | theirs) & !bishops).is_empty();
        let one_square_colour = (bishops & Bitboard::LIGHT_SQUARES).is_empty()
            || (bishops & Bitboard::DARK_SQUARES).is_empty();
        !(only_bishops && one_square_colour)
    }

    /// Whether `m` takes a piece (en passant included).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        m.is_en_passant() || (!m.is_castle() && self.by_color[!self.turn].contains(m.to()))
    }

    /// The role of the piece that makes move `m` (for castling: the king).
    /// For a move that is not legal here, the answer has no meaning.
    #[inline]
    pub fn moved_role(&self, m: Move) -> Role {
        self.role_at(m.from()).unwrap_or(Role::Pawn)
    }

    /// The role of the piece `m` captures, if any (a pawn for en passant).
    #[inline]
    pub fn captured_role(&self, m: Move) -> Option<Role> {
        if m.is_en_passant() {
            Some(Role::Pawn)
        } else if m.is_castle() || !self.by_color[!self.turn].contains(m.to()) {
            None
        } else {
            self.role_at(m.to())
        }
    }

    /// Plays `m` if it is legal here.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError(m))
        }
    }

    /// The position after `m`, if it is legal here.
    pub fn after(&self, m: Move) -> Result<Position, IllegalMoveError> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// Plays `m` without checking that it is legal; the caller guarantees it is (for example
    /// because it came from [`Position::legal_moves`]). Updates the Zobrist key incrementally.
    /// A move from an empty square is ignored.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        if let Some(role) = self.role_at(m.from()) {
            self.play_role_unchecked(m, role);
        }
    }

    /// Plays `m`, made by a piece of `role`, without checks.
    #[inline]
    pub(crate) fn play_role_unchecked(&mut self, m: Move, role: Role) {
        let (from, to) = (m.from(), m.to());
        if m.is_castle() {
            self.begin_move();
            // `to` is the king's destination (standard) or the rook (Chess960); either way it
            // lies on the side castled to. The king may already stand on its destination, or
            // the rook on the king's: toggling is XOR, so the order does not matter.
            let us = self.turn;
            let side = CastlingSide::of_move(from, to);
            let rook_from = self.castling_rooks[CastlingRights::index(us, side)];
            self.toggle(us, Role::King, from);
            self.toggle(us, Role::King, side.king_to(us));
            self.toggle(us, Role::Rook, rook_from);
            self.toggle(us, Role::Rook, side.rook_to(us));
            self.end_move(from, to, Role::King);
        } else if m.is_en_passant() {
            self.begin_move();
            let captured = Square::from_index_masked(to as usize ^ 8);
            self.toggle(!self.turn, Role::Pawn, captured);
            self.toggle(self.turn, Role::Pawn, from);
            self.toggle(self.turn, Role::Pawn, to);
            self.halfmove_clock = 0;
            self.end_move(from, to, Role::Pawn);
        } else {
            self.play_normal_unchecked(from, to, role, m.promotion().unwrap_or(role));
        }
    }

    /// Plays a move of a piece of `role` from `from` to `to` that is neither castling nor en
    /// passant, arriving as `arrives` (the promotion role, else `role`), without checks. Perft
    /// calls this directly for the generator's plain moves, whose kind it already knows, so
    /// that it neither encodes a [`Move`] nor tests its kind bits.
    #[inline(always)]
    pub(crate) fn play_normal_unchecked(
        &mut self,
        from: Square,
        to: Square,
        role: Role,
        arrives: Role,
    ) {
        self.begin_move();
        let us = self.turn;
        let them = !us;
        if self.by_color[them].contains(to) {
            let captured = self.role_at(to).unwrap_or(Role::Pawn);
            self.toggle(them, captured, to);
            self.halfmove_clock = 0;
        }
        self.toggle(us, role, from);
        self.toggle(us, arrives, to);
        if role == Role::Pawn {
            self.halfmove_clock = 0;
            if (from as u8).abs_diff(to as u8) == 16 {
                self.ep_square = Some(Square::from_index_masked((from as usize + to as usize) / 2));
            }
        }
        self.end_move(from, to, role);
    }

    /// The first half of every move: the old en-passant square goes (and its key), the
    /// fifty-move clock ticks.
    #[inline(always)]
    fn begin_move(&mut self) {
        if let Some(ep) = self.ep_square.take() {
            if self.ep_is_hashed_at(ep) {
                self.zobrist ^= en_passant_key(ep.file());
            }
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
    }

    /// The last half of every move: castling rights it loses, the turn, the move number and
    /// the new en-passant square's key.
    #[inline(always)]
    fn end_move(&mut self, from: Square, to: Square, role: Role) {
        let us = self.turn;
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        if (self.castle_touch & touched).any() {
            self.lose_castling_rights(from, to, role == Role::King);
        }

        self.turn = !us;
        self.zobrist ^= TURN_FLIP;
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        if let Some(ep) = self.ep_square {
            if self.ep_is_hashed_at(ep) {
                self.zobrist ^= en_passant_key(ep.file());
            }
        }
    }

    /// Adds or removes a piece, keeping the key in step.
    #[inline]
    pub(crate) fn toggle(&mut self, color: Color, role: Role, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_role[role] ^= bit;
        self.by_color[color] ^= bit;
        self.zobrist ^= piece_key(Piece { color, role }, square);
    }

    /// Whether Polyglot hashes the en-passant square: a pawn of the side to move stands
    /// beside the pawn that just moved two squares (legality is not considered).
    #[inline]
    pub(crate) fn ep_is_hashed_at(&self, ep: Square) -> bool {
        (pawn_attacks(!self.turn, ep) & self.our(Role::Pawn)).any()
    }

    /// [`Position::ep_is_hashed_at`] for the current en-passant square.
    #[inline]
    fn ep_is_hashed(&self) -> bool {
        self.ep_square.is_some_and(|ep| self.ep_is_hashed_at(ep))
    }

    /// The key computed from scratch from the board, rights, en-passant square and turn.
    pub(crate) fn compute_zobrist(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for square in self.by_role[role] & self.by_color[color] {
                    key ^= piece_key(Piece { color, role }, square);
                }
            }
        }
        key ^= self.castling_key();
        if let Some(ep) = self.ep_square {
            if self.ep_is_hashed_at(ep) {
                key ^= en_passant_key(ep.file());
            }
        }
        key ^ crate::zobrist::turn_key(self.turn)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
