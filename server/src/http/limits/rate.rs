//! A token bucket per client ([`ClientKey`]: IPv6 per /64): `burst` actions at once, then one
//! every `60 / per_minute` seconds. Full buckets are pruned now and then, so the map holds only
//! clients that acted recently.

use std::collections::HashMap;

use crate::client_key::ClientKey;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often full buckets are dropped from the map.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// Refused: the client may try again after this long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

impl RetryAfter {
    /// Whole seconds, at least one (the `Retry-After` header).
    pub fn secs(self) -> u64 {
        self.0.as_secs() + u64::from(self.0.subsec_nanos() > 0)
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Per-client token buckets.
#[derive(Debug)]
pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    state: Mutex<Buckets>,
}

#[derive(Debug)]
struct Buckets {
    by_client: HashMap<ClientKey, Bucket>,
    pruned: Instant,
}

impl RateLimiter {
    /// Allows `burst` actions at once and `per_minute` a minute after that (both at least 1).
    pub fn new(per_minute: u32, burst: u32) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst.max(1)),
            per_second: f64::from(per_minute.max(1)) / 60.0,
            state: Mutex::new(Buckets {
                by_client: HashMap::new(),
                pruned: Instant::now(),
            }),
        }
    }

    /// Takes one action's token from `client`'s bucket, or says when one will be there.
    pub fn check(&self, client: ClientKey) -> Result<(), RetryAfter> {
        self.check_at(client, Instant::now())
    }

    fn check_at(&self, client: ClientKey, now: Instant) -> Result<(), RetryAfter> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if now.saturating_duration_since(state.pruned) >= PRUNE_EVERY {
            state.pruned = now;
            state
                .by_client
                .retain(|_, bucket| self.refilled(*bucket, now) < self.burst);
        }
        let bucket = state.by_client.entry(client).or_insert(Bucket {
            tokens: self.burst,
            updated: now,
        });
        let tokens = self.refilled(*bucket, now);
        *bucket = Bucket {
            tokens,
            updated: now,
        };
        if tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(RetryAfter(Duration::from_secs_f64(
                (1.0 - tokens) / self.per_second,
            )))
        }
    }

    fn refilled(&self, bucket: Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        (bucket.tokens + elapsed * self.per_second).min(self.burst)
    }

    /// How many clients the map holds (tests).
    pub fn tracked(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .by_client
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::net::IpAddr;

    fn ip(text: &str) -> ClientKey {
        ClientKey::of(text.parse().expect("an address"))
    }

    #[test]
    fn a_burst_passes_then_one_action_per_interval() {
        let limiter = RateLimiter::new(6, 3);
        let start = Instant::now();
        let client = ip("192.0.2.1");
        for _ in 0..3 {
            assert_eq!(limiter.check_at(client, start), Ok(()));
        }
        let refused = limiter
            .check_at(client, start)
            .expect_err("the burst is spent");
        assert_eq!(refused.secs(), 10);
        let later = start + Duration::from_secs(10);
        assert_eq!(limiter.check_at(client, later), Ok(()));
        assert!(limiter.check_at(client, later).is_err());
        assert_eq!(
            limiter.check_at(ip("192.0.2.2"), later),
            Ok(()),
            "another client"
        );
    }

    #[test]
    fn ipv6_clients_share_their_64() {
        let limiter = RateLimiter::new(1, 1);
        let now = Instant::now();
        assert!(limiter.check_at(ip("2001:db8:1:2::1"), now).is_ok());
        assert!(limiter.check_at(ip("2001:db8:1:2:ffff::9"), now).is_err());
        assert!(limiter.check_at(ip("2001:db8:1:3::1"), now).is_ok());
    }

    #[test]
    fn clients_with_a_full_bucket_are_pruned() {
        let limiter = RateLimiter::new(60, 1);
        let start = Instant::now();
        for n in 0..100u8 {
            limiter
                .check_at(ClientKey::of(IpAddr::from([198, 51, 100, n])), start)
                .expect("first");
        }
        assert_eq!(limiter.tracked(), 100);
        let later = start + PRUNE_EVERY;
        limiter.check_at(ip("203.0.113.1"), later).expect("first");
        assert_eq!(limiter.tracked(), 1);
    }
}
