//! AlphaChess server: a REST API to play a supervised Stockfish, every move validated by the
//! `alphachess-engine` crate, serving the built React client from the same origin.
//!
//! The layout follows the request: [`config`] → [`startup`] (the route table) → [`routes`] (thin
//! handlers) → [`games`] (state, rules of play, the live registry) → [`uci`] (the engines).
#![deny(unsafe_code)]

pub mod analysis;
pub mod auth;
pub mod body_limit;
pub mod channel_body;
pub mod client_key;
pub mod config;
pub mod error;
pub mod events;
pub mod games;
pub mod lichess;
pub mod limits;
pub mod middleware;
pub mod openings;
pub mod routes;
pub mod sentence;
pub mod startup;
pub mod token;
pub mod uci;

pub use config::Config;
pub use startup::{configure, Application, StartupError};
