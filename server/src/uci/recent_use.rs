//! Engine time a share (a client, or an aggregate such as an IPv6 /56) used recently: the
//! engine-seconds charged to it, decaying by half every [`HALF_LIFE`].
//!
//! This is each share's refilling budget seen from the other side: a share that searched a lot
//! lately has little left and waits behind those that searched less; one that stops searching
//! gets its budget back, half of what it owes every half-life, without a reset to zero that a
//! client could buy by pausing a moment. Decay multiplies every share's use by the same factor,
//! so between shares that stay busy the order is the order of the engine time they used.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// How long it takes a share's recent use to halve.
pub const HALF_LIFE: Duration = Duration::from_secs(60);

/// Below this, a share's recent use is forgotten (with it, the entry).
const FORGOTTEN: Duration = Duration::from_millis(1);

/// Recent engine time, by share.
#[derive(Debug)]
pub struct RecentUse<K> {
    by_share: HashMap<K, (Duration, Instant)>,
}

impl<K: Eq + Hash + Clone> RecentUse<K> {
    pub fn new() -> RecentUse<K> {
        RecentUse {
            by_share: HashMap::new(),
        }
    }

    /// `share`'s recent use at `now` (zero for a share never charged or long idle).
    pub fn at(&self, share: &K, now: Instant) -> Duration {
        self.by_share
            .get(share)
            .map_or(Duration::ZERO, |&(used, at)| decayed(used, at, now))
    }

    /// Charges `spent` to `share` at `now`.
    pub fn charge(&mut self, share: K, spent: Duration, now: Instant) {
        let entry = self.by_share.entry(share).or_insert((Duration::ZERO, now));
        *entry = (decayed(entry.0, entry.1, now) + spent, now.max(entry.1));
    }

    /// Forgets the shares whose use has decayed to nothing (keeps the map as small as the set
    /// of shares that searched in the last few half-lives).
    pub fn prune(&mut self, now: Instant) {
        self.by_share
            .retain(|_, &mut (used, at)| decayed(used, at, now) >= FORGOTTEN);
    }

    /// Shares remembered.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.by_share.len()
    }
}

fn decayed(used: Duration, at: Instant, now: Instant) -> Duration {
    let halvings = now.saturating_duration_since(at).as_secs_f64() / HALF_LIFE.as_secs_f64();
    used.mul_f64(0.5f64.powf(halvings))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn use_halves_every_half_life_and_is_then_forgotten() {
        let start = Instant::now();
        let mut recent = RecentUse::new();
        recent.charge("A", 8 * SECOND, start);
        recent.charge("A", 2 * SECOND, start);
        assert_eq!(recent.at(&"A", start), 10 * SECOND);
        assert_eq!(recent.at(&"B", start), Duration::ZERO);
        let later = start + HALF_LIFE;
        let half = recent.at(&"A", later).as_secs_f64();
        assert!((half - 5.0).abs() < 1e-6, "{half}");
        recent.charge("A", SECOND, later);
        let now = recent.at(&"A", later).as_secs_f64();
        assert!((now - 6.0).abs() < 1e-6, "{now}");
        recent.prune(later + 20 * HALF_LIFE);
        assert_eq!(recent.len(), 0);
    }

    #[test]
    fn decay_keeps_the_order_of_busy_shares() {
        let start = Instant::now();
        let mut recent = RecentUse::new();
        recent.charge("A", 3 * SECOND, start);
        recent.charge("B", 2 * SECOND, start);
        let later = start + 3 * HALF_LIFE;
        assert!(recent.at(&"A", later) > recent.at(&"B", later));
    }
}
