//! The seeds an opponent's choices are drawn from: one per game (its id hashed), mixed with the
//! ply, so the same game and ply always draw the same move. A replay, a restart and the ladder
//! harness then play what was played, and a measurement is of the moves the player meets.

/// A seed from a game's id.
pub fn seed_of(key: &str) -> u64 {
    key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The seed of the game seeded `seed` at `ply`: every draw of a move starts from it.
pub fn at_ply(seed: u64, ply: usize) -> u64 {
    seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// One step of the SplitMix64 generator: small, seedable, good enough to pick moves.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
