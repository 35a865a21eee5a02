//! Whether the database takes commits, for `/api/ready` (issue #42, L2), as SQLite's
//! `store/sqlite/health.rs` does. A readiness ping is a read (`SELECT 1`), which a database that
//! refuses every write answers as well as ever: a full disk, or a failover that left this server
//! on a read-only standby. So the writer records whether its last batch of game changes committed,
//! and while it did not, a ping also commits a small write of its own (the schema version
//! rewritten unchanged) and answers with that write's outcome: not ready until a commit goes
//! through again, and ready as soon as one does, with or without traffic.

use std::sync::atomic::{AtomicBool, Ordering};

use deadpool_postgres::Object;

/// The outcome of the writer's last batch of game changes, shared with the pings.
#[derive(Debug, Default)]
pub struct CommitHealth {
    failing: AtomicBool,
}

impl CommitHealth {
    /// Records a batch's outcome; a batch without game changes (the cache's only) says nothing.
    pub fn record(&self, changes: bool, committed: bool) {
        if changes {
            self.failing.store(!committed, Ordering::Relaxed);
        }
    }

    /// While the last game changes failed: one probe commit on `client`, whose success clears
    /// the failure. Otherwise nothing.
    pub async fn probe_if_failing(&self, client: &mut Object) -> Result<(), tokio_postgres::Error> {
        if !self.failing.load(Ordering::Relaxed) {
            return Ok(());
        }
        let tx = client.transaction().await?;
        tx.execute("UPDATE alphachess_schema SET version = version", &[])
            .await?;
        tx.commit().await?;
        self.failing.store(false, Ordering::Relaxed);
        Ok(())
    }
}
