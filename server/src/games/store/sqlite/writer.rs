//! The SQLite store's writer thread: it owns the one connection that writes, commits each batch
//! of the write queue in one transaction (the statements, the live-game cap counted in the
//! transaction: [`Refusal::Full`]), and then answers the batch's reads, so a read sees exactly
//! what is durable.

use std::collections::HashMap;

use rusqlite::{params, Connection, TransactionBehavior};

use super::analyses::load_analyses;
use super::cache::{commit_cache, SqliteCache};
use super::connection::unix_millis;
use super::games::{expire, load_game, players_to_column};
use super::health::CommitHealth;
use super::write::Write;
use super::{practice, ratings};
use crate::games::model::error::StoreError;
use crate::games::model::variant::Variant;
use crate::games::store::position_cache::CachedAnswer;
use crate::games::store::write_queue::{Commit, Queued, Refusal, Refusals};
use crate::games::store::WriteTicket;

/// Owns the connection; the write queue's batches are committed on its thread.
pub(super) struct Writer {
    pub(super) conn: Connection,
    /// The most unfinished games the database may hold (`--max-games`).
    pub(super) max_live: i64,
    /// The position cache's table.
    pub(super) cache: SqliteCache,
    /// Whether the last batch of changes committed (readiness, see `health.rs`).
    pub(super) health: CommitHealth,
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
