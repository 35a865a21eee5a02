//! A queued review's place: how many reviews run or wait before it, so the player waiting sees
//! "2 reviews ahead of yours" rather than a bare "queued" (issue #38).
//!
//! The places themselves are handed out by [`super::analysis_places::FairPlaces`] a chunk at a
//! time: a free place goes to the client with the fewest running, then the fewest turns, then the
//! oldest waiter. Between whole reviews that is a round robin between clients, which this
//! estimate follows: every running review is ahead; a queued one is ahead when it is an earlier
//! review of its own client than this is of its own (its rank), or of the same rank and its
//! client runs fewer, or as many and it came first. One client's thousand imports are thus ahead
//! of a newcomer's review only by their running ones, as the places treat them.

use std::collections::HashMap;
use std::hash::Hash;

/// One review that runs or waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueEntry<C> {
    /// Creation order: smaller came first.
    pub seq: u64,
    /// Whose share it runs in.
    pub client: C,
    /// It holds (or held, between chunks) a place: it runs.
    pub running: bool,
}

/// How many of `entries` run or wait before the queued review `seq` (`None`: not a queued entry).
pub fn ahead<C: Eq + Hash + Copy>(entries: &[QueueEntry<C>], seq: u64) -> Option<u32> {
    let me = entries.iter().find(|e| e.seq == seq && !e.running)?;
    let mut running: HashMap<C, u32> = HashMap::new();
    for entry in entries.iter().filter(|e| e.running) {
        *running.entry(entry.client).or_default() += 1;
    }
    // Each queued entry's rank among its client's queued ones, oldest first: one sort, so a
    // place costs O(n log n) however long the queue.
    let mut queued: Vec<&QueueEntry<C>> = entries.iter().filter(|e| !e.running).collect();
    queued.sort_by_key(|e| e.seq);
    let mut seen: HashMap<C, usize> = HashMap::new();
    let mut ranks: HashMap<u64, usize> = HashMap::new();
    for entry in queued {
        let rank = seen.entry(entry.client).or_default();
        ranks.insert(entry.seq, *rank);
        *rank += 1;
    }
    let order = |entry: &QueueEntry<C>| {
        let runs = running.get(&entry.client).copied().unwrap_or(0);
        let rank = ranks.get(&entry.seq).copied().unwrap_or(0);
        (rank, runs, entry.seq)
    };
    let mine = order(me);
    let before = entries
        .iter()
        .filter(|e| e.running || (e.seq != seq && order(e) < mine))
        .count();
    Some(u32::try_from(before).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: u64, client: char, running: bool) -> QueueEntry<char> {
        QueueEntry {
            seq,
            client,
            running,
        }
    }

    #[test]
    fn a_review_waits_behind_every_running_one_and_only_queued_ones_before_it() {
        let entries = [
            entry(0, 'a', true),
            entry(1, 'b', false),
            entry(2, 'c', false),
        ];
        assert_eq!(ahead(&entries, 1), Some(1));
        assert_eq!(ahead(&entries, 2), Some(2));
        assert_eq!(ahead(&entries, 0), None, "a running review has no place");
        assert_eq!(ahead(&entries, 9), None);
    }

    #[test]
    fn a_newcomers_review_is_not_put_behind_another_clients_backlog() {
        // Client a imported four long games: one runs, three wait; then b's game ends.
        let mut entries: Vec<_> = (0..4).map(|seq| entry(seq, 'a', seq == 0)).collect();
        entries.push(entry(4, 'b', false));
        assert_eq!(ahead(&entries, 4), Some(1), "only a's running review");
        assert_eq!(ahead(&entries, 1), Some(2), "a's next waits for b's");
        assert_eq!(ahead(&entries, 3), Some(4));
    }

    #[test]
    fn clients_take_turns_between_their_queued_reviews() {
        let entries = [
            entry(0, 'a', false),
            entry(1, 'a', false),
            entry(2, 'b', false),
            entry(3, 'b', false),
        ];
        let places: Vec<_> = (0..4).map(|seq| ahead(&entries, seq)).collect();
        assert_eq!(places, [Some(0), Some(2), Some(1), Some(3)]);
    }
}
