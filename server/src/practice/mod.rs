//! Practice (issue #41): a deck of the player's own mistakes across every reviewed game under
//! their key, scheduled by spaced repetition (FSRS) and judged by the engine as retry judges.
//! `fsrs.rs` is the scheduler.

pub mod fsrs;
