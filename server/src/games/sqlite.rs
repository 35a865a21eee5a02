//! The embedded durable store: one SQLite file (WAL, `synchronous=FULL`), written by one thread.
//!
//! Requests never touch the disk: [`GameStore::save`] numbers the change and sends it down a
//! channel; the writer thread commits whatever has queued up in one transaction (so many games
//! moving at once share an fsync) and then announces the highest number it has settled. A request
//! awaits that announcement before it answers, so every acknowledged change is on disk.

use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags};
use tokio::sync::watch;

use super::error::StoreError;
use super::id::GameId;
use super::migrations::migrate;
use super::record::{GameRecord, StoredGame};
use super::store::{Durable, GameSnapshot, GameStore, WriteTicket};

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 512;

/// Failed write ranges remembered for waiters (a failure is rare; this bounds the memory).
const MAX_REMEMBERED_FAILURES: usize = 1024;

/// One queued change.
enum Write {
    Save(u64, GameRecord),
    Delete(u64, String),
}

impl Write {
    fn ticket(&self) -> u64 {
        match self {
            Write::Save(ticket, _) | Write::Delete(ticket, _) => *ticket,
        }
    }
}

/// The channel to the writer and the ticket counter, locked together so tickets go down the
/// channel in order.
struct Queue {
    next: u64,
    sender: mpsc::Sender<Write>,
}

/// Games kept in a SQLite database.
pub struct SqliteStore {
    queue: Mutex<Queue>,
    /// The highest ticket the writer has dealt with (committed or failed).
    settled: watch::Receiver<u64>,
    /// Ticket ranges whose transaction failed.
    failures: Arc<Mutex<Vec<(u64, u64)>>>,
}

impl SqliteStore {
    /// Opens (or creates) the database at `path` (`:memory:` for a private in-memory one),
    /// brings its schema up to date and reads back the `limit` most recently changed games.
    /// Blocking: call it before serving, or from `spawn_blocking`.
    pub fn open(path: &str, limit: usize) -> Result<(SqliteStore, Vec<StoredGame>), StoreError> {
        let mut conn =
            connect(path).map_err(|error| StoreError::backend(format!("opening {path}"), error))?;
        migrate(&mut conn)?;
        let games =
            load(&conn, limit).map_err(|error| StoreError::backend("reading games", error))?;
        let (sender, receiver) = mpsc::channel();
        let (settle, settled) = watch::channel(0);
        let failures = Arc::new(Mutex::new(Vec::new()));
        let writer = Writer {
            conn,
            receiver,
            settle,
            failures: Arc::clone(&failures),
        };
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer.run())
            .map_err(|error| StoreError::backend("starting the writer thread", error))?;
        let store = SqliteStore {
            queue: Mutex::new(Queue { next: 1, sender }),
            settled,
            failures,
        };
        Ok((store, games))
    }

    fn enqueue(&self, write: impl FnOnce(u64) -> Write) -> Result<WriteTicket, StoreError> {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        let ticket = queue.next;
        queue
            .sender
            .send(write(ticket))
            .map_err(|_| StoreError::Stopped)?;
        queue.next += 1;
        Ok(WriteTicket(ticket))
    }
}

impl GameStore for SqliteStore {
    fn save(&self, game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError> {
        let record = GameRecord::of(game.id, game.token, game.state);
        self.enqueue(|ticket| Write::Save(ticket, record))
    }

    fn delete(&self, id: &GameId) -> Result<WriteTicket, StoreError> {
        let id = id.to_string();
        self.enqueue(|ticket| Write::Delete(ticket, id))
    }

    fn durable(&self, ticket: WriteTicket) -> Durable<'_> {
        let mut settled = self.settled.clone();
        Box::pin(async move {
            settled
                .wait_for(|&done| done >= ticket.0)
                .await
                .map_err(|_| StoreError::Stopped)?;
            let failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
            if failures
                .iter()
                .any(|&(first, last)| (first..=last).contains(&ticket.0))
            {
                return Err(StoreError::NotWritten);
            }
            Ok(())
        })
    }

    fn flush(&self) -> Durable<'_> {
        let last = self
            .queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next
            - 1;
        self.durable(WriteTicket(last))
    }
}

/// Owns the connection; commits queued writes in batches until every sender is gone.
struct Writer {
    conn: Connection,
    receiver: mpsc::Receiver<Write>,
    settle: watch::Sender<u64>,
    failures: Arc<Mutex<Vec<(u64, u64)>>>,
}

impl Writer {
    fn run(mut self) {
        while let Ok(first) = self.receiver.recv() {
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match self.receiver.try_recv() {
                    Ok(write) => batch.push(write),
                    Err(_) => break,
                }
            }
            let range = (batch[0].ticket(), batch[batch.len() - 1].ticket());
            if let Err(error) = commit(&mut self.conn, &batch) {
                tracing::error!(%error, writes = batch.len(), "could not commit game changes");
                let mut failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
                if failures.len() >= MAX_REMEMBERED_FAILURES {
                    failures.remove(0);
                }
                failures.push(range);
            }
            self.settle.send_replace(range.1);
        }
    }
}

/// Writes one batch in one transaction.
fn commit(conn: &mut Connection, batch: &[Write]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    {
        let now = unix_millis();
        let mut upsert = tx.prepare_cached(
            "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level, status,
                                result, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)
             ON CONFLICT (id) DO UPDATE SET moves = excluded.moves, status = excluded.status,
                 result = excluded.result, updated_at = excluded.updated_at",
        )?;
        let mut delete = tx.prepare_cached("DELETE FROM games WHERE id = ?1")?;
        for write in batch {
            match write {
                Write::Save(_, r) => {
                    upsert.execute(params![
                        r.id,
                        r.token_hash,
                        r.initial_fen,
                        r.moves,
                        r.player_color,
                        r.level,
                        r.status,
                        r.result,
                        now
                    ])?;
                }
                Write::Delete(_, id) => {
                    delete.execute([id])?;
                }
            }
        }
    }
    tx.commit()
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

/// The `limit` most recently changed games; a row that does not rebuild is logged and skipped.
fn load(conn: &Connection, limit: usize) -> rusqlite::Result<Vec<StoredGame>> {
    let mut query = conn.prepare(
        "SELECT id, token_hash, initial_fen, moves, player_color, level, status, result
         FROM games ORDER BY updated_at DESC, id LIMIT ?1",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = query.query_map([limit], |row| {
        Ok(GameRecord {
            id: row.get(0)?,
            token_hash: row.get(1)?,
            initial_fen: row.get(2)?,
            moves: row.get(3)?,
            player_color: row.get(4)?,
            level: row.get(5)?,
            status: row.get(6)?,
            result: row.get(7)?,
        })
    })?;
    let mut games = Vec::new();
    for row in rows {
        match row
            .map_err(|error| error.to_string())
            .and_then(|record| record.rebuild().map_err(|error| error.to_string()))
        {
            Ok(game) => games.push(game),
            Err(error) => tracing::error!(%error, "skipping a stored game that does not load"),
        }
    }
    Ok(games)
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
    use crate::games::level::Level;
    use crate::games::state::GameState;
    use crate::token::TokenHash;
    use alphachess_engine::{Color, Game};

    fn snapshot_of<'a>(
        id: &'a GameId,
        token: &'a TokenHash,
        state: &'a GameState,
    ) -> GameSnapshot<'a> {
        GameSnapshot { id, token, state }
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
                "INSERT INTO games VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
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
}
