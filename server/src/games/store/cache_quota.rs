//! How many position-cache writes (answers and the touch of hits) a store lets wait for its
//! writer at once. The cache is best effort and shares the writer with the games: past the quota
//! a cache write is dropped (logged at debug) instead of taking the room a game's change needs,
//! so a burst of analysis never makes a move answer 503 `storage_busy`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Counts the cache writes on their way to a store's writer.
#[derive(Debug, Clone)]
pub struct CacheQuota {
    waiting: Arc<AtomicUsize>,
    max: usize,
}

/// One cache write's place in the quota, given back when the writer drops the write.
#[derive(Debug)]
pub struct CachePermit(Arc<AtomicUsize>);

impl CacheQuota {
    /// Room for `max` cache writes at once (at least one).
    pub fn new(max: usize) -> CacheQuota {
        CacheQuota {
            waiting: Arc::default(),
            max: max.max(1),
        }
    }

    /// A place, or `None` when `max` cache writes are already waiting.
    pub fn try_take(&self) -> Option<CachePermit> {
        self.waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |waiting| {
                (waiting < self.max).then_some(waiting + 1)
            })
            .ok()
            .map(|_| CachePermit(Arc::clone(&self.waiting)))
    }
}

impl Drop for CachePermit {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_comes_free_when_its_permit_is_dropped() {
        let quota = CacheQuota::new(2);
        let first = quota.try_take().expect("room");
        let _second = quota.try_take().expect("room");
        assert!(quota.try_take().is_none(), "full");
        drop(first);
        assert!(quota.try_take().is_some(), "room again");
    }
}
