//! The `alphachess` binary, run as a player would: against the real server (started in-process on
//! a free loopback port) and the real Stockfish, with a scripted stdin session.

mod analyse;
mod errors;
mod helpers;
mod key;
mod play;
mod practice;
mod review;
mod saved;
mod terminal;
