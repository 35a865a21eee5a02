//! What one client, one game and the whole server may hold at once, decided at the edge before
//! any work is done: new games per client per minute ([`RateLimiter`]), engine requests in
//! progress per client, and live event streams per game, per client and in all
//! ([`Occupancy`]), and open connections per client. Clients are told apart by [`ClientIp`] and counted by its [`ClientKey`]
//! (IPv6 per /64), the same key everywhere a client is counted.

mod client_ip;
pub mod connection;
mod occupancy;
mod rate;

use std::net::IpAddr;
use std::time::Duration;

pub use crate::client_key::ClientKey;
pub use client_ip::{ClientIp, IpNet, ParseIpNetError, TrustedProxies};
pub use occupancy::{Occupancy, Permit};
pub use rate::{RateLimiter, RetryAfter};

use crate::games::GameId;
use crate::http::error::ApiError;

/// Seconds a client refused for holding too much should wait (its requests end on their own).
const RETRY_HELD_SECS: u64 = 1;

/// What [`Limits`] are built from (`Config::limits` reads them from the flags).
#[derive(Debug, Clone)]
pub struct LimitSettings {
    pub trusted_proxies: Vec<IpNet>,
    /// How long a live stream may leave what it is sent unread.
    pub stall: Duration,
    pub games_per_minute: u32,
    pub games_burst: u32,
    pub searches_per_client: u32,
    pub max_watchers: u32,
    pub watchers_per_client: u32,
    pub watchers_per_game: u32,
    pub connections_per_client: u32,
}

/// The server's per-client and overall bounds (app data).
#[derive(Debug)]
pub struct Limits {
    proxies: TrustedProxies,
    stall: Duration,
    creations: RateLimiter,
    searches: Occupancy<ClientKey>,
    watchers: Occupancy<()>,
    watchers_per_client: Occupancy<ClientKey>,
    watchers_per_game: Occupancy<GameId>,
    connections: Occupancy<ClientKey>,
}

/// A live event stream's places (in all, its client's, and its game's when it follows one),
/// given back when it ends.
#[derive(Debug)]
pub struct WatcherPermit {
    _all: Permit<()>,
    _client: Permit<ClientKey>,
    _game: Option<Permit<GameId>>,
}

impl Limits {
    pub fn new(settings: LimitSettings) -> Limits {
        let count = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
        Limits {
            proxies: TrustedProxies::new(settings.trusted_proxies),
            stall: settings.stall,
            creations: RateLimiter::new(settings.games_per_minute, settings.games_burst),
            searches: Occupancy::new(count(settings.searches_per_client)),
            watchers: Occupancy::new(count(settings.max_watchers)),
            watchers_per_client: Occupancy::new(count(settings.watchers_per_client)),
            watchers_per_game: Occupancy::new(count(settings.watchers_per_game)),
            connections: Occupancy::new(count(settings.connections_per_client)),
        }
    }

    /// The proxies whose `X-Forwarded-For` is believed.
    pub fn proxies(&self) -> &TrustedProxies {
        &self.proxies
    }

    /// How long a live stream may leave what it is sent unread.
    pub fn stall(&self) -> Duration {
        self.stall
    }

    /// One new game for `client`, or 429 with the time until the next one.
    pub fn create_game(&self, client: ClientIp) -> Result<(), ApiError> {
        self.creations
            .check(client.key())
            .map_err(|retry| ApiError::TooManyRequests {
                what: "new games from your address",
                retry_after_secs: retry.secs(),
            })
    }

    /// A place for one more engine request of `client` while it is in progress, or 429.
    pub fn search(&self, client: ClientIp) -> Result<Permit<ClientKey>, ApiError> {
        self.searches
            .try_acquire(client.key())
            .ok_or(ApiError::TooManyRequests {
                what: "engine requests in progress from your address",
                retry_after_secs: RETRY_HELD_SECS,
            })
    }

    /// A place for one more connection from `peer`: `Ok(None)` for a trusted proxy (not
    /// counted: its clients are told apart per request), `Err(())` when the client holds its
    /// share already (the connection is to be closed).
    #[allow(clippy::result_unit_err)]
    pub fn connection(&self, peer: IpAddr) -> Result<Option<Permit<ClientKey>>, ()> {
        if self.proxies.trusts(peer.to_canonical()) {
            return Ok(None);
        }
        self.connections
            .try_acquire(ClientKey::of(peer))
            .map(Some)
            .ok_or(())
    }

    /// Places for one more live stream of `game` by `client`, or 429 naming the full bound.
    pub fn watch(&self, client: ClientIp, game: &GameId) -> Result<WatcherPermit, ApiError> {
        let game = self
            .watchers_per_game
            .try_acquire(game.clone())
            .ok_or_else(|| refuse_stream("live streams of this game"))?;
        self.stream(client, Some(game))
    }

    /// Places for one more live stream of `client` that follows no one game (a lichess key's
    /// event stream), or 429: it counts against the client's share and the server's, as a
    /// game's stream does.
    pub fn watch_events(&self, client: ClientIp) -> Result<WatcherPermit, ApiError> {
        self.stream(client, None)
    }

    /// The client's and the server's places for a stream that holds `game`'s already.
    fn stream(
        &self,
        client: ClientIp,
        game: Option<Permit<GameId>>,
    ) -> Result<WatcherPermit, ApiError> {
        let client = self
            .watchers_per_client
            .try_acquire(client.key())
            .ok_or_else(|| refuse_stream("live streams from your address"))?;
        let all = self
            .watchers
            .try_acquire(())
            .ok_or_else(|| refuse_stream("live streams on this server"))?;
        Ok(WatcherPermit {
            _all: all,
            _client: client,
            _game: game,
        })
    }
}

/// The 429 for a stream past the bound on `what`.
fn refuse_stream(what: &'static str) -> ApiError {
    ApiError::TooManyRequests {
        what,
        retry_after_secs: RETRY_HELD_SECS,
    }
}
