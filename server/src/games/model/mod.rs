//! The game itself, pure: its state and rules of play, clocks, levels and the ladder, draws,
//! setups and PGN. Imports nothing else of `games/`, so it can be read and tested alone.

pub mod abortable;
pub mod clock;
pub mod color;
pub mod comment_text;
pub mod draw;
pub mod error;
pub mod export;
pub mod id;
pub mod ladder;
pub mod length;
pub mod level;
pub mod lowercase_san;
pub mod notation;
pub mod players;
pub mod rated;
pub mod setup;
pub mod state;
pub mod stored_tree;
pub mod tree_input;
pub mod variant;
