//! Counting what is held at once, per key (a client, a game) and in total: a permit is taken
//! while there is room and gives its place back when dropped.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

/// At most `limit` permits per key.
#[derive(Debug)]
pub struct Occupancy<K: Eq + Hash> {
    limit: usize,
    held: Arc<Mutex<HashMap<K, usize>>>,
}

impl<K: Eq + Hash + Clone> Occupancy<K> {
    pub fn new(limit: usize) -> Occupancy<K> {
        Occupancy {
            limit,
            held: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// A permit for `key`, or `None` when `key` already holds the limit.
    pub fn try_acquire(&self, key: K) -> Option<Permit<K>> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(key.clone()).or_insert(0);
        if *count >= self.limit {
            if *count == 0 {
                held.remove(&key);
            }
            return None;
        }
        *count += 1;
        Some(Permit {
            key: Some(key),
            held: Arc::clone(&self.held),
        })
    }

    /// Permits `key` holds now.
    pub fn held(&self, key: &K) -> usize {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.get(key).copied().unwrap_or(0)
    }
}

/// One place, given back on drop.
#[derive(Debug)]
pub struct Permit<K: Eq + Hash> {
    key: Option<K>,
    held: Arc<Mutex<HashMap<K, usize>>>,
}

impl<K: Eq + Hash> Drop for Permit<K> {
    fn drop(&mut self) {
        let Some(key) = self.key.take() else { return };
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permits_are_bounded_per_key_and_given_back_on_drop() {
        let occupancy = Occupancy::new(2);
        let a1 = occupancy.try_acquire("a").expect("room");
        let _a2 = occupancy.try_acquire("a").expect("room");
        assert!(occupancy.try_acquire("a").is_none());
        let _b = occupancy.try_acquire("b").expect("another key");
        drop(a1);
        assert_eq!(occupancy.held(&"a"), 1);
        assert!(occupancy.try_acquire("a").is_some());
    }

    #[test]
    fn keys_without_permits_leave_the_map() {
        let occupancy = Occupancy::new(1);
        drop(occupancy.try_acquire(7).expect("room"));
        assert!(occupancy.held.lock().expect("not poisoned").is_empty());
        let zero = Occupancy::new(0);
        assert!(zero.try_acquire(7).is_none());
        assert!(zero.held.lock().expect("not poisoned").is_empty());
    }
}
