//! What a store shared by several servers promises on top (PostgreSQL only): conditional
//! writes, lookups, the global cap, leases, the change feed.

use std::time::Duration;

use alphachess_server::games::stores::{Change, GameStore, Lookup, PgStore, SharedStore};
use alphachess_server::games::{GameId, StoreError};

use super::{uci_moves, Backend, Played, TEST_LEASE};
use crate::cluster::cluster;

async fn two_servers(max_live: u64) -> (String, PgStore, PgStore) {
    let url = cluster().database().await;
    let settings = Backend::pg_settings(&url, max_live);
    let a = PgStore::open(&settings).await.expect("A opens");
    let b = PgStore::open(&settings).await.expect("B opens");
    (url, a, b)
}

#[tokio::test]
async fn a_change_on_a_version_the_database_no_longer_holds_is_refused_with_the_copys_later_ones() {
    let (url, a, b) = two_servers(100).await;
    let mut on_a = Played::new("gggggggggggg", 1);
    a.durable(on_a.save_new(&a)).await.expect("created");
    let Lookup::Changed(fresh) = b.lookup(&on_a.id, None).await.expect("reads") else {
        panic!("B reads the game");
    };
    assert!(!fresh.searched_elsewhere, "the player is to move");
    let mut on_b = Played {
        state: fresh.game.state,
        ..Played::new("gggggggggggg", 2)
    };
    b.durable(on_b.play(&b, "d4"))
        .await
        .expect("B's move came first");
    let lost = on_a.play(&a, "e4");
    let built_on_it = on_a.play(&a, "e5");
    assert!(matches!(a.durable(lost).await, Err(StoreError::Conflict)));
    assert!(
        matches!(a.durable(built_on_it).await, Err(StoreError::Conflict)),
        "a later change of the copy that lost is refused too, though its version matches"
    );
    let back = Backend::Postgres { url }
        .read_back(&on_a.id)
        .await
        .expect("stored");
    assert_eq!(uci_moves(&back), ["d2d4"]);
    assert_eq!(back.state.version(), 1);
}

#[tokio::test]
async fn a_lookup_sends_the_game_only_when_the_database_holds_a_newer_version() {
    let (_, a, b) = two_servers(100).await;
    let mut game = Played::new("hhhhhhhhhhhh", 1);
    game.save_new(&a);
    a.durable(game.play(&a, "e4")).await.expect("committed");
    assert!(matches!(
        b.lookup(&game.id, Some(1)).await,
        Ok(Lookup::Unchanged)
    ));
    assert!(matches!(
        b.lookup(&game.id, Some(2)).await,
        Ok(Lookup::Unchanged)
    ));
    match b.lookup(&game.id, Some(0)).await {
        Ok(Lookup::Changed(fresh)) => {
            assert_eq!(fresh.game.state.version(), 1);
            assert!(
                fresh.searched_elsewhere,
                "A took the lease on the engine's reply"
            );
        }
        other => panic!("{other:?}"),
    }
    let unknown = GameId::parse("zzzzzzzzzzzz").expect("an id");
    assert!(matches!(
        b.lookup(&unknown, None).await,
        Ok(Lookup::Missing)
    ));
}

#[tokio::test]
async fn the_live_game_cap_is_counted_in_the_database_for_every_server() {
    let (_, a, b) = two_servers(2).await;
    let first = Played::new("iiiiiiiiiiii", 1);
    let second = Played::new("jjjjjjjjjjjj", 2);
    a.durable(first.save_new(&a)).await.expect("room");
    b.durable(second.save_new(&b)).await.expect("room");
    let third = Played::new("kkkkkkkkkkkk", 3);
    assert!(matches!(
        a.durable(third.save_new(&a)).await,
        Err(StoreError::Full)
    ));
    let gone = b.delete(&second.id).expect("queued");
    b.durable(gone).await.expect("committed");
    a.durable(third.save_new(&a))
        .await
        .expect("a place came free");
}

#[tokio::test]
async fn an_expired_lease_is_claimed_once_and_a_renewed_one_not_at_all() {
    let (_, a, b) = two_servers(100).await;
    let mut game = Played::new("llllllllllll", 1);
    game.save_new(&a);
    // White played: the engine (black) is to move, and A's write took the lease on its reply.
    a.durable(game.play(&a, "e4")).await.expect("committed");
    assert!(b.claim_expired_leases(8).await.expect("looks").is_empty());
    let held = tokio::time::timeout(TEST_LEASE * 3, a.hold_lease(&game.id, 1)).await;
    assert!(held.is_err(), "holding never ends by itself");
    assert!(
        b.claim_expired_leases(8).await.expect("looks").is_empty(),
        "A renewed its lease while it searched"
    );
    tokio::time::sleep(TEST_LEASE * 2).await;
    let claimed = b.claim_expired_leases(8).await.expect("looks");
    assert_eq!(claimed.len(), 1, "{claimed:?}");
    assert_eq!((&claimed[0].id, claimed[0].version), (&game.id, 1));
    assert!(
        a.claim_expired_leases(8).await.expect("looks").is_empty(),
        "B holds it now"
    );
}

#[tokio::test]
async fn every_committed_change_is_announced_to_every_server_with_its_version() {
    let (_, a, b) = two_servers(100).await;
    let mut changes = b.changes();
    // The listener says when it starts listening.
    let first = tokio::time::timeout(Duration::from_secs(10), changes.recv()).await;
    assert!(matches!(first, Ok(Ok(Change::Resync))), "{first:?}");
    let mut game = Played::new("mmmmmmmmmmmm", 1);
    game.save_new(&a);
    a.durable(game.play(&a, "e4")).await.expect("committed");
    let mut seen = Vec::new();
    while seen.len() < 2 {
        match tokio::time::timeout(Duration::from_secs(5), changes.recv()).await {
            Ok(Ok(Change::Game { id, version })) if id == game.id => seen.push(version),
            Ok(Ok(_)) => {}
            other => panic!("{other:?} after {seen:?}"),
        }
    }
    assert_eq!(seen, [0, 1]);
}
