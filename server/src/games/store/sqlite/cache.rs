//! The position cache (`position_cache.rs`) in the SQLite file: the `analysis_cache` table
//! (`SCHEMA_V9_ANALYSIS_CACHE`), read and written only by the store's writer thread.
//!
//! Least recently used first: every row has a `used` number, larger for a later use (an insert
//! or a hit); the writer is the file's only writer, so it hands the numbers out itself
//! (`MAX(used) + 1` read once, then counted up) and keeps the number of rows, so the bound is
//! kept by deleting exactly the oldest rows past it, without counting the table each time.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};

use super::write::Write;
use crate::games::store::position_cache::{CacheKey, CachedAnswer};
use crate::games::store::write_queue::Queued;
use crate::games::store::WriteTicket;

/// The writer's view of the cache table.
#[derive(Debug)]
pub struct SqliteCache {
    /// Most rows kept (`--analysis-cache-positions`).
    bound: u64,
    /// Rows in the table and the next `used` number; `None` until read (again, after a failure
    /// rolled back what they counted).
    counts: Option<Counts>,
}

#[derive(Debug, Clone, Copy)]
struct Counts {
    rows: u64,
    next_used: i64,
}

impl SqliteCache {
    /// A cache of at most `bound` answers.
    pub fn new(bound: u64) -> SqliteCache {
        SqliteCache {
            bound,
            counts: None,
        }
    }

    fn counts(&mut self, conn: &Connection) -> rusqlite::Result<Counts> {
        if let Some(counts) = self.counts {
            return Ok(counts);
        }
        let (rows, last): (i64, Option<i64>) = conn.query_row(
            "SELECT count(*), max(used) FROM analysis_cache",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        let counts = Counts {
            rows: u64::try_from(rows).unwrap_or_default(),
            next_used: last.unwrap_or(0) + 1,
        };
        self.counts = Some(counts);
        Ok(counts)
    }

    fn next_used(&mut self, conn: &Connection) -> rusqlite::Result<i64> {
        let mut counts = self.counts(conn)?;
        let used = counts.next_used;
        counts.next_used += 1;
        self.counts = Some(counts);
        Ok(used)
    }

    /// Keeps `answer` under `key` as the most recently used, replacing any row there.
    pub fn store(
        &mut self,
        conn: &Connection,
        key: &CacheKey,
        answer: &CachedAnswer,
    ) -> rusqlite::Result<()> {
        let used = self.next_used(conn)?;
        let values = params![
            key.as_str(),
            answer.cp,
            answer.mate,
            answer.best,
            answer.pv,
            answer.depth,
            answer.nodes,
            used,
            answer.second_cp,
            answer.second_mate
        ];
        let inserted = conn
            .prepare_cached(
                "INSERT OR IGNORE INTO analysis_cache
                     (key, cp, mate, best, pv, depth, nodes, used, second_cp, second_mate)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?
            .execute(values)?;
        if inserted == 1 {
            if let Some(counts) = &mut self.counts {
                counts.rows += 1;
            }
        } else {
            conn.prepare_cached(
                "UPDATE analysis_cache SET cp = ?2, mate = ?3, best = ?4, pv = ?5, depth = ?6,
                        nodes = ?7, used = ?8, second_cp = ?9, second_mate = ?10
                 WHERE key = ?1",
            )?
            .execute(values)?;
        }
        Ok(())
    }

    /// The answers under `keys`, in their order (`None` for a miss); each hit becomes the most
    /// recently used.
    pub fn read(
        &mut self,
        conn: &Connection,
        keys: &[CacheKey],
    ) -> rusqlite::Result<Vec<Option<CachedAnswer>>> {
        let mut answers = Vec::with_capacity(keys.len());
        for key in keys {
            let used = self.next_used(conn)?;
            let answer = conn
                .prepare_cached(
                    "UPDATE analysis_cache SET used = ?2 WHERE key = ?1
                     RETURNING cp, mate, best, pv, depth, nodes, second_cp, second_mate",
                )?
                .query_row(params![key.as_str(), used], |row| {
                    Ok(CachedAnswer {
                        cp: row.get(0)?,
                        mate: row.get(1)?,
                        best: row.get(2)?,
                        pv: row.get(3)?,
                        depth: row.get(4)?,
                        nodes: row.get(5)?,
                        second_cp: row.get(6)?,
                        second_mate: row.get(7)?,
                    })
                })
                .optional()?;
            answers.push(answer);
        }
        Ok(answers)
    }

    /// Forgets the least recently used rows past the bound; how many.
    pub fn prune(&mut self, conn: &Connection) -> rusqlite::Result<u64> {
        let mut counts = self.counts(conn)?;
        let excess = counts.rows.saturating_sub(self.bound);
        if excess == 0 {
            return Ok(0);
        }
        let deleted = conn
            .prepare_cached(
                "DELETE FROM analysis_cache WHERE key IN
                     (SELECT key FROM analysis_cache ORDER BY used LIMIT ?1)",
            )?
            .execute([i64::try_from(excess).unwrap_or(i64::MAX)])?;
        let deleted = u64::try_from(deleted).unwrap_or_default();
        counts.rows = counts.rows.saturating_sub(deleted);
        self.counts = Some(counts);
        Ok(deleted)
    }

    /// What was counted may have been rolled back: count again when next needed.
    pub fn forget_counts(&mut self) {
        self.counts = None;
    }
}

/// The batch's cache writes and reads, in order; then the bound, if an answer was added.
pub(super) fn commit_cache(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::store::migrations::migrate;

    fn answer(cp: i64) -> CachedAnswer {
        CachedAnswer {
            cp: Some(cp),
            mate: None,
            best: "e2e4".into(),
            pv: "e2e4 e7e5".into(),
            depth: 12,
            nodes: 1000,
            second_cp: Some(cp - 200),
            second_mate: None,
        }
    }

    fn key(n: u32) -> CacheKey {
        CacheKey::from_stored(format!("{n:032x}"))
    }

    #[test]
    fn the_oldest_use_goes_first_and_the_count_survives_a_forgotten_count() {
        let mut conn = Connection::open_in_memory().expect("sqlite");
        migrate(&mut conn).expect("schema");
        let mut cache = SqliteCache::new(2);
        cache.store(&conn, &key(1), &answer(1)).expect("stored");
        cache.store(&conn, &key(2), &answer(2)).expect("stored");
        cache.read(&conn, &[key(1)]).expect("read");
        cache.forget_counts();
        cache.store(&conn, &key(3), &answer(3)).expect("stored");
        assert_eq!(cache.prune(&conn).expect("pruned"), 1);
        let kept = cache.read(&conn, &[key(1), key(2), key(3)]).expect("read");
        assert_eq!(kept, [Some(answer(1)), None, Some(answer(3))]);
    }
}
