//! Practice (issue #41): a deck of the player's own mistakes across every reviewed game under
//! their key, scheduled by spaced repetition (FSRS) and judged by the engine as retry judges.
//! `card.rs` says which moves make cards, `fsrs.rs` schedules them, `schedule.rs` grades a
//! try, `service.rs` runs the use cases and `view.rs` is what the API shows.

pub mod card;
pub mod fsrs;
pub mod schedule;
pub mod service;
pub mod view;
