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

/// The key of a set of castling rights whose rooks stand on `rooks` (by right index).
///
/// Polyglot keys the four rights, which is exact in standard chess. A Chess960 right whose rook
/// is not in its corner also XORs a key for the rook's file, so that two positions alike but for
/// which rook a right belongs to (rooks on f1 and h1, king on e1) hash apart; standard positions
/// keep their Polyglot keys.
#[inline]
pub(crate) fn castling_key(rights: CastlingRights, rooks: &[Square; 4]) -> u64 {
    let mut key = CASTLING_KEYS[rights.bits() as usize];
    for (index, &rook) in rooks.iter().enumerate() {
        if rights.bits() & (1 << index) != 0 && rook != STANDARD_CORNERS[index] {
            key ^= CHESS960_ROOK_KEYS[index][rook.file() as usize];
        }
    }
    key
}

/// The standard rook squares of the rights K, Q, k, q.
const STANDARD_CORNERS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

/// Extra keys for Chess960 castling rooks off their corner, per right and file: SplitMix64
/// output from a fixed seed, so the keys are the same in every build.
static CHESS960_ROOK_KEYS: [[u64; 8]; 4] = {
    let mut keys = [[0; 8]; 4];
    let mut state: u64 = 0x960_960_960;
    let mut right = 0;
    while right < 4 {
        let mut file = 0;
        while file < 8 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            keys[right][file] = z ^ (z >> 31);
            file += 1;
        }
        right += 1;
    }
    keys
};

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
