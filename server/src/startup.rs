//! Building the application: engines, games, the route table and the HTTP server.

use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::error::{JsonPayloadError, PayloadError};
use actix_web::http::KeepAlive;
use actix_web::middleware::{from_fn, Condition};
use actix_web::{web, App, HttpRequest, HttpServer};
use alphachess_maia::Networks;
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::explore::Explorer;
use crate::games::stores::{GameStore, PgStore, SqliteStore, StoredGames};
use crate::games::{
    AnalysisSettings, GameService, Games, Lifecycle, Loaded, PracticeService, RatingService,
    ReviewService, Services, StoreError,
};
use crate::http::body_limit::MAX_BODY_BYTES;
use crate::http::error::{with_causes, ApiError};
use crate::http::limits::{connection, Limits};
use crate::http::middleware::access_log::access_log;
use crate::http::middleware::body_timeout::{read_body_in_time, BodyTimeout};
use crate::http::middleware::cors::cors;
use crate::http::middleware::headers::security_headers;
use crate::http::middleware::host::{check_host, AllowedHosts};
use crate::http::middleware::version::api_version;
use crate::http::routes::{configure_api, docs, fallback};
use crate::openings;
use crate::uci::{
    locate_engine, EngineAddress, EngineError, EnginePool, EngineSettings, LocateError,
    SEARCH_SLACK,
};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Locate(#[from] LocateError),
    #[error("the engine {engines} does not work: {source}")]
    Engine {
        /// Every engine tried.
        engines: String,
        #[source]
        source: EngineError,
    },
    /// A Maia network is missing, corrupt or not the one `SHA256SUMS` lists (the error names
    /// the file and its band).
    #[error(transparent)]
    Maia(#[from] alphachess_maia::LoadError),
    #[error("cannot open the database {path}: {source}")]
    Store {
        path: String,
        #[source]
        source: StoreError,
    },
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: std::net::SocketAddr,
        #[source]
        source: std::io::Error,
    },
}

/// Added to the longest search when waiting for requests in progress at shutdown.
const SHUTDOWN_SLACK: Duration = Duration::from_secs(1);

/// How long a connection being closed may take to say goodbye.
const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// Connections the kernel queues while every place is taken (past it, it refuses them).
const BACKLOG: u32 = 1024;

/// A built server, bound to its port, not yet running.
pub struct Application {
    port: u16,
    server: Server,
    lifecycle: web::Data<Lifecycle>,
    /// Why the stored games could not be read back, if they could not (the server then stops).
    load_failure: Arc<std::sync::Mutex<Option<String>>>,
}

impl Application {
    /// Finds and starts the engines, opens the database (checked, migrated, locked), binds the
    /// port (0 picks a free one) and builds the server; the stored games are read back in the
    /// background while it listens (see [`Application::build_holding_replay`]).
    pub async fn build(config: &Config) -> Result<Application, StartupError> {
        Application::build_holding_replay(config, std::future::ready(())).await
    }

    /// [`Application::build`], reading the stored games back only once `hold` resolves (tests
    /// hold it to see the server while it loads). Until they are read back, `/api/health`
    /// answers, `/api/ready` is 503 `loading` saying how far it got, and a request for a game
    /// not read back yet waits until it is (the most recently changed are read first).
    pub async fn build_holding_replay(
        config: &Config,
        hold: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<Application, StartupError> {
        let (started, stored) = start_unloaded(config).await?;
        let state = AppState::new(started, config);
        let lifecycle = state.lifecycle.clone();
        let load_failure = Arc::default();
        spawn_load(&lifecycle, stored, hold, config, Arc::clone(&load_failure));
        let bind_error = |source| StartupError::Bind {
            addr: config.bind,
            source,
        };
        let listener = TcpListener::bind(config.bind).map_err(bind_error)?;
        let port = listener.local_addr().map_err(bind_error)?.port();
        let connection_limits = state.limits.clone().into_inner();
        let static_dir = config.static_dir.clone();
        let workers = worker_count();
        let body_timeout = web::Data::new(BodyTimeout {
            timeout: config.body_timeout(),
            max_bytes: MAX_BODY_BYTES,
        });
        let hosts = AllowedHosts::for_bind(config.bind, &config.allowed_hosts).map(web::Data::new);
        let cors_origins = config.cors_origins.clone();
        let server = HttpServer::new(move || {
            let mut app = App::new().app_data(body_timeout.clone());
            if let Some(hosts) = &hosts {
                app = app.app_data(hosts.clone());
            }
            // The last wrapped runs first: log, answer or mark cross-origin requests (only with
            // --cors-origin), route /api/v1 as /api, add headers, check the host, then read the
            // body.
            app.wrap(from_fn(read_body_in_time))
                .wrap(from_fn(check_host))
                .wrap(from_fn(security_headers))
                .wrap(from_fn(api_version))
                .wrap(Condition::new(
                    !cors_origins.is_empty(),
                    cors(&cors_origins),
                ))
                .wrap(access_log())
                .configure(|cfg| configure(cfg, state.clone(), &static_dir))
        })
        .workers(workers)
        // actix counts connections per worker.
        .max_connections(config.max_connections.div_ceil(workers as u32).max(1) as usize)
        .backlog(BACKLOG)
        .client_request_timeout(config.head_timeout())
        .client_disconnect_timeout(DISCONNECT_TIMEOUT)
        .keep_alive(KeepAlive::Timeout(config.keep_alive()))
        // A client that closes its side is gone: end its response (a live stream included, which
        // gives its places back) instead of writing on until a write fails.
        .h1_allow_half_closed(false)
        .on_connect(connection::on_connect(
            config.write_timeout(),
            connection_limits,
        ))
        // Stopping is ours to trigger (main.rs turns SIGTERM and Ctrl-C into it): actix then
        // takes no OS signals itself, and the same token ends the live streams.
        .shutdown_signal(lifecycle.stopping().clone().cancelled_owned())
        .shutdown_timeout(shutdown_timeout_secs(config))
        .listen(listener)
        .map_err(bind_error)?
        .run();
        tracing::info!(port, "alphachess-server listening");
        Ok(Application {
            port,
            server,
            lifecycle,
            load_failure,
        })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The server's lifecycle: its games and engines (tests look inside), readiness, stopping.
    pub fn lifecycle(&self) -> web::Data<Lifecycle> {
        self.lifecycle.clone()
    }

    /// Cancel it to stop the server gracefully: live streams end at once, new connections are
    /// refused, requests in progress finish (a search included, up to the shutdown timeout), and
    /// every queued change is written before [`Application::run_until_stopped`] returns.
    pub fn stopper(&self) -> CancellationToken {
        self.lifecycle.stopping().clone()
    }

    /// Serves until the server is stopped (see [`Application::stopper`]), then writes every
    /// queued change.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await?;
        self.lifecycle.flush().await;
        tracing::info!("alphachess-server stopped");
        match self
            .load_failure
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        {
            Some(failure) => Err(std::io::Error::other(failure)),
            None => Ok(()),
        }
    }
}

/// actix's own default: one worker per core.
fn worker_count() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// How long a graceful shutdown waits for requests in progress: the longest search and its
/// supervisor's slack, so a player's move that is being answered gets its answer.
fn shutdown_timeout_secs(config: &Config) -> u64 {
    (config.move_time_cap() + SEARCH_SLACK + SHUTDOWN_SLACK)
        .as_secs_f64()
        .ceil() as u64
}

/// What start-up made: the use cases, and beside them the engines and Maia's networks, which
/// the analysis board is given directly (the games are played with the same ones).
pub struct Started {
    pub services: Services,
    pub engines: EnginePool,
    pub maia: Arc<Networks>,
}

/// Locates and starts the engines and creates the game registry, the stored games read back.
pub async fn start_services(config: &Config) -> Result<Started, StartupError> {
    let (started, stored) = start_unloaded(config).await?;
    if let Some(stored) = stored {
        let lifecycle = &started.services.lifecycle;
        lifecycle
            .load(stored)
            .map_err(|source| StartupError::Store {
                path: config.db.clone(),
                source,
            })?;
    }
    Ok(started)
}

/// Loads the Maia networks, locates and starts the engines and creates the (empty) game
/// registry; the stored games, if any, are still to be read back.
async fn start_unloaded(config: &Config) -> Result<(Started, Option<StoredGames>), StartupError> {
    // Read while the engines start, so no view (the first restored game's included) waits for it.
    let book = tokio::task::spawn_blocking(|| {
        openings::book();
    });
    let maia = load_maia(&config.maia_dir).await?;
    let addresses = engine_addresses(config)?;
    let engines = EnginePool::start(EngineSettings {
        engines: addresses.clone(),
        queue_len: config.queue_len as usize,
        queue_per_client: config.queue_per_client as usize,
        queue_per_aggregate: config.queue_per_prefix as usize,
        preempt_after: Duration::from_millis(config.preempt_after_ms),
        movetime: config.move_time_cap(),
        queue_wait: Duration::from_millis(config.queue_wait_ms),
    })
    .await
    .map_err(|source| StartupError::Engine {
        engines: addresses
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" or "),
        source,
    })?;
    if let Err(panic) = book.await {
        std::panic::resume_unwind(panic.into_panic());
    }
    let (games, stored) = open_games(config).await?;
    let analysis = AnalysisSettings {
        nodes: config.analysis_nodes,
        max_running: config
            .max_analyses
            .map_or(addresses.len(), |max| max as usize),
        max_pending: config.analysis_queue as usize,
        per_client: config.analyses_per_client as usize,
        per_aggregate: config.analyses_per_network as usize,
        quick_nodes: config.analysis_quick_nodes,
    };
    let services = Services::new(
        games,
        engines.clone(),
        config.depth,
        analysis,
        Arc::clone(&maia),
    );
    let started = Started {
        services,
        engines,
        maia,
    };
    Ok((started, stored))
}

/// The nine Maia networks of `folder`, read off the async runtime (a few milliseconds each). A
/// missing or corrupt file, or one the folder's `SHA256SUMS` does not vouch for, is an error
/// naming it and its band: the server never starts without them, nor plays Stockfish (or another
/// band's network) in their place.
async fn load_maia(folder: &Path) -> Result<Arc<Networks>, StartupError> {
    let folder = folder.to_path_buf();
    let networks = tokio::task::spawn_blocking(move || Networks::load(folder))
        .await
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic()))?;
    Ok(Arc::new(networks))
}

/// Opens the database (a SQLite file is locked, checked and migrated, off the async runtime) and
/// creates the registry; a SQLite file's games are still to be read back (none with PostgreSQL:
/// games are read when asked for).
async fn open_games(config: &Config) -> Result<(Games, Option<StoredGames>), StartupError> {
    if let Some(settings) = config.postgres() {
        let store = PgStore::open(&settings)
            .await
            .map_err(|source| StartupError::Store {
                path: redacted(&config.db),
                source,
            })?;
        let store: Arc<dyn GameStore> = Arc::new(store);
        let games = Games::new(
            config.max_games as usize,
            config.idle_timeout(),
            config.view_cache_bytes(),
            store,
        )
        .with_creator_shares(
            config.unfinished_per_client as usize,
            config.unfinished_per_network as usize,
        );
        return Ok((games, None));
    }
    let path = config.db.clone();
    let limit = config.max_games as usize;
    let opened = {
        let path = path.clone();
        let (queued, cache) = (config.max_queued_writes, config.analysis_cache_positions);
        tokio::task::spawn_blocking(move || SqliteStore::open_unread(&path, limit, queued, cache))
            .await
    };
    let (store, stored) = opened
        .unwrap_or_else(|panic| Err(StoreError::backend("opening (the task panicked)", panic)))
        .map_err(|source| StartupError::Store { path, source })?;
    let games = Games::new(
        config.max_games as usize,
        config.idle_timeout(),
        config.view_cache_bytes(),
        Arc::new(store),
    )
    .with_creator_shares(
        config.unfinished_per_client as usize,
        config.unfinished_per_network as usize,
    );
    Ok((games, Some(stored)))
}

/// Reads the stored games back once `hold` resolves, while the server listens; then resumes
/// their analyses and engine turns and starts forgetting idle games (not before: the store's own
/// expiry could otherwise delete a game the reading is about to put back). A read that fails
/// (a row unreadable past `quick_check`) stops the server: a game is never silently left out.
fn spawn_load(
    lifecycle: &web::Data<Lifecycle>,
    stored: Option<StoredGames>,
    hold: impl std::future::Future<Output = ()> + Send + 'static,
    config: &Config,
    failure: Arc<std::sync::Mutex<Option<String>>>,
) {
    let lifecycle = lifecycle.clone().into_inner();
    let idle_timeout = config.idle_timeout();
    // Checked twice per lease.
    let lease_check = Duration::from_millis(config.lease_ms) / 2;
    if let Some(stored) = &stored {
        lifecycle.expect_stored(stored.len());
    }
    tokio::spawn(async move {
        hold.await;
        if let Some(stored) = stored {
            let reader = Arc::clone(&lifecycle);
            let loaded = tokio::task::spawn_blocking(move || reader.load(stored))
                .await
                .unwrap_or_else(|panic| {
                    Err(StoreError::backend(
                        "reading games (the task panicked)",
                        panic,
                    ))
                });
            let Loaded {
                found,
                restored,
                quarantined,
            } = match loaded {
                Ok(loaded) => loaded,
                Err(error) => {
                    let message =
                        format!("cannot read the stored games back: {}", with_causes(&error));
                    tracing::error!("{message}; stopping");
                    *failure
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(message);
                    lifecycle.stopping().cancel();
                    return;
                }
            };
            if quarantined > 0 {
                tracing::error!(found, restored, quarantined,
                    "games loaded back from the database; some did not load and are quarantined (409 game_quarantined, PGN still exportable)");
            } else if found > 0 {
                tracing::info!(found, restored, "games loaded back from the database");
            }
        }
        lifecycle.spawn_maintenance(idle_timeout, lease_check);
    });
}

/// One address per engine process: each local `--stockfish` (located on PATH if it is a bare name;
/// Stockfish itself when none is given) `--engines` times, each `tcp://` address once.
fn engine_addresses(config: &Config) -> Result<Vec<EngineAddress>, StartupError> {
    let local = |path: Option<&Path>| -> Result<Vec<EngineAddress>, StartupError> {
        let path = locate_engine(path)?;
        Ok(vec![EngineAddress::Local(path); config.engines as usize])
    };
    if config.stockfish.is_empty() {
        return local(None);
    }
    let mut addresses = Vec::new();
    for address in &config.stockfish {
        match address {
            EngineAddress::Local(path) => addresses.extend(local(Some(path))?),
            remote @ EngineAddress::Tcp { .. } => addresses.push(remote.clone()),
        }
    }
    Ok(addresses)
}

/// What every handler may ask for, shared by every worker thread: each route takes the service
/// it uses.
#[derive(Clone)]
pub struct AppState {
    pub play: web::Data<GameService>,
    pub review: web::Data<ReviewService>,
    pub practice: web::Data<PracticeService>,
    pub rating: web::Data<RatingService>,
    pub lifecycle: web::Data<Lifecycle>,
    pub limits: web::Data<Limits>,
    /// The analysis boards' searches (one per server: a board's new position ends its old
    /// search whichever worker thread serves it).
    pub explorer: web::Data<Explorer>,
    /// Maia's networks, loaded once at start (the same ones the games are played with).
    pub maia: web::Data<Networks>,
}

impl AppState {
    /// The handlers' state from what start-up made, with `config`'s limits and analysis boards.
    pub fn new(started: Started, config: &Config) -> AppState {
        let Started {
            services,
            engines,
            maia,
        } = started;
        let explorer = Explorer::new(
            engines,
            Arc::clone(&maia),
            Arc::clone(&services.review),
            config.explore(),
        );
        AppState {
            play: web::Data::from(services.play),
            review: web::Data::from(services.review),
            practice: web::Data::from(services.practice),
            rating: web::Data::from(services.rating),
            lifecycle: web::Data::from(services.lifecycle),
            limits: web::Data::new(Limits::new(config.limits())),
            explorer: web::Data::new(explorer),
            maia: web::Data::from(maia),
        }
    }
}

/// The application: limits, docs, the API ([`crate::http::routes::api_routes`]) and the client (tests
/// build the real app with it).
pub fn configure(cfg: &mut web::ServiceConfig, state: AppState, static_dir: &Path) {
    let document = docs::openapi();
    cfg.app_data(state.play)
        .app_data(state.review)
        .app_data(state.practice)
        .app_data(state.rating)
        .app_data(state.lifecycle)
        .app_data(state.limits)
        .app_data(state.explorer)
        .app_data(state.maia)
        .app_data(
            web::JsonConfig::default()
                .limit(MAX_BODY_BYTES)
                .error_handler(json_error),
        )
        .app_data(web::PayloadConfig::new(MAX_BODY_BYTES))
        .configure(|cfg| docs::configure(cfg, document.clone()))
        // Before the `/api` scope, whose fallback would answer its paths.
        .configure(crate::http::lichess::configure)
        .configure(|cfg| configure_api(cfg, &document));
    fallback::configure_client(cfg, static_dir);
}

/// JSON body errors in the envelope: 413 over the limit, 400 for everything else.
fn json_error(error: JsonPayloadError, _request: &HttpRequest) -> actix_web::Error {
    let api_error = match &error {
        JsonPayloadError::Overflow { .. }
        | JsonPayloadError::OverflowKnownLength { .. }
        | JsonPayloadError::Payload(PayloadError::Overflow) => {
            ApiError::PayloadTooLarge(MAX_BODY_BYTES)
        }
        JsonPayloadError::ContentType => {
            ApiError::MalformedJson("the content type must be application/json".into())
        }
        JsonPayloadError::Deserialize(inner) => ApiError::MalformedJson(inner.to_string()),
        other => ApiError::MalformedJson(other.to_string()),
    };
    api_error.into()
}

/// A database URL without its password, for messages.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(
            redacted("postgres://alpha:s3cret@db.example:5432/chess"),
            "postgres://alpha:***@db.example:5432/chess"
        );
        assert_eq!(
            redacted("postgres://alpha@db/chess"),
            "postgres://alpha:***@db/chess"
        );
        assert_eq!(redacted("games.db"), "games.db");
    }
}
