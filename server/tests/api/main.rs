//! The server's integration tests: one binary, one module per concern. Everything runs against
//! the real Stockfish (at low depth) except the fault tests, which use `tests/fake_engines/`.

mod helpers;

mod analysis;
mod analysis_lane;
mod analysis_runner;
mod chess960;
mod chunked_review;
mod clients;
mod clocks;
mod conditional;
mod cors;
mod durability;
mod endings;
mod engine_time;
mod errors;
mod events;
mod examples;
mod explore;
mod fairness;
mod faults;
mod great;
mod headers;
mod human_moves;
mod imported;
mod injection;
mod levels;
mod lichess;
mod lichess_contract;
mod limits;
mod loading;
mod ndjson;
mod one_server_per_file;
mod persistence;
mod play;
mod quarantine;
mod remote;
mod respond_async;
mod retry;
mod routes;
mod slow_clients;
mod sse;
mod startup;
mod summaries;
mod trees;
mod versioning;
