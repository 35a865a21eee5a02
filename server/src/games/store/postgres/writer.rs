//! How the one task that writes commits a batch of the shared write queue (`write_queue.rs`
//! keeps the tickets, the bound and each ticket's outcome): in one transaction, as the SQLite
//! writer does, each game change conditional on the version it was made on. A write refused
//! inside the committed transaction (another server's change came first, or the live-game cap)
//! is reported per ticket; the position cache follows in a transaction of its own.

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use deadpool_postgres::Pool;

use super::health::CommitHealth;
use crate::games::model::error::StoreError;
use crate::games::store::analysis_record::PositionRecord;
use crate::games::store::cache_quota::CachePermit;
use crate::games::store::position_cache::CachedAnswer;
use crate::games::store::write_queue::{CommitAsync, Queued, Refusal, Refusals};

/// Copies remembered as having lost a race (rare events; this bounds the memory).
const MAX_REMEMBERED: usize = 4096;

/// Serialises the creation of games between servers, so the live-game cap is exact.
const CREATION_LOCK: i64 = 0x616c_7068_6163_6866;

/// A game as its row.
pub struct GameRow {
    pub id: String,
    pub version: i64,
    pub status: String,
    /// The `GameRecord` as JSON.
    pub record: String,
    /// Whether the engine is to move: the write then takes the lease on its reply.
    pub engine_to_move: bool,
}

/// One queued change.
pub enum Write {
    /// A game as it is now, made on `base` (`None`: a new game) by the in-memory copy `copy`.
    Save {
        copy: u64,
        base: Option<u64>,
        row: GameRow,
    },
    /// Forgets a game (its analysis goes with it).
    Delete { id: String },
    /// A game's analysis status.
    Analysis {
        id: String,
        status: &'static str,
        nodes: i64,
    },
    /// One analysed position.
    Position { id: String, row: PositionRecord },
    /// Keeps an answer in the position cache.
    CacheAnswer {
        key: String,
        answer: CachedAnswer,
        _permit: CachePermit,
    },
    /// Marks cached answers used (they were read).
    CacheTouch {
        keys: Vec<String>,
        _permit: CachePermit,
    },
}

impl Write {
    fn is_cache(&self) -> bool {
        matches!(self, Write::CacheAnswer { .. } | Write::CacheTouch { .. })
    }
}

/// What the writer task needs besides the queue: the pool it commits through and the settings
/// of the conditional writes.
pub struct Writer {
    pub pool: Pool,
    /// This server's name in the lease columns.
    pub instance: String,
    /// How long a lease lasts, in milliseconds.
    pub lease_ms: i64,
    /// The most unfinished games the database may hold.
    pub max_live: i64,
    /// In-memory copies one of whose writes lost a race: their later writes build on it.
    pub lost: LostCopies,
    /// Most answers the position cache keeps.
    pub cache_positions: i64,
    /// Where the outcome of each batch of game changes goes, for readiness.
    pub health: Arc<CommitHealth>,
}

/// A bounded set of copies that lost a race.
#[derive(Default)]
pub struct LostCopies {
    set: HashSet<u64>,
    order: VecDeque<u64>,
}

impl LostCopies {
    fn insert(&mut self, copy: u64) {
        if self.set.insert(copy) {
            self.order.push_back(copy);
            if self.order.len() > MAX_REMEMBERED {
                if let Some(old) = self.order.pop_front() {
                    self.set.remove(&old);
                }
            }
        }
    }
}

impl CommitAsync for Writer {
    type Write = Write;

    /// The games in one transaction; then the cache, in a transaction of its own: best effort,
    /// it never fails (nor, by a lock another server's cache write holds, delays) a game's change.
    async fn commit(&mut self, batch: Vec<Queued<Write>>) -> Result<Refusals, StoreError> {
        // A stalled database fails the batch (its requests answer 503 `storage_busy`) instead
        // of holding every write behind it.
        let committed =
            match tokio::time::timeout(super::STORE_TIMEOUT, self.commit_games(&batch)).await {
                // The pool's own timeouts (each idle connection's check, a new connection) can
                // end the wait first: a stalled database all the same.
                Ok(Err(error))
                    if matches!(
                        error.downcast_ref::<deadpool_postgres::PoolError>(),
                        Some(deadpool_postgres::PoolError::Timeout(_))
                    ) =>
                {
                    Err(StoreError::Unanswered {
                        doing: "connecting to commit game changes to PostgreSQL".to_owned(),
                        bound: super::STORE_TIMEOUT,
                    })
                }
                Ok(committed) => committed.map_err(|error| {
                    StoreError::backend("committing game changes to PostgreSQL", error)
                }),
                Err(_) => Err(StoreError::Unanswered {
                    doing: "committing game changes to PostgreSQL".to_owned(),
                    bound: super::STORE_TIMEOUT,
                }),
            };
        let changes = batch.iter().any(|queued| !queued.write.is_cache());
        self.health.record(changes, committed.is_ok());
        if batch.iter().any(|queued| queued.write.is_cache()) {
            let cached = tokio::time::timeout(super::STORE_TIMEOUT, self.commit_cache(&batch))
                .await
                .unwrap_or_else(|_| Err("the analysis cache timed out".into()));
            if let Err(error) = cached {
                tracing::warn!(%error, "could not write the analysis cache to PostgreSQL");
            }
        }
        committed
    }
}

impl Writer {
    /// The batch's cache writes in one transaction, in order; then the bound, if an answer was
    /// added. Hits are touched in key order, so two servers' touches never deadlock.
    async fn commit_cache(
        &mut self,
        batch: &[Queued<Write>],
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let mut client = self.pool.get().await?;
        let tx = client.transaction().await?;
        let mut stored = false;
        for Queued { write, .. } in batch {
            match write {
                Write::CacheAnswer { key, answer, .. } => {
                    tx.execute(
                        "INSERT INTO analysis_cache
                             (key, cp, mate, best, pv, depth, nodes, second_cp, second_mate)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                         ON CONFLICT (key) DO UPDATE SET cp = excluded.cp, mate = excluded.mate,
                             best = excluded.best, pv = excluded.pv, depth = excluded.depth,
                             nodes = excluded.nodes, second_cp = excluded.second_cp,
                             second_mate = excluded.second_mate,
                             used = nextval('analysis_cache_used')",
                        &[
                            key,
                            &answer.cp,
                            &answer.mate,
                            &answer.best,
                            &answer.pv,
                            &answer.depth,
                            &answer.nodes,
                            &answer.second_cp,
                            &answer.second_mate,
                        ],
                    )
                    .await?;
                    stored = true;
                }
                Write::CacheTouch { keys, .. } => {
                    let mut keys = keys.clone();
                    keys.sort_unstable();
                    tx.execute(
                        "UPDATE analysis_cache SET used = nextval('analysis_cache_used')
                         WHERE key IN (SELECT key FROM analysis_cache WHERE key = ANY($1)
                                       ORDER BY key FOR UPDATE)",
                        &[&keys],
                    )
                    .await?;
                }
                _ => {}
            }
        }
        if stored {
            tx.execute(PRUNE_CACHE, &[&self.cache_positions]).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Writes one batch's games in one transaction; the refused writes.
    async fn commit_games(
        &mut self,
        batch: &[Queued<Write>],
    ) -> Result<Refusals, Box<dyn std::error::Error + Send + Sync>> {
        let mut client = self.pool.get().await?;
        let tx = client.transaction().await?;
        let creates = batch
            .iter()
            .any(|queued| matches!(queued.write, Write::Save { base: None, .. }));
        if creates {
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&CREATION_LOCK])
                .await?;
        }
        let insert = tx
            .prepare_cached(
                "INSERT INTO games (id, version, status, record, engine_owner, engine_until)
                 SELECT $1, $2, $3, $4::text::jsonb, $5::text,
                        CASE WHEN $5::text IS NULL THEN NULL
                             ELSE now() + $6::bigint * interval '1 millisecond' END
                 WHERE (SELECT count(*) FROM games WHERE status = 'ongoing') < $7::bigint
                 ON CONFLICT (id) DO NOTHING",
            )
            .await?;
        let update = tx
            .prepare_cached(
                "UPDATE games SET version = $2, status = $3, record = $4::text::jsonb,
                        engine_owner = $5::text,
                        engine_until = CASE WHEN $5::text IS NULL THEN NULL
                             ELSE now() + $6::bigint * interval '1 millisecond' END,
                        updated_at = now()
                 WHERE id = $1 AND version = $7",
            )
            .await?;
        let mut refusals = Vec::new();
        for Queued { ticket, write } in batch {
            match write {
                Write::Save { copy, base, row } => {
                    if self.lost.set.contains(copy) {
                        refusals.push((*ticket, Refusal::Conflict));
                        continue;
                    }
                    let owner = row.engine_to_move.then_some(self.instance.as_str());
                    let common: [&(dyn tokio_postgres::types::ToSql + Sync); 6] = [
                        &row.id,
                        &row.version,
                        &row.status,
                        &row.record,
                        &owner,
                        &self.lease_ms,
                    ];
                    match base {
                        None => {
                            let params = [&common[..], &[&self.max_live]].concat();
                            if tx.execute(&insert, &params).await? == 0 {
                                refusals.push((*ticket, Refusal::Full));
                            }
                        }
                        Some(base) => {
                            let base = i64::try_from(*base).unwrap_or(i64::MAX);
                            let params = [&common[..], &[&base]].concat();
                            if tx.execute(&update, &params).await? == 0 {
                                self.lost.insert(*copy);
                                refusals.push((*ticket, Refusal::Conflict));
                            }
                        }
                    }
                }
                Write::Delete { id, .. } => {
                    tx.execute("DELETE FROM games WHERE id = $1", &[id]).await?;
                }
                Write::Analysis {
                    id, status, nodes, ..
                } => {
                    tx.execute(
                        "INSERT INTO analyses (game_id, status, nodes, updated_at)
                         SELECT $1, $2, $3, now() WHERE EXISTS (SELECT 1 FROM games WHERE id = $1)
                         ON CONFLICT (game_id) DO UPDATE SET status = excluded.status,
                             nodes = excluded.nodes, updated_at = excluded.updated_at",
                        &[id, status, nodes],
                    )
                    .await?;
                }
                Write::CacheAnswer { .. } | Write::CacheTouch { .. } => {}
                Write::Position { id, row, .. } => {
                    tx.execute(
                        "INSERT INTO analysed_positions
                             (game_id, position, cp, mate, best, pv, depth, nodes, second_cp,
                              second_mate)
                         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
                         WHERE EXISTS (SELECT 1 FROM analyses WHERE game_id = $1)
                         ON CONFLICT (game_id, position) DO UPDATE SET cp = excluded.cp,
                             mate = excluded.mate, best = excluded.best, pv = excluded.pv,
                             depth = excluded.depth, nodes = excluded.nodes,
                             second_cp = excluded.second_cp, second_mate = excluded.second_mate",
                        &[
                            id,
                            &row.position,
                            &row.cp,
                            &row.mate,
                            &row.best,
                            &row.pv,
                            &row.depth,
                            &row.nodes,
                            &row.second_cp,
                            &row.second_mate,
                        ],
                    )
                    .await?;
                }
            }
        }
        tx.commit().await?;
        Ok(refusals)
    }
}

/// Forgets the least recently used cached answers past the bound (`$1`).
pub const PRUNE_CACHE: &str = "DELETE FROM analysis_cache WHERE key IN
    (SELECT key FROM analysis_cache ORDER BY used DESC OFFSET $1)";
