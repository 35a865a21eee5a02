//! Command-line and environment configuration.
//!
//! Every flag can also be set through an `ALPHACHESS_*` environment variable; the `///` comments
//! below are what `alphachess-server --help` prints.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

use crate::analysis::{DEFAULT_ANALYSIS_NODES, QUICK_NODES};
use crate::explore::{ExploreSettings, DEFAULT_BOARDS_PER_CLIENT, DEFAULT_EXPLORE_DEPTH};
use crate::games::stores::{PgSettings, DEFAULT_CACHE_POSITIONS, MAX_QUEUED_WRITES};
use crate::games::views::DEFAULT_VIEW_CACHE_MIB;
use crate::games::{
    DEFAULT_ANALYSES_PER_CLIENT, DEFAULT_ANALYSES_PER_NETWORK, DEFAULT_MAX_PENDING_ANALYSES,
};
use crate::http::limits::{IpNet, LimitSettings};
use crate::http::middleware::cors::CorsOrigin;
use crate::uci::EngineAddress;

/// Default of `--engines`: one Stockfish process per core the server may use (issue #38: a
/// single engine on a 2-core machine left a core idle and a 70-ply review took minutes); 1 if
/// the count cannot be read.
fn default_engines() -> u32 {
    std::thread::available_parallelism()
        .map_or(1, |cores| u32::try_from(cores.get()).unwrap_or(64))
        .clamp(1, 64)
}

/// AlphaChess server: play Stockfish in the browser.
///
/// Keeps games in memory and in a SQLite file (so they survive restarts), validates every move with
/// the alphachess engine crate, asks a supervised Stockfish for replies and serves the built React
/// client from the same origin.
#[derive(Debug, Clone, Parser)]
#[command(name = "alphachess-server", version, about, long_about = None)]
pub struct Config {
    /// Address and port to listen on (port 0 picks a free port)
    #[arg(long, env = "ALPHACHESS_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Engine: a Stockfish executable, or `tcp://host:port` for a UCI engine served over TCP (e.g.
    /// by socat). Repeat the flag (or separate with commas) to pool several; each local path runs
    /// --engines processes, each tcp:// address is one engine (list it twice for two)
    /// [default: `stockfish` on PATH, then /usr/games/stockfish]
    #[arg(long, env = "ALPHACHESS_STOCKFISH", value_delimiter = ',')]
    pub stockfish: Vec<EngineAddress>,

    /// Search depth of the strongest step (21, full strength) and of hints; steps 1-20 search
    /// less deep
    #[arg(long, env = "ALPHACHESS_DEPTH", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,

    /// The most time one engine search may take, in milliseconds (sent as `movetime`)
    #[arg(long, env = "ALPHACHESS_MOVE_TIME_CAP_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub move_time_cap_ms: u64,

    /// Number of processes per local Stockfish: one per core is the most that helps, so the
    /// default is the machine's cores (at most 64). Live play goes first on every engine
    /// (moves and hints before analysis, which waits or is preempted) [default: one per core]
    #[arg(long, env = "ALPHACHESS_ENGINES", default_value_t = default_engines(),
          hide_default_value = true,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub engines: u32,

    /// Searches that may wait for a free engine in each lane (live, analysis), all clients
    /// together, before requests get 503 engine_busy: memory safety only, since each client has
    /// its own share (--queue-per-client); half of it is kept for clients with nothing waiting
    #[arg(long, env = "ALPHACHESS_QUEUE_LEN", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub queue_len: u32,

    /// Searches one client (IPv4 address, IPv6 /64) may have waiting in each lane; a client
    /// with nothing waiting always gets a place
    #[arg(long, env = "ALPHACHESS_QUEUE_PER_CLIENT", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub queue_per_client: u32,

    /// Searches one aggregate share may have waiting in each lane: an IPv6 /56, or every
    /// request a --trusted-proxy forwards without naming its client
    #[arg(long, env = "ALPHACHESS_QUEUE_PER_PREFIX", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub queue_per_prefix: u32,

    /// How long a search may wait, in milliseconds, before a running search of a client that
    /// used more engine time lately is stopped for it (a stopped move or hint answers its best
    /// move so far; a stopped analysis search starts again later)
    #[arg(long, env = "ALPHACHESS_PREEMPT_AFTER_MS", default_value_t = 250,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub preempt_after_ms: u64,

    /// How long a search may wait for a free engine, in milliseconds, before it is refused with
    /// 503 engine_busy and Retry-After (clients take turns, so a fair wait is about one search
    /// per client ahead)
    #[arg(long, env = "ALPHACHESS_QUEUE_WAIT_MS", default_value_t = 30_000,
          value_parser = clap::value_parser!(u64).range(10..=3_600_000))]
    pub queue_wait_ms: u64,

    /// Most games kept at once; creating one more answers 503 too_many_games
    #[arg(long, env = "ALPHACHESS_MAX_GAMES", default_value_t = 10_000,
          value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub max_games: u32,

    /// Seconds without any request after which a game is forgotten. An unfinished game its
    /// player left so expires too, giving back its place in --max-games and in its client's
    /// --unfinished-per-client
    #[arg(long, env = "ALPHACHESS_IDLE_TIMEOUT_SECS", default_value_t = 6 * 3600,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout_secs: u64,

    /// Mebibytes of serialized game views kept for readers (the views read longest ago leave past
    /// it and are rebuilt when asked for): what bounds memory for views, however many games
    #[arg(long, env = "ALPHACHESS_VIEW_CACHE_MIB", default_value_t = DEFAULT_VIEW_CACHE_MIB,
          value_parser = clap::value_parser!(u64).range(0..=1_048_576))]
    pub view_cache_mib: u64,

    /// Nodes Stockfish searches in each position of a post-game analysis, its final pass
    #[arg(long, env = "ALPHACHESS_ANALYSIS_NODES", default_value_t = DEFAULT_ANALYSIS_NODES,
          value_parser = clap::value_parser!(u64).range(1_000..=100_000_000))]
    pub analysis_nodes: u64,

    /// Nodes per position of the analysis's quick pass, which draws the whole evaluation graph
    /// (provisional) before the final pass; 0 skips it
    #[arg(long, env = "ALPHACHESS_ANALYSIS_QUICK_NODES", default_value_t = QUICK_NODES,
          value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    pub analysis_quick_nodes: u64,

    /// Chunks of post-game analysis searched at once, of one analysis or several (one engine
    /// each, behind live play); analyses without one wait as `queued` [default: the number of
    /// engines]
    #[arg(long, env = "ALPHACHESS_MAX_ANALYSES",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_analyses: Option<u32>,

    /// Post-game analyses that may be queued or running at once, all clients together; past it a
    /// new one is refused (503 `engine_busy`, `Retry-After`) instead of waiting for hours
    #[arg(long, env = "ALPHACHESS_ANALYSIS_QUEUE", default_value_t = DEFAULT_MAX_PENDING_ANALYSES as u32,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub analysis_queue: u32,

    /// Post-game analyses one client may have queued or running at once; past it that client's
    /// next one is refused (429 `too_many_requests`, `Retry-After`)
    #[arg(long, env = "ALPHACHESS_ANALYSES_PER_CLIENT", default_value_t = DEFAULT_ANALYSES_PER_CLIENT as u32,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub analyses_per_client: u32,

    /// The depth an analysis board's search stops at (it stops at --move-time-cap-ms too); the
    /// board asks again only when its position changes
    #[arg(long, env = "ALPHACHESS_EXPLORE_DEPTH", default_value_t = DEFAULT_EXPLORE_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub explore_depth: u32,

    /// Analysis boards one client may keep searching at once (a board's new position replaces
    /// its search and takes no new place); past it, 429
    #[arg(long, env = "ALPHACHESS_EXPLORE_BOARDS_PER_CLIENT", default_value_t = DEFAULT_BOARDS_PER_CLIENT as u32,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub explore_boards_per_client: u32,

    /// Engine answers kept for post-game analyses, shared by every game (the opening plies of a
    /// game already seen, or a second review, cost no engine time): at most this many positions,
    /// the least recently used forgotten first, in the database (about 150 bytes each); 0 keeps
    /// none
    #[arg(long, env = "ALPHACHESS_ANALYSIS_CACHE_POSITIONS", default_value_t = DEFAULT_CACHE_POSITIONS,
          value_parser = clap::value_parser!(u64).range(0..=100_000_000))]
    pub analysis_cache_positions: u64,

    /// Where games are kept: a SQLite file that keeps every game across restarts (`:memory:`
    /// keeps nothing), or `postgres://user:password@host:port/dbname` for a PostgreSQL database
    /// several servers share (any of them serves any game)
    #[arg(long, env = "ALPHACHESS_DB", default_value = "alphachess.db")]
    pub db: String,

    /// With PostgreSQL: how long, in milliseconds, a server's claim on a game's engine reply
    /// lasts unless it renews it while searching; past it, another server makes the move
    #[arg(long, env = "ALPHACHESS_LEASE_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(300..=600_000))]
    pub lease_ms: u64,

    /// Game changes that may wait for the store's writer (SQLite or PostgreSQL); past it a change
    /// is refused at once with 503 storage_busy instead of piling up in memory while the disk or
    /// the database falls behind
    #[arg(long, env = "ALPHACHESS_MAX_QUEUED_WRITES", default_value_t = MAX_QUEUED_WRITES,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub max_queued_writes: usize,

    /// Folder with the built client (index.html and assets)
    #[arg(long, env = "ALPHACHESS_STATIC_DIR", default_value = "client/dist")]
    pub static_dir: PathBuf,

    /// Folder with the nine Maia networks, `maia-1100.pb.gz` … `maia-1900.pb.gz` (GPL v3 data,
    /// shipped in server/data/maia), loaded once at start for the human-move opponents and
    /// the analysis board, each checked first against the folder's SHA256SUMS; a missing,
    /// corrupt or swapped file stops the server, naming the file and its band
    #[arg(long, env = "ALPHACHESS_MAIA_DIR", default_value = "server/data/maia")]
    pub maia_dir: PathBuf,

    /// A reverse proxy (an address or CIDR network) whose `X-Forwarded-For` names the client;
    /// repeat for several. Without it, the client is the connection's peer address and the
    /// header is ignored
    #[arg(
        long = "trusted-proxy",
        env = "ALPHACHESS_TRUSTED_PROXY",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<IpNet>,

    /// A host name (without port) the server answers to when it listens on loopback, besides
    /// localhost, 127.0.0.1 and ::1; repeat for several. Other `Host` headers get 421, so a web
    /// page cannot reach the server through DNS rebinding
    #[arg(
        long = "allowed-host",
        env = "ALPHACHESS_ALLOWED_HOST",
        value_delimiter = ','
    )]
    pub allowed_hosts: Vec<String>,

    /// A web page origin (`scheme://host[:port]`, e.g. `https://chess.example`) whose scripts
    /// may call the API from the browser (CORS); repeat for several. Without it, no CORS headers
    /// are sent and browsers let only pages of this server's own origin read its answers
    #[arg(
        long = "cors-origin",
        env = "ALPHACHESS_CORS_ORIGIN",
        value_delimiter = ','
    )]
    pub cors_origins: Vec<CorsOrigin>,

    /// New games one client (IP address, IPv6 /64) may create per minute, after its burst;
    /// past it, 429 with Retry-After
    #[arg(long, env = "ALPHACHESS_GAMES_PER_MINUTE", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games_per_minute: u32,

    /// New games one client may create at once before --games-per-minute applies
    #[arg(long, env = "ALPHACHESS_GAMES_BURST", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games_burst: u32,

    /// Requests that need the engine (new games, moves, hints) one client may have in progress
    /// at once; past it, 429
    #[arg(long, env = "ALPHACHESS_SEARCHES_PER_CLIENT", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub searches_per_client: u32,

    /// Live event streams (SSE) at once, in all
    #[arg(long, env = "ALPHACHESS_MAX_WATCHERS", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_watchers: u32,

    /// Live event streams one client may hold at once
    #[arg(long, env = "ALPHACHESS_WATCHERS_PER_CLIENT", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub watchers_per_client: u32,

    /// Live event streams of one game at once (above --watchers-per-client, so no one address can
    /// take every place of a game)
    #[arg(long, env = "ALPHACHESS_WATCHERS_PER_GAME", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub watchers_per_game: u32,

    /// Open connections at once; more wait in the listen queue. Keep it well under the
    /// process's open-file limit (`ulimit -n`): the engines' pipes and the database need some
    #[arg(long, env = "ALPHACHESS_MAX_CONNECTIONS", default_value_t = 512,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,

    /// Open connections one client (address, IPv6 /64) may hold at once; past it a new one is
    /// closed at once. Connections from a `--trusted-proxy` are not counted (their clients are
    /// told apart per request)
    #[arg(long, env = "ALPHACHESS_CONNECTIONS_PER_CLIENT", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub connections_per_client: u32,

    /// Milliseconds a new connection has to send its first request's head (else 408 and closed)
    #[arg(long, env = "ALPHACHESS_HEAD_TIMEOUT_MS", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub head_timeout_ms: u64,

    /// Milliseconds a request has to send its whole body (else 408 request_timeout)
    #[arg(long, env = "ALPHACHESS_BODY_TIMEOUT_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout_ms: u64,

    /// Seconds an idle keep-alive connection stays open between requests
    #[arg(long, env = "ALPHACHESS_KEEP_ALIVE_SECS", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub keep_alive_secs: u64,

    /// Seconds a client may leave what the server sends unread (a stalled event stream, a
    /// response nobody reads) before its connection is dropped
    #[arg(long, env = "ALPHACHESS_WRITE_TIMEOUT_SECS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub write_timeout_secs: u64,

    /// Unfinished games one client (address, IPv6 /64) may have started at once; past it, 429
    /// until one ends or expires (--idle-timeout-secs). Past three quarters of --max-games, only
    /// a client with none unfinished may start one, so newcomers always find room
    #[arg(long, env = "ALPHACHESS_UNFINISHED_PER_CLIENT", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub unfinished_per_client: u32,

    /// Unfinished games one IPv6 /56 (all its /64s), or everything a --trusted-proxy forwards
    /// without naming the client, may have started at once, like --unfinished-per-client
    #[arg(long, env = "ALPHACHESS_UNFINISHED_PER_NETWORK", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub unfinished_per_network: u32,

    /// Open connections one IPv6 /56 (all its /64s together) may hold at once, like
    /// --connections-per-client for one client. Of --max-connections, direct clients share
    /// seven eighths, and past three quarters of that only a client holding fewer than 8 gets
    /// a new one: the last places stay free for newcomers
    #[arg(long, env = "ALPHACHESS_CONNECTIONS_PER_NETWORK", default_value_t = 128,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub connections_per_network: u32,

    /// Live event streams one IPv6 /56 (all its /64s), or everything a --trusted-proxy forwards
    /// without naming the client, may hold at once; past three quarters of --max-watchers, only
    /// a client holding fewer than 2 gets a new one
    #[arg(long, env = "ALPHACHESS_WATCHERS_PER_NETWORK", default_value_t = 32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub watchers_per_network: u32,

    /// Post-game analyses one IPv6 /56 (all its /64s), or everything a --trusted-proxy forwards
    /// without naming the client, may have queued or running at once, like
    /// --analyses-per-client; the last quarter of --analysis-queue is kept for clients with none
    #[arg(long, env = "ALPHACHESS_ANALYSES_PER_NETWORK", default_value_t = DEFAULT_ANALYSES_PER_NETWORK as u32,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub analyses_per_network: u32,

    /// Stateless tree requests (`POST /api/trees` reads a PGN, `POST /api/trees/pgn` writes
    /// one; no game needed, up to a third of a second of CPU each) one client may send per
    /// minute, after a burst of 20; past it, 429 with Retry-After
    #[arg(long, env = "ALPHACHESS_TREE_WORK_PER_MINUTE", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub tree_work_per_minute: u32,

    /// Print the OpenAPI document (JSON) and exit, starting nothing (the client's API types are
    /// generated from it)
    #[arg(long)]
    pub print_openapi: bool,
}

impl Config {
    /// The `movetime` cap of one search.
    pub fn move_time_cap(&self) -> Duration {
        Duration::from_millis(self.move_time_cap_ms)
    }

    /// The bytes of serialized views the server may keep.
    pub fn view_cache_bytes(&self) -> usize {
        usize::try_from(self.view_cache_mib << 20).unwrap_or(usize::MAX)
    }

    /// How long a game may stay untouched before it expires.
    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout_secs)
    }

    /// How long a new connection may take to send its first request's head.
    pub fn head_timeout(&self) -> Duration {
        Duration::from_millis(self.head_timeout_ms)
    }

    /// How long a request may take to send its body.
    pub fn body_timeout(&self) -> Duration {
        Duration::from_millis(self.body_timeout_ms)
    }

    /// How long an idle keep-alive connection stays open.
    pub fn keep_alive(&self) -> Duration {
        Duration::from_secs(self.keep_alive_secs)
    }

    /// How long what the server sends may stay unread before the connection is dropped.
    pub fn write_timeout(&self) -> Duration {
        Duration::from_secs(self.write_timeout_secs)
    }

    /// The PostgreSQL settings when `--db` is a `postgres://` (or `postgresql://`) URL; `None`
    /// for a SQLite file.
    pub fn postgres(&self) -> Option<PgSettings> {
        let is_url = ["postgres://", "postgresql://"]
            .iter()
            .any(|scheme| self.db.starts_with(scheme));
        is_url.then(|| PgSettings {
            url: self.db.clone(),
            lease: Duration::from_millis(self.lease_ms),
            max_live: u64::from(self.max_games),
            cache_positions: self.analysis_cache_positions,
            max_queued: self.max_queued_writes,
        })
    }

    /// How analysis boards search.
    pub fn explore(&self) -> ExploreSettings {
        ExploreSettings {
            depth: self.explore_depth,
            boards_per_client: self.explore_boards_per_client as usize,
        }
    }

    /// The per-client and overall bounds the flags set.
    pub fn limits(&self) -> LimitSettings {
        LimitSettings {
            trusted_proxies: self.trusted_proxies.clone(),
            stall: self.write_timeout(),
            games_per_minute: self.games_per_minute,
            games_burst: self.games_burst,
            searches_per_client: self.searches_per_client,
            max_watchers: self.max_watchers,
            watchers_per_client: self.watchers_per_client,
            watchers_per_game: self.watchers_per_game,
            connections_per_client: self.connections_per_client,
            max_connections: self.max_connections,
            connections_per_aggregate: self.connections_per_network,
            watchers_per_aggregate: self.watchers_per_network,
            tree_work_per_minute: self.tree_work_per_minute,
        }
    }

    /// A configuration with every default, as `alphachess-server` with no flags (tests start here).
    pub fn with_defaults() -> Config {
        Config::parse_from(["alphachess-server"])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Config::command().debug_assert();
    }

    #[test]
    fn flags_override_the_defaults() {
        let config = Config::parse_from([
            "alphachess-server",
            "--bind",
            "127.0.0.1:0",
            "--depth",
            "4",
            "--engines",
            "2",
            "--stockfish",
            "/usr/games/stockfish",
        ]);
        assert_eq!(config.bind.port(), 0);
        assert_eq!(config.depth, 4);
        assert_eq!(config.engines, 2);
        assert_eq!(config.move_time_cap(), Duration::from_secs(10));
        assert_eq!(
            config.stockfish,
            [EngineAddress::Local(PathBuf::from("/usr/games/stockfish"))]
        );
    }

    #[test]
    fn the_default_engine_count_is_one_per_core() {
        let config = Config::try_parse_from(["alphachess-server"]).expect("the defaults parse");
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        assert_eq!(config.engines as usize, cores.min(64));
    }

    #[test]
    fn stockfish_may_be_given_several_times_local_or_remote() {
        let config = Config::parse_from([
            "alphachess-server",
            "--stockfish",
            "/usr/games/stockfish",
            "--stockfish",
            "tcp://127.0.0.1:4000,tcp://10.0.0.2:4000",
        ]);
        let shown: Vec<String> = config.stockfish.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "/usr/games/stockfish",
                "tcp://127.0.0.1:4000",
                "tcp://10.0.0.2:4000"
            ]
        );
        assert!(
            Config::try_parse_from(["alphachess-server", "--stockfish", "tcp://nope"]).is_err()
        );
    }

    #[test]
    fn the_defaults_bound_every_client() {
        let config = Config::with_defaults();
        assert!(
            config.trusted_proxies.is_empty(),
            "no header is believed by default"
        );
        assert!(config.allowed_hosts.is_empty());
        assert_eq!((config.games_per_minute, config.games_burst), (10, 20));
        assert_eq!(config.searches_per_client, 8);
        assert_eq!(
            (
                config.max_watchers,
                config.watchers_per_client,
                config.watchers_per_game
            ),
            (256, 8, 16)
        );
        assert_eq!(config.max_connections, 512);
        assert_eq!(config.head_timeout(), Duration::from_secs(5));
        assert_eq!(config.body_timeout(), Duration::from_secs(10));
        assert_eq!(config.keep_alive(), Duration::from_secs(5));
        assert_eq!(config.write_timeout(), Duration::from_secs(30));
    }

    #[test]
    fn trusted_proxies_and_allowed_hosts_may_be_repeated() {
        let config = Config::parse_from([
            "alphachess-server",
            "--trusted-proxy",
            "10.0.0.0/8,127.0.0.1",
            "--trusted-proxy",
            "::1",
            "--allowed-host",
            "chess.example",
        ]);
        assert_eq!(config.trusted_proxies.len(), 3);
        assert_eq!(config.allowed_hosts, ["chess.example"]);
        assert!(
            Config::try_parse_from(["alphachess-server", "--trusted-proxy", "10.0.0.0/99"])
                .is_err()
        );
    }

    #[test]
    fn cors_origins_may_be_repeated_and_are_checked_at_start_up() {
        assert!(
            Config::with_defaults().cors_origins.is_empty(),
            "CORS is off"
        );
        let config = Config::parse_from([
            "alphachess-server",
            "--cors-origin",
            "https://chess.example/,http://localhost:5173",
            "--cors-origin",
            "HTTPS://Other.example:443",
        ]);
        let shown: Vec<String> = config
            .cors_origins
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            shown,
            [
                "https://chess.example",
                "http://localhost:5173",
                "https://other.example"
            ]
        );
        for bad in ["chess.example", "https://chess.example/app", "ftp://x", "*"] {
            let error = Config::try_parse_from(["alphachess-server", "--cors-origin", bad])
                .expect_err(bad)
                .to_string();
            assert!(error.contains("--cors-origin"), "{error}");
        }
    }

    #[test]
    fn analysis_flags_have_their_defaults_and_bounds() {
        let config = Config::with_defaults();
        assert_eq!(config.analysis_nodes, DEFAULT_ANALYSIS_NODES);
        assert_eq!(config.max_analyses, None);
        assert_eq!(config.analysis_queue as usize, DEFAULT_MAX_PENDING_ANALYSES);
        assert_eq!(
            config.analyses_per_client as usize,
            DEFAULT_ANALYSES_PER_CLIENT
        );
        assert!(Config::try_parse_from(["alphachess-server", "--analysis-queue", "0"]).is_err());
        assert!(
            Config::try_parse_from(["alphachess-server", "--analyses-per-client", "0"]).is_err()
        );
        let config = Config::parse_from([
            "alphachess-server",
            "--analysis-nodes",
            "20000",
            "--max-analyses",
            "3",
        ]);
        assert_eq!(
            (config.analysis_nodes, config.max_analyses),
            (20_000, Some(3))
        );
        assert!(Config::try_parse_from(["alphachess-server", "--max-analyses", "0"]).is_err());
        assert!(Config::try_parse_from(["alphachess-server", "--analysis-nodes", "10"]).is_err());
    }

    #[test]
    fn the_analysis_cache_keeps_its_default_bound_and_zero_turns_it_off() {
        let config = Config::with_defaults();
        assert_eq!(config.analysis_cache_positions, DEFAULT_CACHE_POSITIONS);
        let config = Config::parse_from([
            "alphachess-server",
            "--analysis-cache-positions",
            "0",
            "--db",
            "postgres://h/d",
        ]);
        assert_eq!(config.analysis_cache_positions, 0);
        let settings = config.postgres().expect("PostgreSQL");
        assert_eq!(settings.cache_positions, 0, "passed to the store");
    }

    #[test]
    fn the_postgres_write_queue_keeps_sqlites_bound_unless_told_otherwise() {
        let config = Config::parse_from(["alphachess-server", "--db", "postgres://h/d"]);
        let settings = config.postgres().expect("PostgreSQL");
        assert_eq!(settings.max_queued, MAX_QUEUED_WRITES);
        let config = Config::parse_from([
            "alphachess-server",
            "--db",
            "postgres://h/d",
            "--max-queued-writes",
            "1",
        ]);
        assert_eq!(config.postgres().expect("PostgreSQL").max_queued, 1);
        assert!(Config::try_parse_from(["alphachess-server", "--max-queued-writes", "0"]).is_err());
    }

    #[test]
    fn a_postgres_url_selects_postgresql_and_anything_else_is_a_sqlite_file() {
        assert!(Config::with_defaults().postgres().is_none());
        let config = Config::parse_from([
            "alphachess-server",
            "--db",
            "postgres://alpha:secret@db.example:5433/chess",
            "--lease-ms",
            "2000",
            "--max-games",
            "50",
        ]);
        let settings = config.postgres().expect("PostgreSQL");
        assert_eq!(
            settings.url,
            "postgres://alpha:secret@db.example:5433/chess"
        );
        assert_eq!(settings.lease, Duration::from_millis(2000));
        assert_eq!(settings.max_live, 50);
        let config = Config::parse_from(["alphachess-server", "--db", "postgresql://h/d"]);
        assert!(config.postgres().is_some());
        let config = Config::parse_from(["alphachess-server", "--db", "games/postgres.db"]);
        assert!(config.postgres().is_none());
    }

    #[test]
    fn a_depth_of_zero_is_refused() {
        assert!(Config::try_parse_from(["alphachess-server", "--depth", "0"]).is_err());
    }
}
