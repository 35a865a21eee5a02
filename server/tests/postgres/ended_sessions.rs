//! Sessions ended under a running server (issue #42): a PostgreSQL restart, a failover or an
//! administrator's `pg_terminate_backend` leaves the pool holding connections whose server side is
//! gone. The pool must find that out before it hands one to a request, not make a player's game
//! the request that discovers it.

use reqwest::StatusCode;
use serde_json::json;

use super::cluster::cluster;
use super::server::Server;

#[tokio::test]
async fn a_session_ended_under_the_pool_is_never_handed_to_a_request() {
    let db = cluster().database().await;
    let name = db.rsplit('/').next().expect("a database name").to_owned();
    let server = Server::start(&db, 1, 5_000, &[]).await;
    // Each round fills the pool with several connections, ends every session, then asks at once:
    // creations, and a first move in each new game. The pool learns of an ended session when its
    // connection task reads the server's goodbye, so a check of that flag alone can still pass
    // one on; rounds give that race its chances.
    for round in 0..4 {
        let mut games = Vec::new();
        for _ in 0..3 {
            games.push(server.create(1).await);
        }
        for game in &games {
            let response = server.play_raw(game, json!({ "move": "e2e4" })).await;
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "round {round}: a first move: {}",
                response.text().await.unwrap_or_default()
            );
        }
        cluster().end_sessions(&name).await;
    }
}
