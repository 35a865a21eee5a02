//! What the pool knows about each engine: where it is, whether it works, how much it served.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use super::address::EngineAddress;

/// One engine's shared record, written by its worker and read by the pool.
#[derive(Debug)]
pub struct EngineHealth {
    address: EngineAddress,
    healthy: AtomicBool,
    searching: AtomicBool,
    searches: AtomicU64,
    /// Its `id name` from its last handshake.
    name: Mutex<Option<String>>,
}

/// A snapshot of one engine, for logs, probes and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineStatus {
    pub address: String,
    /// It completed its last handshake and has not failed since.
    pub healthy: bool,
    /// A search is running on it now.
    pub searching: bool,
    /// Searches it answered with a legal move since the server started.
    pub searches: u64,
}

impl EngineHealth {
    /// A record for an engine that has not answered yet.
    pub fn new(address: EngineAddress) -> EngineHealth {
        EngineHealth {
            address,
            healthy: AtomicBool::new(false),
            searching: AtomicBool::new(false),
            searches: AtomicU64::new(0),
            name: Mutex::new(None),
        }
    }

    /// Records the name the engine gave in its handshake.
    pub fn set_name(&self, name: Option<&str>) {
        *self.name.lock().unwrap_or_else(PoisonError::into_inner) = name.map(str::to_owned);
    }

    /// The name the engine gave in its last handshake, if any.
    pub fn name(&self) -> Option<String> {
        self.name
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn address(&self) -> &EngineAddress {
        &self.address
    }

    pub fn is_healthy(&self) -> bool {
        self.healthy.load(Ordering::Relaxed)
    }

    pub fn set_healthy(&self, healthy: bool) {
        self.healthy.store(healthy, Ordering::Relaxed);
    }

    /// Marks a search as running on it, or over.
    pub fn set_searching(&self, searching: bool) {
        self.searching.store(searching, Ordering::Relaxed);
    }

    /// Counts one answered search.
    pub fn served(&self) {
        self.searches.fetch_add(1, Ordering::Relaxed);
    }

    pub fn status(&self) -> EngineStatus {
        EngineStatus {
            address: self.address.to_string(),
            healthy: self.is_healthy(),
            searching: self.searching.load(Ordering::Relaxed),
            searches: self.searches.load(Ordering::Relaxed),
        }
    }
}
