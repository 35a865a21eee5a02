//! Whether the file takes commits, for `/api/ready` (issue #42, L2). A readiness ping is a read
//! (`SELECT 1`), which a full disk answers as well as ever, while every batch of changes fails
//! to commit: the server stayed "ready" and a load balancer kept sending it players whose moves
//! were lost. So the writer remembers whether the last batch of changes committed, and while it
//! did not, a ping also makes a small write of its own (the schema version, rewritten unchanged,
//! in a transaction of its own) and answers with that write's outcome: not ready until a commit
//! goes through again, and ready as soon as one does, with or without traffic.

use rusqlite::{Connection, TransactionBehavior};

/// The outcome of the last batch of changes, and the probe that replaces it.
#[derive(Debug, Default)]
pub struct CommitHealth {
    failing: bool,
}

impl CommitHealth {
    /// Records a batch's outcome; a batch without changes (reads only) says nothing.
    pub fn record(&mut self, changes: bool, committed: bool) {
        if changes {
            self.failing = !committed;
        }
    }

    /// Answers a readiness ping on `conn`: a query, and while the last changes failed, a
    /// probe commit (whose success clears the failure).
    pub fn ping(&mut self, conn: &mut Connection) -> rusqlite::Result<()> {
        conn.query_row("SELECT 1", [], |_| Ok(()))?;
        if self.failing {
            probe(conn)?;
            self.failing = false;
        }
        Ok(())
    }
}

/// One small real commit: the schema version rewritten as it is.
fn probe(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    tx.pragma_update(None, "user_version", version)?;
    tx.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_batch_of_changes_keeps_the_store_unready_until_a_commit_goes_through() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut conn = Connection::open(dir.path().join("games.db")).expect("opens");
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA user_version = 7")
            .expect("set up");
        let mut health = CommitHealth::default();
        health.ping(&mut conn).expect("healthy");

        // Writes fail, reads answer: a full disk, as far as the writer can tell.
        conn.pragma_update(None, "query_only", true).expect("set");
        health.record(false, false);
        health
            .ping(&mut conn)
            .expect("a batch of reads says nothing");
        health.record(true, false);
        assert!(health.ping(&mut conn).is_err(), "commits fail: not ready");
        assert!(health.ping(&mut conn).is_err(), "still");

        conn.pragma_update(None, "query_only", false).expect("set");
        health
            .ping(&mut conn)
            .expect("the probe commits: ready again");
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .expect("read");
        assert_eq!(version, 7, "the probe changes nothing");
        health.record(true, true);
        health.ping(&mut conn).expect("ready");
    }
}
