//! Helpers shared by the engine's integration tests: a seeded random generator and random games.

#![allow(dead_code)]

use alphachess_engine::{Move, Position};

/// A small deterministic xorshift generator, so failures reproduce.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next pseudo-random number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays up to `plies` random legal moves from `start`, calling `visit` with the position before
/// each move, the move, and the position after it. Stops early at mate or stalemate.
pub fn random_game(
    start: &Position,
    plies: usize,
    rng: &mut Rng,
    mut visit: impl FnMut(&Position, Move, &Position),
) {
    let mut pos = start.clone();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let m = moves[rng.below(moves.len())];
        let mut next = pos.clone();
        next.play(m).expect("generated moves are legal");
        visit(&pos, m, &next);
        pos = next;
    }
}

/// Starting points for random games: the standard perft positions (rich in castling,
/// en passant and promotions).
pub const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];
