//! AlphaChess server: a REST API to play a supervised Stockfish, every move validated by the
//! `alphachess-engine` crate, serving the built React client from the same origin.
//!
//! The layout follows the request: [`config`] → [`startup`] (the route table) → [`http::routes`] (thin
//! handlers) → [`games`] (state, rules of play, the live registry) → [`uci`] (the engines).
#![deny(unsafe_code)]

pub mod analysis;
pub mod client_key;
pub mod config;
pub mod explore;
pub mod games;
pub mod http;
pub mod key_strength;
pub mod openings;
pub mod practice;
pub mod sentence;
pub mod share_cap;
pub mod startup;
pub mod token;
pub mod uci;

pub use config::Config;
pub use startup::{configure, Application, StartupError};
