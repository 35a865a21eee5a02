//! Post-game analysis (issue #12): every position of a finished game searched on the engines'
//! analysis lane, then judged the way lichess judges moves.
//!
//! [`judgment`] and [`accuracy`] are lila's formulas, pure and unit-tested. Nothing here knows
//! HTTP or the game registry.

pub mod accuracy;
pub mod eval;
pub mod judgment;

pub use eval::{Eval, SideEval};
pub use judgment::Judgment;
