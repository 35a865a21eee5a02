//! A global cap no handful of clients can fill (issue #42, M4 and M5): connections, live
//! streams and queued analyses each had a per-client share and a global cap, and a few dozen
//! IPv4 addresses, or one IPv6 /56 (256 /64s, each a client), filled the cap inside their
//! shares: a viewer got 429, a review "engine busy", a player's page waited 10 s for a connection.
//!
//! A [`ShareCap`] counts what is held per client, per aggregate (an IPv6 /56, or everything a
//! trusted proxy forwarded without naming a client: [`ClientKey::aggregate`]) and in all, and
//! keeps the last `reserve` places of the cap for light clients (holding fewer than `light`
//! places): past the mark, a heavy client waits for its own places to come back while a newcomer
//! still gets in. So filling the cap takes `reserve / light` more clients beyond those that
//! reached the mark, each with a few places; and every /56 counts once.
//!
//! A permit gives its places back when dropped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::client_key::{ClientKey, Share};

/// The bounds of a [`ShareCap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareLimits {
    /// Places in all.
    pub total: usize,
    /// Places one client may hold.
    pub per_client: usize,
    /// Places one aggregate (an IPv6 /56, or the clients behind a proxy) may hold.
    pub per_aggregate: usize,
    /// The last places of `total`, kept for light clients.
    pub reserve: usize,
    /// A client holding fewer places than this is light.
    pub light: usize,
}

impl ShareLimits {
    /// `total` places, `per_client` and `per_aggregate` for one client and one aggregate, and
    /// a quarter of the cap kept for clients holding fewer than `light`.
    pub fn new(total: usize, per_client: usize, per_aggregate: usize, light: usize) -> ShareLimits {
        ShareLimits {
            total,
            per_client,
            per_aggregate,
            reserve: total / 4,
            light,
        }
    }
}

/// Which bound refused a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The client holds its share.
    Client,
    /// The client's aggregate (its /56, or the proxy's unnamed clients) holds its share.
    Aggregate,
    /// The cap is full (for a heavy client: up to the places kept for light ones).
    All,
}

/// Places held per client, per aggregate and in all.
#[derive(Debug)]
pub struct ShareCap {
    limits: ShareLimits,
    held: Arc<Mutex<Held>>,
}

#[derive(Debug, Default)]
struct Held {
    total: usize,
    by_share: HashMap<Share, usize>,
}

impl Held {
    fn of(&self, share: &Share) -> usize {
        self.by_share.get(share).copied().unwrap_or(0)
    }
}

/// One place, given back when dropped.
#[derive(Debug)]
pub struct SharePermit {
    client: ClientKey,
    held: Arc<Mutex<Held>>,
}

impl ShareCap {
    pub fn new(limits: ShareLimits) -> ShareCap {
        ShareCap {
            limits,
            held: Arc::default(),
        }
    }

    /// A place for `client`, or which bound refused it.
    pub fn try_acquire(&self, client: ClientKey) -> Result<SharePermit, Refused> {
        let limits = self.limits;
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let own = held.of(&Share::Client(client));
        if own >= limits.per_client {
            return Err(Refused::Client);
        }
        if let Some(aggregate) = client.aggregate() {
            if held.of(&aggregate) >= limits.per_aggregate {
                return Err(Refused::Aggregate);
            }
        }
        let open = if own < limits.light {
            limits.total
        } else {
            limits.total.saturating_sub(limits.reserve)
        };
        if held.total >= open {
            return Err(Refused::All);
        }
        held.total += 1;
        for share in client.shares() {
            *held.by_share.entry(share).or_insert(0) += 1;
        }
        Ok(SharePermit {
            client,
            held: Arc::clone(&self.held),
        })
    }

    /// Places `client` holds now.
    pub fn held(&self, client: ClientKey) -> usize {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.of(&Share::Client(client))
    }

    /// Places held in all.
    pub fn total(&self) -> usize {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }
}

impl Drop for SharePermit {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.total -= 1;
        for share in self.client.shares() {
            if let Some(count) = held.by_share.get_mut(&share) {
                *count -= 1;
                if *count == 0 {
                    held.by_share.remove(&share);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> ClientKey {
        ClientKey::of(text.parse().expect("an address"))
    }

    /// Takes places for `client` until refused; the permits and the refusal.
    fn fill(cap: &ShareCap, client: ClientKey) -> (Vec<SharePermit>, Refused) {
        let mut permits = Vec::new();
        loop {
            match cap.try_acquire(client) {
                Ok(permit) => permits.push(permit),
                Err(refused) => return (permits, refused),
            }
        }
    }

    #[test]
    fn a_client_holds_its_share_and_gives_it_back() {
        let cap = ShareCap::new(ShareLimits::new(100, 3, 10, 1));
        let (permits, refused) = fill(&cap, key("203.0.113.1"));
        assert_eq!((permits.len(), refused), (3, Refused::Client));
        drop(permits);
        assert_eq!(cap.held(key("203.0.113.1")), 0);
        assert_eq!(cap.total(), 0);
        assert!(cap.held.lock().expect("not poisoned").by_share.is_empty());
    }

    #[test]
    fn the_64s_of_one_56_share_one_aggregate_and_another_56_is_not_held_back() {
        let cap = ShareCap::new(ShareLimits::new(1000, 4, 10, 1));
        let mut held = Vec::new();
        for n in 0..256u16 {
            let client = key(&format!("2001:db8:1:{:x}::1", 0x100 + n));
            match cap.try_acquire(client) {
                Ok(permit) => held.push(permit),
                Err(refused) => {
                    assert_eq!(refused, Refused::Aggregate);
                    break;
                }
            }
        }
        assert_eq!(held.len(), 10, "one /56, however many /64s");
        assert!(cap.try_acquire(key("2001:db8:2::1")).is_ok(), "another /56");
        assert!(cap.try_acquire(key("198.51.100.1")).is_ok(), "IPv4");
    }

    #[test]
    fn past_the_mark_only_light_clients_get_in_so_a_newcomer_always_finds_room() {
        // 100 places, the last 25 for clients holding fewer than 2.
        let cap = ShareCap::new(ShareLimits::new(100, 30, 1000, 2));
        let mut held = Vec::new();
        for n in 1..=3 {
            let (permits, refused) = fill(&cap, key(&format!("203.0.113.{n}")));
            assert_eq!(refused, if n < 3 { Refused::Client } else { Refused::All });
            held.extend(permits);
        }
        assert_eq!(cap.total(), 75, "heavy clients stop at the mark");
        // Many light clients: two places each, until the reserve is gone.
        let mut light = 0;
        for n in 1..=20 {
            let (permits, _) = fill(&cap, key(&format!("198.51.100.{n}")));
            light += permits.len();
            held.extend(permits);
        }
        assert_eq!(light, 25, "the reserve, two a client");
        assert_eq!(cap.total(), 100);
        assert_eq!(
            cap.try_acquire(key("192.0.2.1")).err(),
            Some(Refused::All),
            "the cap itself is never passed"
        );
    }

    #[test]
    fn the_clients_a_proxy_names_no_one_for_share_one_aggregate() {
        let cap = ShareCap::new(ShareLimits::new(100, 50, 5, 1));
        let unnamed = ClientKey::behind_proxy("10.0.0.1".parse().expect("an address"));
        let (permits, refused) = fill(&cap, unnamed);
        assert_eq!((permits.len(), refused), (5, Refused::Aggregate));
    }
}
