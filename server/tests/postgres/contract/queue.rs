//! The PostgreSQL writer's queue is bounded like SQLite's: past it a change is refused at once,
//! and every change it accepted still lands.

use alphachess_server::games::stores::{GameSnapshot, GameStore, PgStore};
use alphachess_server::games::StoreError;

use super::{Backend, Played};
use crate::cluster::{cluster, connect};

#[tokio::test]
async fn a_full_postgres_write_queue_refuses_at_once_and_every_accepted_write_still_lands() {
    let url = cluster().database().await;
    let mut settings = Backend::pg_settings(&url, 1_000);
    settings.max_queued = 4;
    let store = PgStore::open(&settings).await.expect("opens");
    // Another session holds the games table: the writer stalls on its first batch.
    let mut blocker = connect(&url).await;
    let lock = blocker.transaction().await.expect("a transaction");
    lock.batch_execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        .await
        .expect("takes the lock");
    let mut accepted = Vec::new();
    let refused = loop {
        assert!(accepted.len() <= 600, "the queue never filled up");
        let game = Played::new(&format!("{:0>12}", accepted.len()), 1);
        let started = std::time::Instant::now();
        match store.save(&GameSnapshot {
            id: &game.id,
            token: &game.token,
            state: &game.state,
            base: None,
            copy: game.copy,
        }) {
            Ok(ticket) => accepted.push(ticket),
            Err(error) => break (error, started.elapsed()),
        }
        // Let the writer take what it can, so only its queue fills.
        tokio::task::yield_now().await;
    };
    assert!(matches!(refused.0, StoreError::Busy), "{:?}", refused.0);
    assert!(
        refused.1 < std::time::Duration::from_millis(50),
        "refused at once, not after waiting: {:?}",
        refused.1
    );
    lock.rollback().await.expect("lets go");
    for ticket in accepted {
        store
            .durable(ticket)
            .await
            .expect("an accepted write lands");
    }
}
