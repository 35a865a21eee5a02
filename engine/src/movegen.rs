//! Legal move generation by construction: check mask and pin masks decide which destinations
//! each piece may reach, so no move is ever made to test whether it leaves the king in check.
//!
//! The generator hands out sets of moves ([`MoveSet`]) rather than single moves, so that perft
//! at depth 1 counts destinations with a popcount instead of building a list.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use crate::{Bitboard, CastlingSide, Color, File, Move, MoveList, Position, Rank, Role, Square};

/// A group of legal moves produced together.
#[derive(Copy, Clone, Debug)]
pub(crate) enum MoveSet {
    /// A piece (not a pawn) moving from one square to each square of `to`.
    Piece {
        role: Role,
        from: Square,
        to: Bitboard,
    },
    /// Pawns moving to each square of `to`, each from `to - delta` (no promotion).
    Pawns { to: Bitboard, delta: i8 },
    /// Pawns promoting on each square of `to`, each from `to - delta`; four moves per square.
    Promotions { to: Bitboard, delta: i8 },
    /// One en-passant capture.
    EnPassant { from: Square, to: Square },
    /// Castling, as the king's move.
    Castle { from: Square, to: Square },
}

impl MoveSet {
    /// How many moves the set holds.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match *self {
            MoveSet::Piece { to, .. } | MoveSet::Pawns { to, .. } => to.count(),
            MoveSet::Promotions { to, .. } => 4 * to.count(),
            MoveSet::EnPassant { .. } | MoveSet::Castle { .. } => 1,
        }
    }

    /// The role of the moving piece.
    #[inline]
    pub(crate) fn role(&self) -> Role {
        match *self {
            MoveSet::Piece { role, .. } => role,
            MoveSet::Pawns { .. } | MoveSet::Promotions { .. } | MoveSet::EnPassant { .. } => {
                Role::Pawn
            }
            MoveSet::Castle { .. } => Role::King,
        }
    }

    /// Calls `f` with every move of the set.
    #[inline]
    pub(crate) fn for_each(&self, mut f: impl FnMut(Move)) {
        match *self {
            MoveSet::Piece { from, to, .. } => {
                for to in to {
                    f(Move::normal(from, to));
                }
            }
            MoveSet::Pawns { to, delta } => {
                for to in to {
                    f(Move::normal(pawn_origin(to, delta), to));
                }
            }
            MoveSet::Promotions { to, delta } => {
                for to in to {
                    let from = pawn_origin(to, delta);
                    for role in Role::PROMOTIONS {
                        f(Move::promote(from, to, role));
                    }
                }
            }
            MoveSet::EnPassant { from, to } => f(Move::en_passant(from, to)),
            MoveSet::Castle { from, to } => f(Move::castle(from, to)),
        }
    }
}

/// The square a pawn came from to reach `to` by a step of `delta`.
#[inline]
pub(crate) fn pawn_origin(to: Square, delta: i8) -> Square {
    Square::from_index_masked((to as i32 - delta as i32) as usize)
}

/// Where the side to move's king is constrained: checkers, the squares that answer a check,
/// and the rays of pieces pinned along ranks/files and along diagonals.
struct Constraints {
    king: Square,
    checkers: Bitboard,
    check_mask: Bitboard,
    pin_hv: Bitboard,
    pin_diag: Bitboard,
}

impl Position {
    /// Calls `f` with every group of legal moves.
    #[inline]
    pub(crate) fn generate(&self, f: impl FnMut(MoveSet)) {
        match self.turn {
            Color::White => self.generate_for::<true>(f),
            Color::Black => self.generate_for::<false>(f),
        }
    }

    /// The generator for one side to move (`WHITE`), so pawn directions are constants.
    #[inline(always)]
    fn generate_for<const WHITE: bool>(&self, mut f: impl FnMut(MoveSet)) {
        let c = self.constraints();
        let safe_steps = self.king_moves::<WHITE>(&c, &mut f);
        if c.checkers.more_than_one() {
            return;
        }
        if c.checkers.is_empty() {
            self.castling_moves::<WHITE>(c.king, safe_steps, &mut f);
        }
        self.piece_moves(&c, &mut f);
        self.pawn_moves::<WHITE>(&c, &mut f);
        self.en_passant_moves::<WHITE>(&c, &mut f);
    }

    /// Computes checkers, the check mask and the pin rays for the side to move. One x-ray
    /// lookup per slider kind finds both: rays from the king through our pieces to their first
    /// rook/queen (or bishop/queen) are checks when nothing stands between and pins when one
    /// of our pieces does (their pieces stop the x-ray, so the blockers are all ours).
    #[inline(always)]
    fn constraints(&self) -> Constraints {
        let us = self.turn;
        let king = self.king_of(us);
        let occupied = self.occupied();
        let theirs = self.by_color[!us];
        let leapers = (knight_attacks(king) & self.by_role[Role::Knight])
            | (pawn_attacks(us, king) & self.by_role[Role::Pawn]);
        let mut checkers = leapers & theirs;
        let queens = self.by_role[Role::Queen];
        let rooks = (self.by_role[Role::Rook] | queens) & theirs;
        let bishops = (self.by_role[Role::Bishop] | queens) & theirs;
        let mut sniper_rays = |snipers: Bitboard| {
            let mut pins = Bitboard::EMPTY;
            for sniper in snipers {
                let ray = between(king, sniper);
                let blockers = ray & occupied;
                if blockers.is_empty() {
                    checkers |= sniper;
                } else if !blockers.more_than_one() {
                    pins |= ray | sniper;
                }
            }
            pins
        };
        let pin_hv = sniper_rays(rook_attacks(king, theirs) & rooks);
        let pin_diag = sniper_rays(bishop_attacks(king, theirs) & bishops);
        let check_mask = match checkers.lsb() {
            None => Bitboard::FULL,
            Some(checker) => between(king, checker) | checkers,
        };
        Constraints {
            king,
            checkers,
            check_mask,
            pin_hv,
            pin_diag,
        }
    }

    /// King steps to squares the opponent does not attack once the king has left its square;
    /// returns them, for castling to reuse.
    /// The leapers' attacks are gathered once (their pawns by two shifts, their king, their
    /// knights); only the steps those leave are tested against sliders, with the king lifted
    /// off the board so that it cannot shield a square behind itself.
    #[inline(always)]
    fn king_moves<const WHITE: bool>(
        &self,
        c: &Constraints,
        f: &mut impl FnMut(MoveSet),
    ) -> Bitboard {
        let us = if WHITE { Color::White } else { Color::Black };
        let theirs = self.by_color[!us];
        let mut to = king_attacks(c.king) & !self.by_color[us];
        if to.any() {
            // Their pawns capture towards us: down the board when we are White.
            let down: i8 = if WHITE { -8 } else { 8 };
            let pawns = self.by_role[Role::Pawn] & theirs;
            let file_a = Bitboard::from_file(File::A);
            let file_h = Bitboard::from_file(File::H);
            let mut danger = shift(pawns & !file_a, down - 1)
                | shift(pawns & !file_h, down + 1)
                | king_attacks(self.king_of(!us));
            for knight in self.by_role[Role::Knight] & theirs {
                danger |= knight_attacks(knight);
            }
            to &= !danger;
            let without_king = self.occupied().without(c.king);
            let queens = self.by_role[Role::Queen];
            let rooks = (self.by_role[Role::Rook] | queens) & theirs;
            let bishops = (self.by_role[Role::Bishop] | queens) & theirs;
            for target in to {
                let sliders = (rook_attacks(target, without_king) & rooks)
                    | (bishop_attacks(target, without_king) & bishops);
                if sliders.any() {
                    to ^= target;
                }
            }
        }
        f(MoveSet::Piece {
            role: Role::King,
            from: c.king,
            to,
        });
        to
    }

    /// Castling: the right remains, the squares between king and rook and their destinations
    /// are empty but for the two of them, and the king neither stands in, passes through nor
    /// lands in check (the caller checked "not in check"). Attacks are tested with the king and
    /// the castling rook lifted off the board: in Chess960 the rook may be what shields the
    /// king's destination from a rank attack (rook b1 against a queen on a1, king going to c1).
    /// Standard chess keeps its constant-square fast path; the Chess960 one is out of line.
    #[inline(always)]
    fn castling_moves<const WHITE: bool>(
        &self,
        king: Square,
        safe_steps: Bitboard,
        f: &mut impl FnMut(MoveSet),
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        if !self.castling.has_any(us) {
            return;
        }
        if self.chess960 {
            self.chess960_castling_moves(us, king, f);
        } else {
            self.standard_castling_moves(us, safe_steps, f);
        }
    }

    /// Standard castling: a right held in standard mode has the king on e1/e8 and its rook in
    /// the corner, so every square is a constant of `us` and `side` and the masks fold away.
    /// The square the king passes (f1, d1) is a king step: it is safe exactly when the king
    /// step there is legal (`safe_steps`; the king is not in check, so lifting it for that
    /// test changes nothing), and only the destination needs an attack test.
    #[inline(always)]
    fn standard_castling_moves(
        &self,
        us: Color,
        safe_steps: Bitboard,
        f: &mut impl FnMut(MoveSet),
    ) {
        let occupied = self.occupied();
        for side in CastlingSide::ALL {
            if !self.castling.has(us, side) {
                continue;
            }
            let king_from = side.king_from(us);
            let king_to = side.king_to(us);
            if (between(king_from, side.rook_from(us)) & occupied).any() {
                continue;
            }
            let passed = between(king_from, king_to);
            if (passed & !safe_steps).any() {
                continue;
            }
            if self.attackers_to(king_to, !us, occupied).is_empty() {
                f(MoveSet::Castle {
                    from: king_from,
                    to: king_to,
                });
            }
        }
    }

    /// Chess960 castling, from the position's king and rook squares.
    #[inline(never)]
    fn chess960_castling_moves(&self, us: Color, king: Square, f: &mut impl FnMut(MoveSet)) {
        let occupied = self.occupied();
        for side in CastlingSide::ALL {
            if !self.castling.has(us, side) {
                continue;
            }
            let path = self.castling_path(side, king);
            if (path.must_be_empty & occupied).any() {
                continue;
            }
            let lifted = occupied.without(king).without(path.rook);
            let safe = path
                .king_path
                .into_iter()
                .all(|square| self.attackers_to(square, !us, lifted).is_empty());
            if safe {
                f(MoveSet::Castle {
                    from: king,
                    to: path.rook,
                });
            }
        }
    }

    /// Knights, bishops, rooks and queens: attacks limited to the check mask and, for a
    /// pinned piece, to its pin ray (pinned knights never move).
    #[inline(always)]
    fn piece_moves(&self, c: &Constraints, f: &mut impl FnMut(MoveSet)) {
        let ours = self.by_color[self.turn];
        let occupied = self.occupied();
        let targets = !ours & c.check_mask;
        let pinned = c.pin_hv | c.pin_diag;

        for from in self.by_role[Role::Knight] & ours & !pinned {
            let to = knight_attacks(from) & targets;
            f(MoveSet::Piece {
                role: Role::Knight,
                from,
                to,
            });
        }
        for from in self.by_role[Role::Bishop] & ours & !c.pin_hv {
            let mut to = bishop_attacks(from, occupied) & targets;
            if c.pin_diag.contains(from) {
                to &= c.pin_diag;
            }
            f(MoveSet::Piece {
                role: Role::Bishop,
                from,
                to,
            });
        }
        for from in self.by_role[Role::Rook] & ours & !c.pin_diag {
            let mut to = rook_attacks(from, occupied) & targets;
            if c.pin_hv.contains(from) {
                to &= c.pin_hv;
            }
            f(MoveSet::Piece {
                role: Role::Rook,
                from,
                to,
            });
        }
        for from in self.by_role[Role::Queen] & ours {
            let to = if c.pin_hv.contains(from) {
                rook_attacks(from, occupied) & c.pin_hv
            } else if c.pin_diag.contains(from) {
                bishop_attacks(from, occupied) & c.pin_diag
            } else {
                queen_attacks(from, occupied)
            };
            f(MoveSet::Piece {
                role: Role::Queen,
                from,
                to: to & targets,
            });
        }
    }

    /// Pawn pushes and captures for all pawns at once, by shifting bitboards. Pawns pinned on a
    /// file may only push along it; pawns pinned on a diagonal may only capture along it.
    #[inline(always)]
    fn pawn_moves<const WHITE: bool>(&self, c: &Constraints, f: &mut impl FnMut(MoveSet)) {
        let us = if WHITE { Color::White } else { Color::Black };
        let up: i8 = if WHITE { 8 } else { -8 };
        let last = Bitboard::from_rank(if WHITE { Rank::Eighth } else { Rank::First });
        let pawns = self.by_role[Role::Pawn] & self.by_color[us];
        let theirs = self.by_color[!us];

        // A pawn pinned on a rank or file pushes only if the square ahead is on its pin ray
        // (pinned along its file); the square two ahead then is too.
        let pushers = pawns & !c.pin_diag & (!c.pin_hv | shift(c.pin_hv, -up));
        let (single, double) = pawn_pushes(us, pushers, !self.occupied());
        emit_pawns(f, single & c.check_mask, up, last);
        f(MoveSet::Pawns {
            to: double & c.check_mask,
            delta: 2 * up,
        });

        let capturers = pawns & !c.pin_hv;
        let free = capturers & !c.pin_diag;
        let pinned = capturers & c.pin_diag;
        let targets = theirs & c.check_mask;
        let file_a = Bitboard::from_file(File::A);
        let file_h = Bitboard::from_file(File::H);
        for (delta, edge) in [(up - 1, file_a), (up + 1, file_h)] {
            let from = capturers & !edge;
            let to =
                (shift(from & free, delta) | (shift(from & pinned, delta) & c.pin_diag)) & targets;
            emit_pawns(f, to, delta, last);
        }
    }

    /// En-passant captures. Legality is decided by recomputing slider attacks on the king with
    /// both pawns gone and the capturer on the target, which also covers the rare case of two
    /// pawns leaving one rank and exposing the king.
    #[inline(always)]
    fn en_passant_moves<const WHITE: bool>(&self, c: &Constraints, f: &mut impl FnMut(MoveSet)) {
        let Some(to) = self.ep_square else { return };
        let us = if WHITE { Color::White } else { Color::Black };
        let captured = Square::from_index_masked(to as usize ^ 8);
        if !self.their(Role::Pawn).contains(captured) {
            return;
        }
        let capturers = pawn_attacks(!us, to) & self.by_role[Role::Pawn] & self.by_color[us];
        if capturers.is_empty() {
            return;
        }
        let leapers = (self.by_role[Role::Knight] | self.by_role[Role::Pawn]) & c.checkers;
        if leapers.without(captured).any() {
            return;
        }
        let theirs = self.by_color[!us];
        let queens = self.by_role[Role::Queen];
        let rooks = (self.by_role[Role::Rook] | queens) & theirs;
        let bishops = (self.by_role[Role::Bishop] | queens) & theirs;
        for from in capturers {
            let occupied = (self.occupied() ^ from ^ captured) | to;
            let exposed = (rook_attacks(c.king, occupied) & rooks)
                | (bishop_attacks(c.king, occupied) & bishops);
            if exposed.is_empty() {
                f(MoveSet::EnPassant { from, to });
            }
        }
    }

    /// Whether an en-passant capture is legal here.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        let mut found = false;
        self.generate(|set| found |= matches!(set, MoveSet::EnPassant { .. }));
        found
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(|set| set.for_each(|m| list.push(m)));
        list
    }

    /// The legal moves of the piece on `from` (empty if there is none of the side to move).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == from);
        list
    }

    /// How many legal moves there are, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut count = 0;
        self.generate(|set| count += set.len());
        count
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        if !self.by_color[self.turn].contains(m.from()) {
            return false;
        }
        let mut found = false;
        self.generate(|set| {
            if !found {
                set.for_each(|candidate| found |= candidate == m);
            }
        });
        found
    }
}

/// Where the pawns of `us` on `pawns` push to over `empty` squares: one square ahead, and two
/// ahead from their starting rank. Pins and checks aside; the generator filters those, and the
/// SAN diagnostics use this to tell "no pawn goes there" from "it would leave the king in check".
#[inline(always)]
pub(crate) fn pawn_pushes(us: Color, pawns: Bitboard, empty: Bitboard) -> (Bitboard, Bitboard) {
    let up = us.fold_wb(8, -8);
    let third = Bitboard::from_rank(us.fold_wb(Rank::Third, Rank::Sixth));
    let single = pawns.shift(up) & empty;
    let double = (single & third).shift(up) & empty;
    (single, double)
}

/// Shifts a bitboard by a signed number of squares.
#[inline(always)]
fn shift(b: Bitboard, delta: i8) -> Bitboard {
    b.shift(delta as i32)
}

/// Emits pawn moves to `to`, split into promotions (on the last rank) and the rest.
#[inline(always)]
fn emit_pawns(f: &mut impl FnMut(MoveSet), to: Bitboard, delta: i8, last: Bitboard) {
    f(MoveSet::Pawns {
        to: to & !last,
        delta,
    });
    f(MoveSet::Promotions {
        to: to & last,
        delta,
    });
}
