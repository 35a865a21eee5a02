//! Why a move was bad, in one plain sentence that the rules crate checks on the engine's line
//! (issues #25 and #38). Every Inaccuracy, Mistake, Blunder and Miss gets one.
//!
//! A sentence is never free text and never the engine's word alone: each rule states a fact the
//! rules crate checks on the engine's line before anything is said, and the sentence names that
//! line. The rules, first that holds:
//! - **allows mate in N**: after the move the opponent mates in N whatever the defence (N ≤ 2,
//!   proven by a full search, [`mate`]), or the engine's reply line, replayed, ends in checkmate
//!   after N of the opponent's moves (any N; the sentence then says it is Stockfish's line);
//! - **misses mate in N**: the same for the engine's best line before the move, when the move
//!   played does not itself mate or still mate in time (N ≤ 2, proven) and is not the best;
//! - **hangs a piece**: the engine's reply takes one of the mover's pieces (not a pawn), and
//!   once the exchange on that square is played out ([`exchange`], static exchange evaluation
//!   with legal moves) the mover has lost at least 2 points net, counting what the move itself
//!   took on that square: a trade (31.Rxc8 Qxc8) never hangs anything;
//! - **allows a fork**: the engine's reply puts a piece where it attacks two or more of the
//!   mover's pieces that it can win (the king, a piece worth more than the attacker, or one worth
//!   3 or more that nothing defends), and over the reply and the next three moves of its line the
//!   mover ends down at least 2 points;
//! - **allows a pin or a skewer**: the engine's reply puts a bishop, rook or queen where it attacks
//!   one of the mover's pieces with another of them behind it on the same line: a pin when the one
//!   in front is worth less than the one behind (or the one behind is the king), a skewer when the
//!   one in front is the king or worth more; and over four moves of the line the mover ends down at
//!   least 2 points;
//! - **allows a promotion**: within the first three moves of the engine's reply line the
//!   opponent promotes a pawn, and up to the move after the promotion the mover ends down at
//!   least 3 points;
//! - **misses a win of material**: the engine's best move was a capture whose line (four moves)
//!   wins at least 2 points;
//! - **loses material** (a plain statement of the line): over the engine's reply line (at most
//!   [`PV_PLIES`] moves, replayed) the mover ends down at least 1 point: "After this, Stockfish's
//!   line wins a knight: …";
//! - **a better move** (the last resort, always true of legal lines): "Qxc8 was better (…);
//!   after Nb8, Stockfish's line goes …".

pub mod exchange;
pub mod mate;
pub mod material;

mod better_move;
mod material_lines;
mod mates;
mod tactics;

use alphachess_engine::{Line, Move, Position};
use serde::Serialize;
use utoipa::ToSchema;

use self::better_move::better_move;
use self::material_lines::{loses_material, misses_material};
use self::mates::{allows_mate, misses_mate};
use self::tactics::{allows_fork, allows_pin_or_skewer, allows_promotion, hangs_piece};

pub use self::tactics::hung_loss;

/// Moves of a line that material claims look at: the capture, the reply, and one more pair.
const MATERIAL_PLIES: usize = 4;
/// The least a line must win or lose, in points, for a sentence about material.
const MATERIAL_POINTS: i32 = 2;
/// The most moves of a line a plain statement replays and quotes.
pub const PV_PLIES: usize = 6;
/// A mate line longer than this many moves is quoted with its middle left out.
const QUOTED_PLIES: usize = 7;

/// What kind of fact a sentence states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExplanationKind {
    AllowsMate,
    MissesMate,
    HangsPiece,
    AllowsFork,
    AllowsPin,
    AllowsSkewer,
    AllowsPromotion,
    MissesMaterial,
    /// A plain statement: the engine's reply line wins material from the mover.
    LosesMaterial,
    /// A plain statement: the engine's better move and what its line does after the move played.
    BetterMove,
}

/// One checked sentence about a move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Explanation {
    pub kind: ExplanationKind,
    /// E.g. "Allows mate in 1: Qxf7#."
    #[schema(example = "Hangs the knight on f3: Bxf3 wins it.")]
    pub sentence: String,
    /// The line the sentence rests on, in SAN.
    #[schema(example = json!(["Bxf3", "Qxf3"]))]
    pub line: Vec<String>,
    /// Where `line` starts: the position after this many plies (the move's own ply for what it
    /// allows, the ply before it for what it misses).
    pub from_ply: usize,
}

/// What a move's explanation is built from: the position before it, the move, and the engine's
/// lines from before it (its best) and after it (the reply).
#[derive(Debug, Clone, Copy)]
pub struct MoveFacts<'a> {
    /// The move's ply (1 is the first move).
    pub ply: usize,
    pub before: &'a Position,
    pub played: Move,
    /// The engine's line from `before`, starting with its best move.
    pub best_line: &'a [Move],
    /// The engine's line from the position after `played`, starting with its reply.
    pub reply_line: &'a [Move],
}

/// The sentence a tactic rule proves about a bad move, if any (the rules above, before the
/// plain statements).
pub fn explain(facts: &MoveFacts<'_>) -> Option<Explanation> {
    let mut after = facts.before.clone();
    after.play(facts.played).ok()?;
    allows_mate(facts, &after)
        .or_else(|| misses_mate(facts, &after))
        .or_else(|| hangs_piece(facts, &after))
        .or_else(|| allows_fork(facts, &after))
        .or_else(|| allows_pin_or_skewer(facts, &after))
        .or_else(|| allows_promotion(facts, &after))
        .or_else(|| misses_material(facts))
}

/// The sentence for a bad move (an Inaccuracy or worse): the rule [`explain`] proves, else a
/// plain statement of what the engine's lines do ([`ExplanationKind::LosesMaterial`],
/// [`ExplanationKind::BetterMove`]). `None` only for a move that is not legal in `before`.
pub fn explain_every(facts: &MoveFacts<'_>) -> Option<Explanation> {
    let mut after = facts.before.clone();
    after.play(facts.played).ok()?;
    explain(facts)
        .or_else(|| loses_material(facts, &after))
        .or_else(|| better_move(facts, &after))
}

/// `moves` from `position` in SAN, up to the first illegal one.
fn san(position: &Position, moves: &[Move]) -> Vec<String> {
    Line::from_moves(position, moves)
        .san()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// A mating line quoted in a sentence: whole when short, else its start, "…" and the mate.
fn quoted(line: &[String]) -> String {
    if line.len() <= QUOTED_PLIES {
        return line.join(" ");
    }
    let start = &line[..QUOTED_PLIES - 2];
    format!("{} … {}", start.join(" "), line[line.len() - 1])
}

#[cfg(test)]
mod tests;
