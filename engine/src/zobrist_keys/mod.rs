//! The 781 Polyglot random numbers, in the order of the Polyglot book format specification:
//! 768 piece-square keys (piece kind * 64 + square, black pawn = 0, white pawn = 1, ...),
//! 4 castling keys (K, Q, k, q), 8 en-passant file keys and the white-to-move key.
//!
//! The table is split by what the keys are for (a file per piece, one for the rest); the keys
//! are Polyglot's, copied unchanged, and a checksum below holds them to it.

mod bishops;
mod kings;
mod knights;
mod pawns;
mod queens;
mod rights;
mod rooks;

use bishops::BISHOPS;
use kings::KINGS;
use knights::KNIGHTS;
use pawns::PAWNS;
use queens::QUEENS;
use rights::{CASTLING, EN_PASSANT, WHITE_TO_MOVE};
use rooks::ROOKS;

/// Polyglot's `Random64` array.
pub(crate) const POLYGLOT: [u64; 781] = {
    let parts: [&[u64]; 9] = [
        &PAWNS,
        &KNIGHTS,
        &BISHOPS,
        &ROOKS,
        &QUEENS,
        &KINGS,
        &CASTLING,
        &EN_PASSANT,
        &[WHITE_TO_MOVE],
    ];
    let mut keys = [0; 781];
    let mut at = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut index = 0;
        while index < parts[part].len() {
            keys[at] = parts[part][index];
            at += 1;
            index += 1;
        }
        part += 1;
    }
    assert!(at == keys.len(), "the parts make up the whole table");
    keys
};

#[cfg(test)]
mod tests {
    use super::POLYGLOT;

    /// FNV-1a (64-bit) over every key's little-endian bytes, in order, computed once from the
    /// table as published: a key changed, lost or moved out of its place fails here.
    const CHECKSUM: u64 = 0x6C25_BE54_E4F6_2B13;

    #[test]
    fn the_781_keys_are_polyglot_s_in_their_order() {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in POLYGLOT.iter().flat_map(|key| key.to_le_bytes()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        println!("FNV-1a of the 781 keys: {hash:#018X}");
        assert_eq!(hash, CHECKSUM);
        assert_eq!(POLYGLOT[0], 0x9D39_247E_3377_6D41);
        assert_eq!(POLYGLOT[780], 0xF8D6_26AA_AF27_8509);
    }
}
