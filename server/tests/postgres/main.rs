//! Several servers on one PostgreSQL: a real PostgreSQL started by the tests (one cluster for this
//! binary, one database per test), the store's contract on both backends, and the real server
//! binary run twice on one database.

mod busy;
mod cluster;
mod commits;
mod contract;
mod ended_sessions;
mod instances;
mod owned;
mod proxy;
mod server;
mod stall;
mod trees;
