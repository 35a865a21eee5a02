//! What one client, one game and the whole server may hold at once, decided at the edge before
//! any work is done: new games and stateless tree work per client per minute ([`RateLimiter`]),
//! engine requests in
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
use crate::share_cap::{Refused, ShareCap, ShareLimits, SharePermit};

/// Seconds a client refused for holding too much should wait (its requests end on their own).
const RETRY_HELD_SECS: u64 = 1;

/// Stateless tree requests one client may send at once before `--tree-work-per-minute` applies.
const TREE_WORK_BURST: u32 = 20;

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
    /// `--max-connections`: direct clients share all but an eighth of it (see
    /// [`LimitSettings::connection_shares`]).
    pub max_connections: u32,
    /// Connections one aggregate (an IPv6 /56, the clients a proxy does not name) may hold.
    pub connections_per_aggregate: u32,
    /// Live streams one aggregate may hold.
    pub watchers_per_aggregate: u32,
    /// Stateless tree work (`POST /api/trees`, `POST /api/trees/pgn`) per client per minute.
    pub tree_work_per_minute: u32,
}

/// The server's per-client and overall bounds (app data).
#[derive(Debug)]
pub struct Limits {
    proxies: TrustedProxies,
    stall: Duration,
    creations: RateLimiter,
    tree_work: RateLimiter,
    searches: Occupancy<ClientKey>,
    watchers: ShareCap,
    watchers_per_game: Occupancy<GameId>,
    connections: ShareCap,
}

/// A live event stream's places (its client's, its aggregate's and in all, and its game's when
/// it follows one), given back when it ends.
#[derive(Debug)]
pub struct WatcherPermit {
    _shares: SharePermit,
    _game: Option<Permit<GameId>>,
}

/// A client holding fewer connections than this is light: past the mark of
/// [`crate::share_cap`], it may still open connections (a browser opens up to 6 to one host).
const LIGHT_CONNECTIONS: usize = 8;

/// A client holding fewer live streams than this is light (a player's page holds one or two).
const LIGHT_STREAMS: usize = 2;

impl LimitSettings {
    /// The direct clients' share of `--max-connections`: seven eighths of it (the last eighth
    /// is room for a trusted proxy's connections, which are not counted per client, and for
    /// connections being shut as they are accepted), per client, per aggregate, and a quarter
    /// kept for light clients.
    pub fn connection_shares(&self) -> ShareLimits {
        let max = count(self.max_connections);
        ShareLimits::new(
            max - max / 8,
            count(self.connections_per_client),
            count(self.connections_per_aggregate),
            LIGHT_CONNECTIONS,
        )
    }

    /// The live streams' shares: `--max-watchers` in all, per client, per aggregate, and a
    /// quarter kept for light clients.
    pub fn stream_shares(&self) -> ShareLimits {
        ShareLimits::new(
            count(self.max_watchers),
            count(self.watchers_per_client),
            count(self.watchers_per_aggregate),
            LIGHT_STREAMS,
        )
    }
}

/// A bound as a count.
fn count(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

impl Limits {
    pub fn new(settings: LimitSettings) -> Limits {
        let (streams, connections) = (settings.stream_shares(), settings.connection_shares());
        Limits {
            proxies: TrustedProxies::new(settings.trusted_proxies),
            stall: settings.stall,
            creations: RateLimiter::new(settings.games_per_minute, settings.games_burst),
            tree_work: RateLimiter::new(settings.tree_work_per_minute, TREE_WORK_BURST),
            searches: Occupancy::new(count(settings.searches_per_client)),
            watchers: ShareCap::new(streams),
            watchers_per_game: Occupancy::new(count(settings.watchers_per_game)),
            connections: ShareCap::new(connections),
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

    /// One stateless tree request (reading a PGN into a tree, writing a tree as PGN: up to
    /// 368 ms of a worker's CPU for a large tree, no game needed, issue #42 M3) for `client`, or
    /// 429 with the time until the next one.
    pub fn tree_work(&self, client: ClientIp) -> Result<(), ApiError> {
        self.tree_work
            .check(client.key())
            .map_err(|retry| ApiError::TooManyRequests {
                what: "PGN and tree requests from your address",
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
    /// counted: its clients are told apart per request), else which bound refused it (the
    /// connection is to be closed): the client's share, its aggregate's, or the cap (see
    /// [`crate::share_cap`]).
    pub fn connection(&self, peer: IpAddr) -> Result<Option<SharePermit>, Refused> {
        if self.proxies.trusts(peer.to_canonical()) {
            return Ok(None);
        }
        self.connections.try_acquire(ClientKey::of(peer)).map(Some)
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

    /// The client's, its aggregate's and the server's places for a stream that holds `game`'s
    /// already.
    fn stream(
        &self,
        client: ClientIp,
        game: Option<Permit<GameId>>,
    ) -> Result<WatcherPermit, ApiError> {
        let shares = self.watchers.try_acquire(client.key()).map_err(|refused| {
            refuse_stream(match refused {
                Refused::Client => "live streams from your address",
                Refused::Aggregate => "live streams from your network",
                Refused::All => "live streams on this server",
            })
        })?;
        Ok(WatcherPermit {
            _shares: shares,
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
