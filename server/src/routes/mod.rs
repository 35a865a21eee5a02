//! HTTP handlers, one resource per file; each reads as a short list of `?` lines.

pub mod actions;
pub mod docs;
pub mod events;
pub mod export;
pub mod fallback;
pub mod game_id;
pub mod games;
pub mod health;
pub mod moves;
