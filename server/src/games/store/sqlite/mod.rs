//! The embedded durable store: one SQLite file (WAL, `synchronous=FULL`), written by one thread.
//!
//! Requests never touch the disk: [`GameStore::save`] queues the change on the shared write
//! queue (`write_queue.rs`: tickets, the bound of [`MAX_QUEUED_WRITES`] past which a change is
//! refused at once with 503 `storage_busy`, each ticket's exact outcome); the writer thread commits
//! whatever has queued up in one transaction (so many games moving at once share an fsync), and a
//! request awaits its ticket before it answers, so every acknowledged change is on disk. What
//! this folder adds is the [`Commit`](crate::games::store::write_queue::Commit) of a batch
//! (`writer.rs`: the statements, the live-game cap counted in the transaction), the reads that
//! ride the queue (`write.rs`), and a file per table family: `games.rs`, `analyses.rs` (reviews),
//! `ratings.rs`, `practice.rs`, `cache.rs` (the position cache); `connection.rs` opens the file,
//! `stored_games.rs` reads it back at start-up, and the schema is `../migrations.rs`.
//!
//! Memory is a cache of the file ([`GameStore::reloads`]): a game dropped from memory is read back
//! through the same queue (the read answers after the writes queued before it are committed, so
//! it never sees an older game than memory had), the cap on unfinished games is counted in the
//! writer's transaction, and idle games are forgotten by the age of their last change.
//!
//! The position cache (`position_cache.rs`, `cache.rs`) goes through the same queue, for
//! its reads too: every statement on the file then runs on one connection, which is also what
//! makes it work on a private `:memory:` database (a second connection would see another, empty
//! database), and a read of a chunk's keys costs one queue turn (the batch's commit, then a
//! primary-key lookup per key) rather than a second connection and a blocking thread. A hit's
//! "use" is written in the batch that reads it. Cache writes and reads are best effort: they
//! take at most a quarter of the queue
//! ([`CacheQuota`](crate::games::store::cache_quota::CacheQuota)); past that an answer is dropped
//! and a read misses (logged at debug), and they run in a savepoint, so a cache statement that
//! fails never fails a game's change in the same batch.

mod analyses;
mod cache;
mod connection;
mod games;
mod health;
mod practice;
mod ratings;
mod stored_games;
mod write;
mod writer;

#[cfg(test)]
mod tests;

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::analysis::{AnalysedPosition, AnalysisStatus};
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::store::analysis_record::{status_name, AnalysisRecord, PositionRecord};
use crate::games::store::db_lock::DbLock;
use crate::games::store::migrations::migrate;
use crate::games::store::position_cache::{CacheKey, CachedAnswer, DEFAULT_CACHE_POSITIONS};
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::{GameRecord, StoredGame};
use crate::games::store::sqlite::cache::SqliteCache;
use crate::games::store::sqlite::connection::{check_integrity, connect, unix_millis};
use crate::games::store::sqlite::health::CommitHealth;
use crate::games::store::sqlite::write::{answered, Reply, Write};
use crate::games::store::sqlite::writer::Writer;
use crate::games::store::write_queue::{write_queue, WriteQueue};
use crate::games::store::{
    Durable, Fresh, GameSnapshot, GameStore, Lookup, Pending, PracticeStore, RatingStore,
    WriteTicket,
};

pub use crate::games::store::sqlite::stored_games::StoredGames;
pub use crate::games::store::write_queue::MAX_QUEUED_WRITES;

/// Games kept in a SQLite database.
pub struct SqliteStore {
    /// To the writer thread (tickets, bound, outcomes, the cache's share).
    queue: WriteQueue<Write>,
    /// The analyses read back with the games, until the service takes them.
    stored_analyses: Arc<Mutex<Vec<AnalysisRecord>>>,
    /// The stored games that did not load, until the registry takes them.
    quarantined: Arc<Mutex<Vec<QuarantinedGame>>>,
    /// Keeps a second server off the file until [`GameStore::close`] (none for `:memory:`).
    lock: Mutex<Option<DbLock>>,
}

impl SqliteStore {
    /// Opens (or creates) the database at `path` (`:memory:` for a private in-memory one),
    /// brings its schema up to date and reads back the `limit` most recently changed games (their
    /// analyses wait in [`GameStore::take_stored_analyses`], the games that do not load in
    /// [`GameStore::take_quarantined`]). The position cache keeps the default bound.
    /// Blocking: call it before serving, or from `spawn_blocking`.
    pub fn open(path: &str, limit: usize) -> Result<(SqliteStore, Vec<StoredGame>), StoreError> {
        SqliteStore::open_with(path, limit, MAX_QUEUED_WRITES, DEFAULT_CACHE_POSITIONS)
    }

    /// Like [`SqliteStore::open`], with room for `max_queued` writes waiting for the writer.
    pub fn open_with_queue(
        path: &str,
        limit: usize,
        max_queued: usize,
    ) -> Result<(SqliteStore, Vec<StoredGame>), StoreError> {
        SqliteStore::open_with(path, limit, max_queued, DEFAULT_CACHE_POSITIONS)
    }

    /// Like [`SqliteStore::open`], the position cache keeping at most `cache_positions` answers
    /// (0: none; the rows of a larger bound are forgotten now).
    pub fn open_with_cache(
        path: &str,
        limit: usize,
        cache_positions: u64,
    ) -> Result<(SqliteStore, Vec<StoredGame>), StoreError> {
        SqliteStore::open_with(path, limit, MAX_QUEUED_WRITES, cache_positions)
    }

    fn open_with(
        path: &str,
        limit: usize,
        max_queued: usize,
        cache_positions: u64,
    ) -> Result<(SqliteStore, Vec<StoredGame>), StoreError> {
        let (store, stored) = SqliteStore::open_unread(path, limit, max_queued, cache_positions)?;
        let mut games = Vec::with_capacity(stored.len());
        stored.read(|game| games.push(game))?;
        Ok((store, games))
    }

    /// Like [`SqliteStore::open_with_cache`] (the lock taken, the file checked and migrated, the
    /// cache pruned to its bound, the writer started), but the games are read back later, by
    /// [`StoredGames::read`]: the server listens meanwhile. At most `max_queued` writes wait
    /// for the writer.
    pub fn open_unread(
        path: &str,
        limit: usize,
        max_queued: usize,
        cache_positions: u64,
    ) -> Result<(SqliteStore, StoredGames), StoreError> {
        let lock = if path == ":memory:" {
            None
        } else {
            Some(DbLock::acquire(Path::new(path))?)
        };
        let mut conn =
            connect(path).map_err(|error| StoreError::backend(format!("opening {path}"), error))?;
        check_integrity(&conn)?;
        migrate(&mut conn)?;
        // A bound lowered since the last start (or 0) takes effect now.
        let mut cache = SqliteCache::new(cache_positions);
        cache
            .prune(&conn)
            .map_err(|error| StoreError::backend("bounding the analysis cache", error))?;
        // The games as the file holds them now: a second connection, in a read transaction
        // begun before the writer starts (a private `:memory:` database is empty).
        let reader = if path == ":memory:" {
            None
        } else {
            let reader = connect(path)
                .and_then(|reader| {
                    reader.execute_batch("BEGIN")?;
                    Ok(reader)
                })
                .map_err(|error| StoreError::backend(format!("opening {path}"), error))?;
            Some(reader)
        };
        let count = match &reader {
            None => 0,
            Some(reader) => reader
                .query_row("SELECT COUNT(*) FROM games", [], |row| row.get::<_, i64>(0))
                .map_err(|error| StoreError::backend("counting games", error))?,
        };
        let (queue, batches) = write_queue(max_queued, cache_positions > 0);
        let writer = Writer {
            conn,
            max_live: i64::try_from(limit).unwrap_or(i64::MAX),
            cache,
            health: CommitHealth::default(),
        };
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || batches.run_blocking(writer))
            .map_err(|error| StoreError::backend("starting the writer thread", error))?;
        let store = SqliteStore {
            queue,
            stored_analyses: Arc::default(),
            quarantined: Arc::default(),
            lock: Mutex::new(lock),
        };
        let stored = StoredGames {
            reader,
            limit,
            count: usize::try_from(count).unwrap_or_default().min(limit),
            analyses: Arc::clone(&store.stored_analyses),
            quarantined: Arc::clone(&store.quarantined),
        };
        Ok((store, stored))
    }

    /// Queues a read (or the expiry) behind the writes queued so far; resolves with its answer.
    fn read<T: Send + 'static>(
        &self,
        request: impl FnOnce(Reply<T>) -> Write,
    ) -> Result<tokio::sync::oneshot::Receiver<rusqlite::Result<T>>, StoreError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.queue.push(request(reply))?;
        Ok(answer)
    }
}

impl GameStore for SqliteStore {
    fn save(&self, game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError> {
        let record = GameRecord::of(game.id, game.token, game.state);
        let new = game.base.is_none();
        self.queue.push(Write::Save(Box::new(record), new))
    }

    fn delete(&self, id: &GameId) -> Result<WriteTicket, StoreError> {
        let id = id.to_string();
        self.queue.push(Write::Delete(id))
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
        self.queue.push(Write::Analysis(id, status, nodes))
    }

    fn save_analysed_position(
        &self,
        id: &GameId,
        position: &AnalysedPosition,
    ) -> Result<WriteTicket, StoreError> {
        let (id, row) = (id.to_string(), PositionRecord::of(position));
        self.queue.push(Write::Position(id, row))
    }

    fn cached_answers(&self, keys: &[CacheKey]) -> Pending<'_, Vec<Option<CachedAnswer>>> {
        let misses = || Ok(vec![None; keys.len()]);
        let Some(permit) = self.queue.cache_permit() else {
            return Box::pin(std::future::ready(misses()));
        };
        let keys = keys.to_vec();
        match self.read(|reply| Write::CacheRead {
            keys,
            reply,
            _permit: permit,
        }) {
            Ok(read) => Box::pin(async move { answered(read).await }),
            Err(StoreError::Busy) => {
                tracing::debug!("the write queue is full: the analysis cache misses");
                Box::pin(std::future::ready(misses()))
            }
            Err(error) => Box::pin(std::future::ready(Err(error))),
        }
    }

    fn cache_answer(&self, key: &CacheKey, answer: &CachedAnswer) -> Result<(), StoreError> {
        let Some(permit) = self.queue.cache_permit() else {
            return Ok(());
        };
        let (key, answer) = (key.clone(), answer.clone());
        match self.queue.push(Write::CacheAnswer {
            key,
            answer,
            _permit: permit,
        }) {
            Ok(_) => Ok(()),
            Err(StoreError::Busy) => {
                tracing::debug!("the write queue is full: an analysis answer is not cached");
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    fn reloads(&self) -> bool {
        true
    }

    fn ratings(&self) -> &dyn RatingStore {
        self
    }

    fn practice(&self) -> &dyn PracticeStore {
        self
    }

    fn close(&self) {
        self.lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }

    fn lookup(&self, id: &GameId, cached: Option<u64>) -> Pending<'_, Lookup> {
        if cached.is_some() {
            // Alone, the cached copy is the truth.
            return Box::pin(std::future::ready(Ok(Lookup::Unchanged)));
        }
        let read = self.read(|reply| Write::LoadGame(id.to_string(), reply));
        Box::pin(async move {
            let Some((record, updated_at)) = answered(read?).await? else {
                return Ok(Lookup::Missing);
            };
            let silent = unix_millis().saturating_sub(updated_at);
            let game = record.rebuild().map_err(|invalid| {
                tracing::error!(game = %record.id, reason = %invalid.reason, "a stored game does not load");
                StoreError::backend("reading a game", invalid.reason)
            })?;
            Ok(Lookup::Changed(Box::new(Fresh {
                game,
                searched_elsewhere: false,
                silent: Duration::from_millis(u64::try_from(silent).unwrap_or_default()),
            })))
        })
    }

    fn load_analysis(&self, id: &GameId) -> Pending<'_, Option<AnalysisRecord>> {
        let read = self.read(|reply| Write::LoadAnalysis(id.to_string(), reply));
        Box::pin(async move { answered(read?).await })
    }

    fn ping(&self) -> Pending<'_, ()> {
        let read = self.read(Write::Ping);
        Box::pin(async move { answered(read?).await })
    }

    fn expire_idle(&self, idle: Duration) -> Pending<'_, u64> {
        let idle_ms = i64::try_from(idle.as_millis()).unwrap_or(i64::MAX);
        let read = self.read(|reply| Write::Expire(idle_ms, reply));
        Box::pin(async move { answered(read?).await })
    }

    fn take_stored_analyses(&self) -> Vec<AnalysisRecord> {
        std::mem::take(
            &mut *self
                .stored_analyses
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }

    fn take_quarantined(&self) -> Vec<QuarantinedGame> {
        std::mem::take(
            &mut *self
                .quarantined
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }
}
