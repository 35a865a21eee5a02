//! Polyglot-compatible Zobrist keys, so that hashes match the published Polyglot test vectors.

use crate::zobrist_keys::POLYGLOT;
use crate::{CastlingRights, Color, File, Piece, Square};

/// The key of `piece` standing on `square`.
#[inline]
pub(crate) fn piece_key(piece: Piece, square: Square) -> u64 {
    // Polyglot's piece kinds run black pawn = 0, white pawn = 1, black knight = 2, ...
    let kind = 2 * piece.role as usize + piece.color.fold_wb(1, 0);
    POLYGLOT[64 * kind + square as usize]
}

/// The combined key of a set of castling rights, one per right, precomputed for all 16 sets.
static CASTLING_KEYS: [u64; 16] = {
    let mut keys = [0; 16];
    let mut set = 0;
    while set < 16 {
        let mut bit = 0;
        while bit < 4 {
            if set & (1 << bit) != 0 {
                keys[set] ^= POLYGLOT[768 + bit];
            }
            bit += 1;
        }
        set += 1;
    }
    keys
};

/// The key of a set of castling rights.
#[inline]
pub(crate) fn castling_key(rights: CastlingRights) -> u64 {
    CASTLING_KEYS[rights.bits() as usize]
}

/// The key of an en-passant square on `file` (hashed only when a pawn can capture there).
#[inline]
pub(crate) fn en_passant_key(file: File) -> u64 {
    POLYGLOT[772 + file as usize]
}

/// The key of the side to move: Polyglot hashes White to move.
#[inline]
pub(crate) fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::White => POLYGLOT[780],
        Color::Black => 0,
    }
}

/// The key that flips the side to move.
pub(crate) const TURN_FLIP: u64 = POLYGLOT[780];
