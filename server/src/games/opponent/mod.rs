//! Who the player meets: the opponent of a step of the ladder, one closed type. Each kind is a
//! file with its rules: [`Stockfish`] (skill, depth, random moves) and [`Maia`] (a band's
//! network, its temperature, blunders and free material). The service plays a turn with one
//! `match` on [`Opponent`] (`service/engine_turn.rs`), so a new kind is a file here, a variant,
//! and the compiler pointing at every arm.
//!
//! A layer of `games/` below the model: it imports nothing else of `games/` (the chess crate,
//! Maia's networks and the static exchange of `analysis/` are all it needs), so the rules of play
//! the harness measures and the server serves are the same code, readable alone.

pub mod en_prise;
pub mod maia;
pub mod seed;
pub mod stockfish;

use std::fmt;

pub use maia::Maia;
pub use seed::seed_of;
pub use stockfish::Stockfish;

/// The opponent of a step: which engine replies, and how it is weakened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Opponent {
    /// Stockfish, searching (the steps above the human ones).
    Stockfish(Stockfish),
    /// One of Maia's networks, drawing a human move with no search (the weakest steps).
    Maia(Maia),
}

impl fmt::Display for Opponent {
    /// The harness's name (`skill4-depth3-random0`, `maia1100@t1.0@b300@g`): the key of a step's
    /// results and of its row in `ladder.json`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Stockfish(stockfish) => stockfish.fmt(f),
            Opponent::Maia(maia) => maia.fmt(f),
        }
    }
}
