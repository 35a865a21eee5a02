//! Which write tickets a store failed to commit, remembered exactly for as long as the store
//! lives, so a request's durability answer is its own ticket's outcome however many batches
//! failed since.
//!
//! Tickets are numbered in order and a failed batch is one contiguous range, so failures are kept
//! as disjoint ranges and a failure that continues the previous one (the disk stays full, every
//! batch fails) extends it: memory grows with the number of separate failure *episodes* (a
//! success between two failures), never with the number of writes or batches. Forgetting old
//! ranges instead (the 1024-entry window this replaces) would turn an old failure into a success
//! for whoever asks late, such as a game's next request awaiting its last change.

use std::collections::BTreeMap;

/// Disjoint, non-adjacent ranges of failed tickets.
#[derive(Debug, Default)]
pub struct FailedWrites {
    /// First ticket of each range → its last ticket.
    ranges: BTreeMap<u64, u64>,
}

impl FailedWrites {
    /// Records that tickets `first..=last` failed; they come after every range recorded so far.
    pub fn record(&mut self, first: u64, last: u64) {
        if let Some(mut previous) = self.ranges.last_entry() {
            if previous.get().saturating_add(1) >= first {
                let end = previous.get_mut();
                *end = (*end).max(last);
                return;
            }
        }
        self.ranges.insert(first, last);
    }

    /// Whether `ticket` was in a failed batch.
    pub fn contains(&self, ticket: u64) -> bool {
        self.ranges
            .range(..=ticket)
            .next_back()
            .is_some_and(|(_, &last)| ticket <= last)
    }

    /// How many ranges are kept.
    #[cfg(test)]
    pub fn ranges(&self) -> usize {
        self.ranges.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_failed_batches_is_one_range_and_every_ticket_keeps_its_outcome() {
        let mut failed = FailedWrites::default();
        failed.record(3, 5);
        for n in 6..10_000 {
            failed.record(n, n);
        }
        assert_eq!(failed.ranges(), 1);
        failed.record(20_000, 20_001);
        assert_eq!(failed.ranges(), 2);
        let outcomes: Vec<bool> = [1, 2, 3, 5, 9_999, 10_000, 19_999, 20_000, 20_001, 20_002]
            .into_iter()
            .map(|ticket| failed.contains(ticket))
            .collect();
        assert_eq!(
            outcomes,
            [false, false, true, true, true, false, false, true, true, false]
        );
    }
}
