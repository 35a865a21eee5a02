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
use std::time::Duration;

use crate::games::model::error::StoreError;

/// Why a batch failed, as its requests are answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The backend refused the commit (a full disk, a read-only database): [`StoreError::NotWritten`].
    Refused,
    /// The database did not answer within `bound` (a stall): [`StoreError::Unanswered`], which a
    /// client is told to retry (503 `storage_busy`).
    Unanswered(Duration),
}

impl Failure {
    /// The failure of a batch whose commit ended in `error`.
    pub fn of(error: &StoreError) -> Failure {
        match error {
            StoreError::Unanswered { bound, .. } => Failure::Unanswered(*bound),
            _ => Failure::Refused,
        }
    }

    /// What a request whose write was in the batch is answered.
    pub fn error(&self) -> StoreError {
        match self {
            Failure::Refused => StoreError::NotWritten,
            Failure::Unanswered(bound) => StoreError::Unanswered {
                doing: "committing game changes".to_owned(),
                bound: *bound,
            },
        }
    }
}

/// Disjoint ranges of failed tickets; adjacent ones only when they failed differently.
#[derive(Debug, Default)]
pub struct FailedWrites {
    /// First ticket of each range → its last ticket and how its batches failed.
    ranges: BTreeMap<u64, (u64, Failure)>,
}

impl FailedWrites {
    /// Records that tickets `first..=last` failed by `failure`; they come after every range
    /// recorded so far.
    pub fn record(&mut self, first: u64, last: u64, failure: Failure) {
        if let Some(mut previous) = self.ranges.last_entry() {
            let (end, how) = previous.get_mut();
            if end.saturating_add(1) >= first && *how == failure {
                *end = (*end).max(last);
                return;
            }
        }
        self.ranges.insert(first, (last, failure));
    }

    /// How the batch holding `ticket` failed, if it did.
    pub fn failure(&self, ticket: u64) -> Option<&Failure> {
        self.ranges
            .range(..=ticket)
            .next_back()
            .and_then(|(_, (last, failure))| (ticket <= *last).then_some(failure))
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
        failed.record(3, 5, Failure::Refused);
        for n in 6..10_000 {
            failed.record(n, n, Failure::Refused);
        }
        assert_eq!(failed.ranges(), 1);
        failed.record(20_000, 20_001, Failure::Refused);
        assert_eq!(failed.ranges(), 2);
        let outcomes: Vec<bool> = [1, 2, 3, 5, 9_999, 10_000, 19_999, 20_000, 20_001, 20_002]
            .into_iter()
            .map(|ticket| failed.failure(ticket).is_some())
            .collect();
        assert_eq!(
            outcomes,
            [false, false, true, true, true, false, false, true, true, false]
        );
    }

    #[test]
    fn a_stall_after_a_refusal_is_a_range_of_its_own_and_answered_as_one() {
        let mut failed = FailedWrites::default();
        let stall = Failure::Unanswered(Duration::from_secs(10));
        failed.record(1, 2, Failure::Refused);
        failed.record(3, 4, stall.clone());
        failed.record(5, 5, stall.clone());
        assert_eq!(failed.ranges(), 2);
        assert_eq!(failed.failure(2), Some(&Failure::Refused));
        assert_eq!(failed.failure(5), Some(&stall));
        assert!(matches!(
            failed.failure(4).map(Failure::error),
            Some(StoreError::Unanswered { .. })
        ));
        assert!(matches!(
            failed.failure(1).map(Failure::error),
            Some(StoreError::NotWritten)
        ));
    }
}
