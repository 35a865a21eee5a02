//! Games kept in PostgreSQL, shared by several servers (`--db postgres://…`).
//!
//! Writes go through the same write queue as SQLite's (`write_queue.rs`: tickets, the bound,
//! each ticket's outcome): [`GameStore::save`] queues the change; one writer task commits what has
//! queued in one transaction (`writer.rs`, the only part that is PostgreSQL's own), so a request
//! answers only once its change is committed (`synchronous_commit` on: on the server's disk).
//! What sharing adds, each in PostgreSQL itself rather than in anything home-made:
//! - every change is written only if the row still has the version the change was made on
//!   (`UPDATE … WHERE id = $1 AND version = $2`); a lost race is [`StoreError::Conflict`];
//! - [`GameStore::lookup`] reads a game or revalidates a cached one in one indexed query that
//!   sends the row only when it is newer;
//! - a write that leaves the engine to move takes a lease on its reply (`engine_owner`,
//!   `engine_until`), renewed while the search runs; another server claims an expired one
//!   (`FOR UPDATE SKIP LOCKED`) and makes the move;
//! - a trigger notifies `alphachess_games` with `<id> <version>`; `listener.rs` follows it;
//! - creations take an advisory lock and count the unfinished games, so the cap is global.
//!
//! The position cache (`position_cache.rs`) is one table for every server: reads go through the
//! pool (one indexed query for a chunk's keys), the answers and the "use" of hits through the
//! writer, in a transaction of their own after the batch's games (best effort: an error is
//! logged, never a game's), and at most a quarter of the writer's queue of them wait at once
//! (past it they are dropped). The writer's queue is bounded like SQLite's
//! ([`PgSettings::max_queued`], `--max-queued-writes`): past it a change is refused at once with
//! 503 `storage_busy`. The cache's bound is each server's `--analysis-cache-positions`: servers
//! sharing a database should give the same one (the last to prune wins).
//!
//! Each concern has its file: `connection.rs` (the pool and the bounds on every wait),
//! `writer.rs` (the batch commit), `shared.rs` (leases, the change feed, a key's games),
//! `cache.rs`, `ratings.rs`, `practice.rs`, `schema.rs` (migrations), `listener.rs`, `health.rs`.
//!
//! Why tokio-postgres (with deadpool-postgres as its pool) and not sqlx: it runs on the tokio
//! runtime actix already has, gives `LISTEN/NOTIFY` as a plain message stream, and builds a
//! fraction of sqlx's tree (no macros, no offline query cache); both are MIT/Apache-2.0.

mod cache;
mod connection;
mod health;
mod listener;
mod practice;
mod ratings;
mod schema;
mod shared;
mod writer;

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio::sync::broadcast;
use tokio_postgres::NoTls;
use tokio_util::sync::CancellationToken;

pub use connection::STORE_TIMEOUT;
pub use schema::PG_SCHEMA_VERSION;

use self::cache::cache_bound;
use self::connection::{bound, bounded, POOL_SIZE, VERIFY_TIMEOUT};
use self::health::CommitHealth;
use self::shared::instance_name;
use self::writer::{GameRow, Write, Writer, PRUNE_CACHE};
use crate::analysis::{AnalysedPosition, AnalysisStatus};
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::store::analysis_record::{status_name, AnalysisRecord, PositionRecord};
use crate::games::store::position_cache::{CacheKey, CachedAnswer};
use crate::games::store::record::GameRecord;
use crate::games::store::write_queue::{write_queue, WriteQueue};
use crate::games::store::{
    Change, Durable, Fresh, GameSnapshot, GameStore, Lookup, Pending, PracticeStore, RatingStore,
    SharedStore, WriteTicket,
};

/// Changes a follower may fall behind before it is told to revalidate everything.
const CHANGES_CAPACITY: usize = 1024;

/// How a [`PgStore`] is set up.
#[derive(Debug, Clone)]
pub struct PgSettings {
    /// `postgres://user:password@host:port/dbname` (libpq's URL form, `?host=/dir` for a socket).
    pub url: String,
    /// How long a lease on an engine reply lasts unless renewed (renewed every third of it).
    pub lease: Duration,
    /// The most unfinished games the database may hold (`--max-games`, for every server).
    pub max_live: u64,
    /// Most answers the position cache keeps (`--analysis-cache-positions`; 0: none).
    pub cache_positions: u64,
    /// Most writes waiting for the writer: past it `save` refuses at once with
    /// [`StoreError::Busy`] (503 `storage_busy`), as SQLite's queue does
    /// ([`crate::games::store::sqlite::MAX_QUEUED_WRITES`]), instead of holding changes in memory without end
    /// while the database falls behind.
    pub max_queued: usize,
}

/// Games kept in a PostgreSQL database other servers may share.
pub struct PgStore {
    pool: Pool,
    /// To the writer task (tickets, bound, outcomes, the cache's share).
    queue: WriteQueue<Write>,
    changes: broadcast::Sender<Change>,
    instance: String,
    lease: Duration,
    /// Ends the listener when the store goes.
    stop: CancellationToken,
    /// Whether the position cache keeps anything.
    caches: bool,
    /// Whether the writer's last game changes committed, for readiness.
    health: Arc<CommitHealth>,
}

impl PgStore {
    /// Connects, brings the schema up to date (refusing a newer one), and starts the writer and
    /// the listener. Nothing is read back: games are read when asked for.
    pub async fn open(settings: &PgSettings) -> Result<PgStore, StoreError> {
        let mut config: tokio_postgres::Config = settings
            .url
            .parse()
            .map_err(|error| StoreError::backend("reading the database URL", error))?;
        bound(&mut config);
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                // `Fast` trusts the connection's closed flag, which a session ended by a restart,
                // a failover or `pg_terminate_backend` sets only once its goodbye has been read:
                // the next request met the dead session and answered 500. `Verified` asks the
                // server (an empty query, one round trip) before handing a connection out.
                recycling_method: RecyclingMethod::Verified,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(STORE_TIMEOUT))
            .create_timeout(Some(STORE_TIMEOUT))
            .recycle_timeout(Some(VERIFY_TIMEOUT))
            .build()
            .map_err(|error| StoreError::backend("building the connection pool", error))?;
        {
            let mut client = pool
                .get()
                .await
                .map_err(|error| StoreError::backend("connecting", error))?;
            schema::migrate(&mut client).await?;
            // A bound lowered since (or 0) takes effect now.
            client
                .execute(PRUNE_CACHE, &[&cache_bound(settings)])
                .await
                .map_err(|error| StoreError::backend("bounding the analysis cache", error))?;
        }
        let instance = instance_name()?;
        let caches = settings.cache_positions > 0;
        let (queue, batches) = write_queue(settings.max_queued, caches);
        let lease_ms = i64::try_from(settings.lease.as_millis()).unwrap_or(i64::MAX);
        let health = Arc::new(CommitHealth::default());
        let writer = Writer {
            pool: pool.clone(),
            instance: instance.clone(),
            lease_ms,
            max_live: i64::try_from(settings.max_live).unwrap_or(i64::MAX),
            lost: writer::LostCopies::default(),
            cache_positions: cache_bound(settings),
            health: Arc::clone(&health),
        };
        tokio::spawn(batches.run(writer));
        let (changes, _) = broadcast::channel(CHANGES_CAPACITY);
        let stop = CancellationToken::new();
        tokio::spawn(listener::listen(config, changes.clone(), stop.clone()));
        tracing::info!(%instance, "games kept in PostgreSQL");
        Ok(PgStore {
            pool,
            queue,
            changes,
            instance,
            lease: settings.lease,
            stop,
            caches,
            health,
        })
    }

    /// This server's name in the lease columns.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Answers whether PostgreSQL answers a query now (for `/api/ready`).
    /// Whether the database answers a query and, while the last game changes failed, takes a
    /// commit (`health.rs`).
    async fn answers(&self) -> Result<(), StoreError> {
        bounded("checking the database", async {
            let mut client = self.client("checking the database").await?;
            client
                .query_one("SELECT 1", &[])
                .await
                .map_err(|error| StoreError::backend("checking the database", error))?;
            self.health
                .probe_if_failing(&mut client)
                .await
                .map_err(|error| StoreError::backend("checking that the database commits", error))
        })
        .await
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

impl GameStore for PgStore {
    fn save(&self, game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError> {
        let record = GameRecord::of(game.id, game.token, game.state);
        let state = game.state;
        let row = GameRow {
            id: record.id.clone(),
            version: i64::try_from(state.version()).unwrap_or(i64::MAX),
            status: record.status.clone(),
            record: serde_json::to_string(&record).expect("a record of text and integers"),
            engine_to_move: !state.is_finished()
                && state.game().position().turn() != state.player(),
        };
        let (copy, base) = (game.copy, game.base);
        self.queue.push(Write::Save { copy, base, row })
    }

    fn delete(&self, id: &GameId) -> Result<WriteTicket, StoreError> {
        let id = id.to_string();
        self.queue.push(Write::Delete { id })
    }

    fn durable(&self, ticket: WriteTicket) -> Durable<'_> {
        Box::pin(self.queue.durable(ticket))
    }

    fn flush(&self) -> Durable<'_> {
        Box::pin(self.queue.flush())
    }

    fn save_analysis(
        &self,
        id: &GameId,
        status: AnalysisStatus,
        nodes: u64,
    ) -> Result<WriteTicket, StoreError> {
        let (id, status) = (id.to_string(), status_name(status));
        let nodes = i64::try_from(nodes).unwrap_or(i64::MAX);
        self.queue.push(Write::Analysis { id, status, nodes })
    }

    fn save_analysed_position(
        &self,
        id: &GameId,
        position: &AnalysedPosition,
    ) -> Result<WriteTicket, StoreError> {
        let (id, row) = (id.to_string(), PositionRecord::of(position));
        self.queue.push(Write::Position { id, row })
    }

    fn take_stored_analyses(&self) -> Vec<AnalysisRecord> {
        Vec::new()
    }

    fn cached_answers(&self, keys: &[CacheKey]) -> Pending<'_, Vec<Option<CachedAnswer>>> {
        if !self.caches {
            return Box::pin(std::future::ready(Ok(vec![None; keys.len()])));
        }
        let keys = keys.to_vec();
        Box::pin(bounded("reading the analysis cache", async move {
            let answers = self.read_cache(&keys).await?;
            let hits: Vec<String> = keys
                .iter()
                .zip(&answers)
                .filter(|(_, answer)| answer.is_some())
                .map(|(key, _)| key.as_str().to_owned())
                .collect();
            if !hits.is_empty() {
                if let Some(permit) = self.queue.cache_permit() {
                    // Stopped: the store is going; the answers stand.
                    let _stopped = self.queue.push(Write::CacheTouch {
                        keys: hits,
                        _permit: permit,
                    });
                }
            }
            Ok(answers)
        }))
    }

    fn cache_answer(&self, key: &CacheKey, answer: &CachedAnswer) -> Result<(), StoreError> {
        let Some(permit) = self.queue.cache_permit() else {
            return Ok(());
        };
        let (key, answer) = (key.as_str().to_owned(), answer.clone());
        self.queue
            .push(Write::CacheAnswer {
                key,
                answer,
                _permit: permit,
            })
            .map(|_| ())
    }

    fn shared(&self) -> Option<&dyn SharedStore> {
        Some(self)
    }

    fn ratings(&self) -> &dyn RatingStore {
        self
    }

    fn practice(&self) -> &dyn PracticeStore {
        self
    }

    fn ping(&self) -> Pending<'_, ()> {
        Box::pin(self.answers())
    }

    fn load_analysis(&self, id: &GameId) -> Pending<'_, Option<AnalysisRecord>> {
        let id = id.to_string();
        Box::pin(async move {
            let failed = |error| StoreError::backend("reading an analysis", error);
            let client = self.client("reading an analysis").await?;
            let Some(row) = client
                .query_opt(
                    "SELECT status, nodes FROM analyses WHERE game_id = $1",
                    &[&id],
                )
                .await
                .map_err(failed)?
            else {
                return Ok(None);
            };
            let positions = client
                .query(
                    "SELECT position, cp, mate, best, pv, depth, nodes, second_cp, second_mate
                     FROM analysed_positions WHERE game_id = $1 ORDER BY position",
                    &[&id],
                )
                .await
                .map_err(failed)?
                .iter()
                .map(|row| PositionRecord {
                    position: row.get(0),
                    cp: row.get(1),
                    mate: row.get(2),
                    best: row.get(3),
                    pv: row.get(4),
                    depth: row.get(5),
                    nodes: row.get(6),
                    second_cp: row.get(7),
                    second_mate: row.get(8),
                })
                .collect();
            Ok(Some(AnalysisRecord {
                game_id: id,
                status: row.get(0),
                nodes: row.get(1),
                positions,
            }))
        })
    }

    fn lookup(&self, id: &GameId, cached: Option<u64>) -> Pending<'_, Lookup> {
        let id = id.to_string();
        let cached = cached.map_or(-1, |version| i64::try_from(version).unwrap_or(i64::MAX));
        Box::pin(bounded("reading a game", async move {
            let client = self.client("reading a game").await?;
            let statement = client
                .prepare_cached(
                    "SELECT version, CASE WHEN version > $2 THEN record::text END,
                            coalesce(engine_owner <> $3, false)
                     FROM games WHERE id = $1",
                )
                .await
                .map_err(|error| StoreError::backend("reading a game", error))?;
            let row = client
                .query_opt(&statement, &[&id, &cached, &self.instance])
                .await
                .map_err(|error| StoreError::backend("reading a game", error))?;
            let Some(row) = row else {
                return Ok(Lookup::Missing);
            };
            let (version, record, searched_elsewhere): (i64, Option<String>, bool) =
                (row.get(0), row.get(1), row.get(2));
            let Some(record) = record else {
                return Ok(Lookup::Unchanged);
            };
            let stored = serde_json::from_str::<GameRecord>(&record)
                .map_err(|error| StoreError::backend(format!("reading game {id}"), error))?
                .rebuild()
                .map_err(|error| StoreError::backend(format!("reading game {id}"), error))?;
            let version = u64::try_from(version).unwrap_or_default();
            Ok(Lookup::Changed(Box::new(Fresh {
                game: crate::games::store::record::StoredGame {
                    state: stored.state.at_version(version),
                    ..stored
                },
                silent: Duration::ZERO,
                searched_elsewhere,
            })))
        }))
    }

    fn expire_idle(&self, idle: Duration) -> Pending<'_, u64> {
        let idle_ms = i64::try_from(idle.as_millis()).unwrap_or(i64::MAX);
        Box::pin(async move {
            let client = self.client("forgetting idle games").await?;
            client
                .execute(
                    "DELETE FROM games WHERE engine_owner IS NULL
                     AND updated_at < now() - $1::bigint * interval '1 millisecond'",
                    &[&idle_ms],
                )
                .await
                .map_err(|error| StoreError::backend("forgetting idle games", error))
        })
    }
}
