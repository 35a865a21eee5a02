//! The embedded durable store: one SQLite file (WAL, `synchronous=FULL`), written by one thread.
//!
//! Requests never touch the disk: [`GameStore::save`] queues the change on the shared write
//! queue (`write_queue.rs`: tickets, the bound of [`MAX_QUEUED_WRITES`] past which a change is
//! refused at once with 503 `storage_busy`, each ticket's exact outcome); the writer thread commits
//! whatever has queued up in one transaction (so many games moving at once share an fsync), and a
//! request awaits its ticket before it answers, so every acknowledged change is on disk. What
//! this file adds is the [`Commit`] of a batch: the statements, the live-game cap counted in the
//! transaction ([`Refusal::Full`]), and the reads that ride the queue.
//!
//! Memory is a cache of the file ([`GameStore::reloads`]): a game dropped from memory is read back
//! through the same queue (the read answers after the writes queued before it are committed, so
//! it never sees an older game than memory had), the cap on unfinished games is counted in the
//! writer's transaction, and idle games are forgotten by the age of their last change.
//!
//! The position cache (`position_cache.rs`, `sqlite_cache.rs`) goes through the same queue, for
//! its reads too: every statement on the file then runs on one connection, which is also what
//! makes it work on a private `:memory:` database (a second connection would see another, empty
//! database), and a read of a chunk's keys costs one queue turn (the batch's commit, then a
//! primary-key lookup per key) rather than a second connection and a blocking thread. A hit's
//! "use" is written in the batch that reads it. Cache writes and reads are best effort: they
//! take at most a quarter of the queue ([`CacheQuota`]); past that an answer is dropped and a
//! read misses (logged at debug), and they run in a savepoint, so a cache statement that fails
//! never fails a game's change in the same batch.

mod cache;
mod health;
mod practice;
mod ratings;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags, TransactionBehavior};

use crate::analysis::{AnalysedPosition, AnalysisStatus};
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::model::ladder::{Glicko2, KeyRating, RatedGame};
use crate::games::model::players::Players;
use crate::games::model::variant::Variant;
use crate::games::store::analysis_record::{status_name, AnalysisRecord, PositionRecord};
use crate::games::store::cache_quota::CachePermit;
use crate::games::store::db_lock::DbLock;
use crate::games::store::migrations::migrate;
use crate::games::store::position_cache::{CacheKey, CachedAnswer, DEFAULT_CACHE_POSITIONS};
use crate::games::store::practice_record::PracticeRecord;
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::{GameRecord, StoredGame};
use crate::games::store::sqlite::cache::SqliteCache;
use crate::games::store::sqlite::health::CommitHealth;
use crate::games::store::write_queue::{
    write_queue, Commit, Queued, Refusal, Refusals, WriteQueue,
};
use crate::games::store::{
    Durable, Fresh, GameSnapshot, GameStore, Lookup, Pending, PracticeStore, RatingStore,
    WriteTicket,
};

pub use crate::games::store::write_queue::MAX_QUEUED_WRITES;

/// One queued change, or a read that must see every change queued before it.
enum Write {
    /// A game as it is now; `true` for a new game (refused when the live-game cap is reached).
    /// Boxed: a record is several times the size of every other write.
    Save(Box<GameRecord>, bool),
    /// Forgets a game and its analysis.
    Delete(String),
    /// A game's analysis status: (game id, status, nodes).
    Analysis(String, &'static str, i64),
    /// One analysed position of a game's analysis.
    Position(String, PositionRecord),
    /// Reads a game dropped from memory (or never loaded), after the writes queued before it.
    LoadGame(String, Reply<Option<(GameRecord, i64)>>),
    /// Reads a game's analysis, after the writes queued before it.
    LoadAnalysis(String, Reply<Option<AnalysisRecord>>),
    /// Forgets the games (and their analyses) nobody changed for this many milliseconds.
    Expire(i64, Reply<u64>),
    /// Answers once the writer reaches it and the file answers a query (readiness).
    Ping(Reply<()>),
    /// Reads a key's rating (by its token hash).
    LoadRating(String, Reply<Option<KeyRating>>),
    /// Counts a rated game for a key (once per game), answering the rating after it.
    Rate(String, Box<RatedGame>, Reply<KeyRating>),
    /// Keeps a practice card's schedule (boxed, as a game record is).
    Practice(Box<PracticeRecord>),
    /// Reads the practice cards' schedules of these games.
    LoadPractice(Vec<String>, Reply<Vec<PracticeRecord>>),
    /// Starts a key with no rated game from an estimate, answering its rating.
    Estimate(String, Glicko2, Reply<KeyRating>),
    /// Keeps an answer in the position cache.
    CacheAnswer {
        key: CacheKey,
        answer: CachedAnswer,
        _permit: CachePermit,
    },
    /// Reads the position cache (and marks the hits used).
    CacheRead {
        keys: Vec<CacheKey>,
        reply: Reply<Vec<Option<CachedAnswer>>>,
        _permit: CachePermit,
    },
}

impl Write {
    /// Whether it changes the file (the others are reads, answered after the commit).
    fn is_change(&self) -> bool {
        matches!(
            self,
            Write::Save(..)
                | Write::Delete(..)
                | Write::Analysis(..)
                | Write::Position(..)
                | Write::Practice(..)
        )
    }
}

/// Where the writer thread sends the answer of a read.
type Reply<T> = tokio::sync::oneshot::Sender<rusqlite::Result<T>>;

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

/// The games a [`SqliteStore`] held when it opened, still to be read back (replayed).
pub struct StoredGames {
    /// In a read transaction since the store opened: the file as it was then.
    reader: Option<Connection>,
    limit: usize,
    count: usize,
    analyses: Arc<Mutex<Vec<AnalysisRecord>>>,
    quarantined: Arc<Mutex<Vec<QuarantinedGame>>>,
}

impl StoredGames {
    /// How many games there are to read back (the `limit` most recently changed at most).
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Reads the games back, the most recently changed first, handing each that loads to `each`;
    /// then their analyses and the games that did not load are waiting in the store (see
    /// [`GameStore::take_stored_analyses`] and [`GameStore::take_quarantined`]). Blocking.
    pub fn read(self, mut each: impl FnMut(StoredGame)) -> Result<(), StoreError> {
        let Some(reader) = self.reader else {
            return Ok(());
        };
        let mut ids = Vec::new();
        let quarantined = load(&reader, self.limit, |game| {
            ids.push(game.id.to_string());
            each(game);
        })
        .map_err(|error| StoreError::backend("reading games", error))?;
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let analyses = load_analyses(&reader, &ids)
            .map_err(|error| StoreError::backend("reading analyses", error))?;
        self.analyses
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(analyses);
        self.quarantined
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(quarantined);
        Ok(())
    }
}

/// Owns the connection; the write queue's batches are committed on its thread.
struct Writer {
    conn: Connection,
    /// The most unfinished games the database may hold (`--max-games`).
    max_live: i64,
    /// The position cache's table.
    cache: SqliteCache,
    /// Whether the last batch of changes committed (readiness, see `health.rs`).
    health: CommitHealth,
}

impl Commit for Writer {
    type Write = Write;

    /// One transaction for the batch's changes, then the batch's reads are answered.
    fn commit(&mut self, batch: Vec<Queued<Write>>) -> Result<Refusals, StoreError> {
        let mut cached = HashMap::new();
        let committed = commit(
            &mut self.conn,
            &batch,
            self.max_live,
            &mut self.cache,
            &mut cached,
        )
        .map_err(|error| {
            self.cache.forget_counts();
            StoreError::backend("committing game changes", error)
        });
        let changes = batch.iter().any(|queued| queued.write.is_change());
        self.health.record(changes, committed.is_ok());
        // Reads answer after the commit: they see exactly what is durable.
        for queued in batch {
            self.answer(queued, &mut cached);
        }
        committed
    }
}

/// The writer's answer to a read.
async fn answered<T>(
    answer: tokio::sync::oneshot::Receiver<rusqlite::Result<T>>,
) -> Result<T, StoreError> {
    answer
        .await
        .map_err(|_| StoreError::Stopped)?
        .map_err(|error| StoreError::backend("reading the database", error))
}

impl Writer {
    /// Answers a read or runs the expiry (writes were committed already); `cached` holds the
    /// batch's cache reads by ticket (one missing, its batch failed, misses).
    fn answer(
        &mut self,
        Queued { ticket, write }: Queued<Write>,
        cached: &mut HashMap<WriteTicket, Vec<Option<CachedAnswer>>>,
    ) {
        match write {
            Write::CacheRead { keys, reply, .. } => {
                let answers = cached
                    .remove(&ticket)
                    .unwrap_or_else(|| vec![None; keys.len()]);
                let _gone = reply.send(Ok(answers));
            }
            Write::LoadGame(id, reply) => {
                let _gone = reply.send(load_game(&self.conn, &id));
            }
            Write::LoadAnalysis(id, reply) => {
                let _gone = reply
                    .send(load_analyses(&self.conn, &[id.as_str()]).map(|mut found| found.pop()));
            }
            Write::Expire(idle_ms, reply) => {
                let _gone = reply.send(expire(&mut self.conn, idle_ms));
            }
            Write::Ping(reply) => {
                let _gone = reply.send(self.health.ping(&mut self.conn));
            }
            Write::LoadRating(key, reply) => {
                let _gone = reply.send(ratings::load_rating(&self.conn, &key));
            }
            Write::Rate(key, game, reply) => {
                let _gone = reply.send(ratings::rate(&mut self.conn, &key, &game, unix_millis()));
            }
            Write::LoadPractice(games, reply) => {
                let _gone = reply.send(practice::load(&self.conn, &games));
            }
            Write::Estimate(key, start, reply) => {
                let now = unix_millis();
                let _gone = reply.send(ratings::estimate(&mut self.conn, &key, &start, now));
            }
            Write::Practice(..)
            | Write::Save(..)
            | Write::Delete(..)
            | Write::Analysis(..)
            | Write::Position(..)
            | Write::CacheAnswer { .. } => {}
        }
    }
}

/// Forgets the games (with their analyses) nobody changed for `idle_ms`; how many.
fn expire(conn: &mut Connection, idle_ms: i64) -> rusqlite::Result<u64> {
    let before = unix_millis().saturating_sub(idle_ms);
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let idle = "SELECT id FROM games WHERE updated_at < ?1";
    tx.execute(
        &format!("DELETE FROM analysed_positions WHERE game_id IN ({idle})"),
        [before],
    )?;
    tx.execute(
        &format!("DELETE FROM analyses WHERE game_id IN ({idle})"),
        [before],
    )?;
    tx.execute(
        &format!("DELETE FROM practice_cards WHERE game_id IN ({idle})"),
        [before],
    )?;
    let expired = tx.execute("DELETE FROM games WHERE updated_at < ?1", [before])?;
    tx.commit()?;
    Ok(u64::try_from(expired).unwrap_or(u64::MAX))
}

/// One stored game's row and when it last changed (Unix ms), if it is stored.
fn load_game(conn: &Connection, id: &str) -> rusqlite::Result<Option<(GameRecord, i64)>> {
    let mut query = conn.prepare_cached(&format!(
        "SELECT {GAME_COLUMNS}, updated_at FROM games WHERE id = ?1"
    ))?;
    let mut rows = query.query_map([id], |row| Ok((game_record(row)?, row.get(18)?)))?;
    rows.next().transpose()
}

/// The columns [`game_record`] reads, in its order.
const GAME_COLUMNS: &str = "id, token_hash, initial_fen, moves, player_color, level, status,
    result, imported_plies, first_ply, reason, time_control, clocks, players, variant, version,
    tree, casual";

fn game_record(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRecord> {
    Ok(GameRecord {
        id: row.get(0)?,
        token_hash: row.get(1)?,
        initial_fen: row.get(2)?,
        moves: row.get(3)?,
        player_color: row.get(4)?,
        level: row.get(5)?,
        status: row.get(6)?,
        result: row.get(7)?,
        imported_plies: row.get(8)?,
        first_ply: row.get(9)?,
        reason: row.get(10)?,
        time_control: row.get(11)?,
        clocks: row.get(12)?,
        players: players_from_column(row.get(13)?)?,
        variant: variant_from_column(row.get(14)?)?,
        version: row.get(15)?,
        tree: row.get(16)?,
        casual: row.get(17)?,
    })
}

/// The `variant` column (see `SCHEMA_V8_VARIANT`) read back; NULL in older rows, any other
/// text is a value of the wrong type, like any other column's.
fn variant_from_column(text: Option<String>) -> rusqlite::Result<Option<Variant>> {
    text.map(|text| {
        Variant::parse(&text).ok_or_else(|| {
            let error = format!("unknown variant {text:?}");
            rusqlite::Error::FromSqlConversionFailure(14, rusqlite::types::Type::Text, error.into())
        })
    })
    .transpose()
}

/// The `players` column (JSON, see `SCHEMA_V7_PLAYERS`) read back; text that is no such JSON
/// is a value of the wrong type, like any other column's.
fn players_from_column(text: Option<String>) -> rusqlite::Result<Option<Players>> {
    text.map(|text| serde_json::from_str(&text))
        .transpose()
        .map_err(|error| {
            rusqlite::Error::FromSqlConversionFailure(13, rusqlite::types::Type::Text, error.into())
        })
}

/// The `players` column written.
fn players_to_column(players: Option<&Players>) -> Option<String> {
    players.map(|players| serde_json::to_string(players).expect("players are two strings"))
}

/// Writes one batch's changes in one transaction; the new games refused because `max_live`
/// unfinished games are stored. The batch's cache reads answer into `cached`.
fn commit(
    conn: &mut Connection,
    batch: &[Queued<Write>],
    max_live: i64,
    cache: &mut SqliteCache,
    cached: &mut HashMap<WriteTicket, Vec<Option<CachedAnswer>>>,
) -> rusqlite::Result<Refusals> {
    // IMMEDIATE: the write lock is taken at BEGIN, where a busy file is waited out (the busy
    // timeout). A deferred transaction that reads first (the count of live games) and then
    // writes gets SQLITE_BUSY at once when another connection holds the lock: SQLite does not
    // wait for a lock to upgrade a read, and the whole batch failed.
    let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut full = Vec::new();
    {
        let mut live = tx.prepare_cached("SELECT count(*) FROM games WHERE status = 'ongoing'")?;
        let now = unix_millis();
        let mut upsert = tx.prepare_cached(
            "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level, status,
                                result, created_at, updated_at, imported_plies, first_ply,
                                reason, time_control, clocks, players, variant, version, tree,
                                casual)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                     ?17, ?18, ?19)
             ON CONFLICT (id) DO UPDATE SET moves = excluded.moves, status = excluded.status,
                 result = excluded.result, updated_at = excluded.updated_at,
                 first_ply = excluded.first_ply, reason = excluded.reason,
                 clocks = excluded.clocks, version = excluded.version, tree = excluded.tree,
                 casual = excluded.casual",
        )?;
        let mut delete = tx.prepare_cached("DELETE FROM games WHERE id = ?1")?;
        let mut delete_analysis = tx.prepare_cached("DELETE FROM analyses WHERE game_id = ?1")?;
        let mut delete_positions =
            tx.prepare_cached("DELETE FROM analysed_positions WHERE game_id = ?1")?;
        // Only for a stored game: an analysis outliving its game by a moment writes nothing.
        let mut analysis = tx.prepare_cached(
            "INSERT INTO analyses (game_id, status, nodes, updated_at)
             SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1)
             ON CONFLICT (game_id) DO UPDATE SET status = excluded.status,
                 nodes = excluded.nodes, updated_at = excluded.updated_at",
        )?;
        let mut position = tx.prepare_cached(
            "INSERT OR REPLACE INTO analysed_positions
                 (game_id, position, cp, mate, best, pv, depth, nodes, second_cp, second_mate)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
             WHERE EXISTS (SELECT 1 FROM analyses WHERE game_id = ?1)",
        )?;
        for Queued { ticket, write } in batch {
            match write {
                Write::Save(r, new) => {
                    if *new && r.status == "ongoing" {
                        let stored: i64 = live.query_row([], |row| row.get(0))?;
                        if stored >= max_live {
                            full.push((*ticket, Refusal::Full));
                            continue;
                        }
                    }
                    upsert.execute(params![
                        r.id,
                        r.token_hash,
                        r.initial_fen,
                        r.moves,
                        r.player_color,
                        r.level,
                        r.status,
                        r.result,
                        now,
                        r.imported_plies,
                        r.first_ply,
                        r.reason,
                        r.time_control,
                        r.clocks,
                        players_to_column(r.players.as_ref()),
                        r.variant.map(Variant::name),
                        r.version,
                        r.tree,
                        r.casual
                    ])?;
                }
                Write::Delete(id) => {
                    practice::delete(&tx, id)?;
                    delete_positions.execute([id])?;
                    delete_analysis.execute([id])?;
                    delete.execute([id])?;
                }
                Write::Analysis(id, status, nodes) => {
                    analysis.execute(params![id, status, nodes, now])?;
                }
                Write::Position(id, p) => {
                    position.execute(params![
                        id,
                        p.position,
                        p.cp,
                        p.mate,
                        p.best,
                        p.pv,
                        p.depth,
                        p.nodes,
                        p.second_cp,
                        p.second_mate
                    ])?;
                }
                Write::Practice(record) => practice::save(&tx, record)?,
                Write::LoadGame(..)
                | Write::LoadAnalysis(..)
                | Write::LoadPractice(..)
                | Write::Expire(..)
                | Write::Ping(..)
                | Write::LoadRating(..)
                | Write::Rate(..)
                | Write::Estimate(..)
                | Write::CacheAnswer { .. }
                | Write::CacheRead { .. } => {}
            }
        }
    }
    let caches = batch.iter().any(|queued| {
        matches!(
            queued.write,
            Write::CacheAnswer { .. } | Write::CacheRead { .. }
        )
    });
    if caches {
        let savepoint = tx.savepoint()?;
        match commit_cache(&savepoint, batch, cache, cached) {
            Ok(()) => savepoint.commit()?,
            Err(error) => {
                // Dropping the savepoint rolls the cache's part back; the games' part stands.
                cache.forget_counts();
                tracing::warn!(%error, "could not write the analysis cache");
            }
        }
    }
    tx.commit()?;
    Ok(full)
}

/// The batch's cache writes and reads, in order; then the bound, if an answer was added.
fn commit_cache(
    conn: &Connection,
    batch: &[Queued<Write>],
    cache: &mut SqliteCache,
    cached: &mut HashMap<WriteTicket, Vec<Option<CachedAnswer>>>,
) -> rusqlite::Result<()> {
    let mut stored = false;
    for Queued { ticket, write } in batch {
        match write {
            Write::CacheAnswer { key, answer, .. } => {
                cache.store(conn, key, answer)?;
                stored = true;
            }
            Write::CacheRead { keys, .. } => {
                cached.insert(*ticket, cache.read(conn, keys)?);
            }
            _ => {}
        }
    }
    if stored {
        cache.prune(conn)?;
    }
    Ok(())
}

/// Opens the file with the settings durability needs.
fn connect(path: &str) -> rusqlite::Result<Connection> {
    let conn = if path == ":memory:" {
        Connection::open_in_memory()?
    } else {
        Connection::open_with_flags(
            Path::new(path),
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?
    };
    // WAL: readers never wait for the writer; FULL: a commit is fsynced before it returns.
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

/// Refuses a damaged file before anything is read from it: SQLite's `quick_check` (every page
/// and row readable, every index entry's row there, in time linear in the file). A damaged page
/// would otherwise end the read of the games at the first row on it and the server would come up
/// "healthy" with the games after it missing; refusing is the only answer that loses nothing
/// silently (`sqlite3 <db> .recover` salvages what is readable, for an operator to look at).
fn check_integrity(conn: &Connection) -> Result<(), StoreError> {
    /// Problems listed in the error (the first ones say enough).
    const SHOWN: usize = 10;
    let problems: Vec<String> = conn
        .prepare(&format!("PRAGMA quick_check({SHOWN})"))
        .and_then(|mut check| check.query_map([], |row| row.get(0))?.collect())
        .unwrap_or_else(|error| vec![error.to_string()]);
    if problems == ["ok"] {
        Ok(())
    } else {
        Err(StoreError::Corrupt { problems })
    }
}

/// The `limit` most recently changed games, each handed to `each` as it is rebuilt, and those
/// among them whose row does not rebuild: each reported at error level with its id and reason,
/// and quarantined (see `quarantine.rs`).
fn load(
    conn: &Connection,
    limit: usize,
    mut each: impl FnMut(StoredGame),
) -> rusqlite::Result<Vec<QuarantinedGame>> {
    let mut query = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games ORDER BY updated_at DESC, id LIMIT ?1"
    ))?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = query.query_map([limit], game_record)?;
    let mut quarantined = Vec::new();
    for row in rows {
        // A row that cannot be read at all (past `quick_check`: a value of the wrong type)
        // stops the start-up, naming the error: a game is never silently left out.
        let record = row?;
        match record.rebuild() {
            Ok(game) => each(game),
            Err(invalid) => {
                tracing::error!(game = %record.id, reason = %invalid.reason,
                    "a stored game does not load: quarantined (kept on disk, read-only, its PGN exportable)");
                if let Some(id) = GameId::parse(&record.id) {
                    quarantined.push(QuarantinedGame {
                        id,
                        reason: invalid.reason,
                        record,
                    });
                }
            }
        }
    }
    Ok(quarantined)
}

/// The analyses of the games `ids`, their positions in order.
fn load_analyses(conn: &Connection, ids: &[&str]) -> rusqlite::Result<Vec<AnalysisRecord>> {
    let mut analysis = conn.prepare("SELECT status, nodes FROM analyses WHERE game_id = ?1")?;
    let mut positions = conn.prepare(
        "SELECT position, cp, mate, best, pv, depth, nodes, second_cp, second_mate
         FROM analysed_positions WHERE game_id = ?1 ORDER BY position",
    )?;
    let mut records = Vec::new();
    for &id in ids {
        let mut rows = analysis.query([id])?;
        let Some(row) = rows.next()? else { continue };
        let (status, nodes): (String, i64) = (row.get(0)?, row.get(1)?);
        let positions = positions
            .query_map([id], |row| {
                Ok(PositionRecord {
                    position: row.get(0)?,
                    cp: row.get(1)?,
                    mate: row.get(2)?,
                    best: row.get(3)?,
                    pv: row.get(4)?,
                    depth: row.get(5)?,
                    nodes: row.get(6)?,
                    second_cp: row.get(7)?,
                    second_mate: row.get(8)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        records.push(AnalysisRecord {
            game_id: id.to_owned(),
            status,
            nodes,
            positions,
        });
    }
    Ok(records)
}

fn unix_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::level::Level;
    use crate::games::model::state::GameState;
    use crate::games::store::write_queue::MAX_BATCH;
    use crate::token::TokenHash;
    use alphachess_engine::{Color, Game};

    fn snapshot_of<'a>(
        id: &'a GameId,
        token: &'a TokenHash,
        state: &'a GameState,
    ) -> GameSnapshot<'a> {
        GameSnapshot {
            id,
            token,
            state,
            base: None,
            copy: 0,
        }
    }

    fn moves_on_disk(path: &Path, id: &str) -> Option<String> {
        let conn = Connection::open(path).expect("a second connection");
        conn.query_row("SELECT moves FROM games WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .ok()
    }

    #[tokio::test]
    async fn a_change_is_on_disk_when_its_ticket_resolves_and_the_last_change_wins() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let (store, loaded) = SqliteStore::open(path.to_str().expect("utf-8"), 10).expect("opens");
        assert!(loaded.is_empty());
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let token = TokenHash::of("t");
        let mut state = GameState::new(Game::default(), Color::White, Level::MAX);
        let mut last = WriteTicket::default();
        for text in ["e4", "e5", "Nf3"] {
            let player = state.game().position().turn();
            state = GameState::new(state.game().clone(), player, Level::MAX);
            state
                .play_player_move(&text.parse().expect("notation"), None)
                .expect("legal");
            last = store
                .save(&snapshot_of(&id, &token, &state))
                .expect("queued");
        }
        store.durable(last).await.expect("committed");
        assert_eq!(
            moves_on_disk(&path, "abcdefghijkl").as_deref(),
            Some("e2e4 e7e5 g1f3")
        );

        let gone = store.delete(&id).expect("queued");
        store.durable(gone).await.expect("committed");
        assert_eq!(moves_on_disk(&path, "abcdefghijkl"), None);
    }

    #[tokio::test]
    async fn a_flush_waits_for_every_queued_write() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let (store, _) = SqliteStore::open(path.to_str().expect("utf-8"), 10).expect("opens");
        store.flush().await.expect("nothing to wait for");
        let token = TokenHash::of("t");
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let ids = ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"]
            .map(|id| GameId::parse(id).expect("an id"));
        for id in &ids {
            store
                .save(&snapshot_of(id, &token, &state))
                .expect("queued");
        }
        store.flush().await.expect("committed");
        for id in &ids {
            assert_eq!(
                moves_on_disk(&path, id.as_str()).as_deref(),
                Some(""),
                "{id}"
            );
        }
    }

    #[tokio::test]
    async fn a_commit_that_fails_is_reported_to_whoever_waits_for_it() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let (store, _) = SqliteStore::open(path.to_str().expect("utf-8"), 10).expect("opens");
        Connection::open(&path)
            .and_then(|conn| conn.execute_batch("DROP TABLE games"))
            .expect("the table is dropped behind the store's back");
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let ticket = store
            .save(&snapshot_of(&id, &TokenHash::of("t"), &state))
            .expect("queued");
        assert!(store.durable(ticket).await.is_err());
    }

    #[tokio::test]
    async fn a_full_write_queue_refuses_at_once_and_every_accepted_write_still_lands() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let path = path.to_str().expect("utf-8");
        let (store, _) = SqliteStore::open_with_queue(path, 10, 4).expect("opens");
        // Another connection holds the write lock: the writer stalls on its first batch.
        let blocker = Connection::open(path).expect("a second connection");
        blocker
            .execute_batch("BEGIN IMMEDIATE")
            .expect("takes the write lock");
        let token = TokenHash::of("t");
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let mut accepted = Vec::new();
        let refused = loop {
            assert!(
                accepted.len() <= MAX_BATCH + 4 + 1,
                "the queue never filled up"
            );
            let started = std::time::Instant::now();
            match store.save(&snapshot_of(&id, &token, &state)) {
                Ok(ticket) => accepted.push(ticket),
                Err(error) => break (error, started.elapsed()),
            }
        };
        assert!(matches!(refused.0, StoreError::Busy), "{:?}", refused.0);
        assert!(
            refused.1 < std::time::Duration::from_millis(50),
            "refused at once, not after waiting: {:?}",
            refused.1
        );
        blocker.execute_batch("ROLLBACK").expect("lets go");
        for ticket in accepted {
            store
                .durable(ticket)
                .await
                .expect("an accepted write lands");
        }
        let after = store
            .save(&snapshot_of(&id, &token, &state))
            .expect("room again");
        store.durable(after).await.expect("committed");
    }

    #[tokio::test]
    async fn a_tickets_outcome_is_exact_however_many_batches_failed_since() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let path = path.to_str().expect("utf-8");
        let (store, _) = SqliteStore::open(path, 10).expect("opens");
        let token = TokenHash::of("t");
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let save = || {
            store
                .save(&snapshot_of(&id, &token, &state))
                .expect("queued")
        };
        let kept = save();
        store.durable(kept).await.expect("committed");

        let side = Connection::open(path).expect("a second connection");
        side.execute_batch("ALTER TABLE games RENAME TO games_away")
            .expect("the table goes away behind the store's back");
        let lost = save();
        assert!(store.durable(lost).await.is_err());
        // Many more failed batches, one at a time, than any bounded memory of failures holds.
        for _ in 0..1100 {
            let failed = save();
            assert!(store.durable(failed).await.is_err());
        }
        side.execute_batch("ALTER TABLE games_away RENAME TO games")
            .expect("the table is back");
        let landed = save();
        store.durable(landed).await.expect("committed");

        assert!(store.durable(lost).await.is_err(), "still lost, exactly");
        store
            .durable(kept)
            .await
            .expect("an early success stays a success");
        store
            .durable(landed)
            .await
            .expect("a later success stays a success");
    }

    /// Fool's mate, stored as finished, and its first two positions analysed.
    fn analysed_fools_mate() -> (GameState, Vec<AnalysedPosition>) {
        use crate::uci::{PositionAnalysis, Score};
        use alphachess_engine::UciMove;
        let mut game = Game::default();
        let mut positions = Vec::new();
        for (index, text) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
            let m = text
                .parse::<UciMove>()
                .expect("UCI")
                .to_move(game.position())
                .expect("legal");
            if index < 2 {
                positions.push(AnalysedPosition {
                    index,
                    analysis: PositionAnalysis {
                        score: Score::Cp(10 - 50 * index as i32),
                        best: m,
                        pv: vec![m],
                        depth: 10,
                        nodes: 20_000,
                        second: None,
                    },
                });
            }
            game.play(m).expect("playable");
        }
        (GameState::new(game, Color::White, Level::MAX), positions)
    }

    #[tokio::test]
    async fn an_analysis_is_read_back_with_its_game_and_forgotten_with_it() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let path = path.to_str().expect("utf-8");
        let (store, _) = SqliteStore::open(path, 10).expect("opens");
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let token = TokenHash::of("t");
        let (state, positions) = analysed_fools_mate();
        store
            .save(&snapshot_of(&id, &token, &state))
            .expect("queued");
        store
            .save_analysis(&id, AnalysisStatus::Queued, 20_000)
            .expect("queued");
        store
            .save_analysis(&id, AnalysisStatus::Running, 20_000)
            .expect("queued");
        for position in &positions {
            store.save_analysed_position(&id, position).expect("queued");
        }
        // A game that is not stored gets no analysis.
        let stranger = GameId::parse("zzzzzzzzzzzz").expect("an id");
        store
            .save_analysis(&stranger, AnalysisStatus::Queued, 1)
            .expect("queued");
        store
            .save_analysed_position(&stranger, &positions[0])
            .expect("queued");
        store.flush().await.expect("committed");
        drop(store);

        let (store, games) = SqliteStore::open(path, 10).expect("opens again");
        assert_eq!(games.len(), 1);
        let analyses = store.take_stored_analyses();
        assert_eq!(analyses.len(), 1, "{analyses:?}");
        assert_eq!(analyses[0].status, "running");
        assert_eq!(analyses[0].nodes, 20_000);
        let rows: Vec<PositionRecord> = positions.iter().map(PositionRecord::of).collect();
        assert_eq!(analyses[0].positions, rows);
        let stored = analyses[0]
            .rebuild(games[0].state.game())
            .expect("fits the game");
        assert_eq!(stored.review.progress().done, 2);
        assert!(store.take_stored_analyses().is_empty(), "handed over once");

        let gone = store.delete(&id).expect("queued");
        store.durable(gone).await.expect("committed");
        let conn = Connection::open(path).expect("a second connection");
        let count = |table: &str| -> i64 {
            conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                row.get(0)
            })
            .expect("counted")
        };
        assert_eq!((count("analyses"), count("analysed_positions")), (0, 0));
    }

    #[tokio::test]
    async fn the_analysis_cache_works_in_a_private_memory_database() {
        let (store, _) = SqliteStore::open(":memory:", 10).expect("opens");
        let key = CacheKey::from_stored("ab".repeat(16));
        let answer = CachedAnswer {
            cp: None,
            mate: Some(-2),
            best: "e7e5".into(),
            pv: "e7e5".into(),
            depth: 9,
            nodes: 500,
            second_cp: None,
            second_mate: Some(-1),
        };
        store.cache_answer(&key, &answer).expect("queued");
        let other = CacheKey::from_stored("cd".repeat(16));
        let answers = store.cached_answers(&[other, key]).await.expect("read");
        assert_eq!(answers, [None, Some(answer)]);
    }

    #[test]
    fn stored_games_come_back_most_recent_first_up_to_the_limit() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let path = path.to_str().expect("utf-8");
        drop(SqliteStore::open(path, 10).expect("creates the schema"));
        let conn = Connection::open(path).expect("opens");
        for (n, id) in ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"]
            .iter()
            .enumerate()
        {
            let state = GameState::new(Game::default(), Color::White, Level::MAX);
            let record =
                GameRecord::of(&GameId::parse(id).expect("id"), &TokenHash::of("t"), &state);
            conn.execute(
                "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level,
                                    status, result, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
                params![
                    record.id,
                    record.token_hash,
                    record.initial_fen,
                    record.moves,
                    record.player_color,
                    record.level,
                    record.status,
                    record.result,
                    n as i64
                ],
            )
            .expect("inserted");
        }
        let (_, loaded) = SqliteStore::open(path, 2).expect("opens");
        let ids: Vec<&str> = loaded.iter().map(|game| game.id.as_str()).collect();
        assert_eq!(ids, ["cccccccccccc", "bbbbbbbbbbbb"]);
    }

    #[test]
    fn a_damaged_page_refuses_the_start_naming_the_damage_and_no_game_goes_missing() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let path = path.to_str().expect("utf-8");
        drop(SqliteStore::open(path, 100).expect("creates the schema"));
        let conn = Connection::open(path).expect("opens");
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        for n in 0..60 {
            let id = format!("game{n:08}");
            let record = GameRecord::of(
                &GameId::parse("abcdefghijkl").expect("id"),
                &TokenHash::of("t"),
                &state,
            );
            conn.execute(
                "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level,
                                    status, result, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
                params![
                    id,
                    record.token_hash,
                    record.initial_fen,
                    "g1f3 g8f6 f3g1 f6g8 ".repeat(20),
                    record.player_color,
                    record.level,
                    record.status,
                    record.result,
                    n as i64
                ],
            )
            .expect("inserted");
        }
        drop(conn);
        // Sound, the file opens (these rows are quarantined, as their moves end the game, but
        // every one of them is read).
        let (store, loaded) = SqliteStore::open(path, 100).expect("sound");
        assert_eq!(loaded.len() + store.take_quarantined().len(), 60);
        drop(store);

        // One page of the games' table, past the first rows, overwritten.
        let mut file = std::fs::read(path).expect("the file");
        let page = 4096;
        let victim = file.len() / page - 2;
        file[victim * page..(victim + 1) * page].fill(0xA5);
        std::fs::write(path, file).expect("damaged");

        match SqliteStore::open(path, 100) {
            Err(StoreError::Corrupt { problems }) => {
                assert!(!problems.is_empty() && problems != ["ok"], "{problems:?}");
            }
            Err(other) => panic!("the damage must be named as such: {other}"),
            Ok((_, games)) => panic!("started with {} of 60 games", games.len()),
        }
    }
}
