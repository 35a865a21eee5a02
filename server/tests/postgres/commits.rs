//! A database that answers reads but refuses commits (issue #42, L2): a failover that left the
//! server on a read-only standby, or a full disk. `/api/ready` must fail once a change could not
//! be committed (a `SELECT 1` alone still answers), and turn green by itself once commits go
//! through again, with no traffic.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use super::cluster::cluster;
use super::server::Server;

/// Makes every new session of `database` read-only (or not) and ends the sessions it has, so
/// the server's pooled connections come back under the new default.
async fn read_only(database: &str, on: bool) {
    let admin = cluster().connect("postgres").await;
    let value = if on { "on" } else { "off" };
    admin
        .batch_execute(&format!(
            "ALTER DATABASE {database} SET default_transaction_read_only = {value}"
        ))
        .await
        .expect("the database's default is set");
    cluster().end_sessions(database).await;
}

async fn ready(server: &Server) -> StatusCode {
    server
        .client
        .get(server.url("/api/ready"))
        .send()
        .await
        .expect("the server answers /api/ready")
        .status()
}

/// Whether `/api/ready` turns 200 within 20 s of asking every 200 ms.
async fn ready_within(server: &Server) -> bool {
    for _ in 0..100 {
        if ready(server).await == StatusCode::OK {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    false
}

#[tokio::test]
async fn readiness_fails_while_commits_are_refused_and_recovers_by_itself() {
    let db = cluster().database().await;
    let name = db.rsplit('/').next().expect("a database name").to_owned();
    let server = Server::start(&db, 1, 5_000, &[]).await;
    let game = server.create(1).await;
    assert_eq!(server.play(&game, "e2e4").await["ply"], 2);
    assert_eq!(ready(&server).await, StatusCode::OK);

    read_only(&name, true).await;
    // Reads still answer: ready again once the pool has dropped its ended sessions.
    assert!(
        ready_within(&server).await,
        "reads answer on a read-only database"
    );
    let response = server.play_raw(&game, json!({ "move": "d2d4" })).await;
    assert!(
        response.status().is_server_error(),
        "a read-only database takes no move: {}",
        response.status()
    );
    for _ in 0..2 {
        assert_eq!(
            ready(&server).await,
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready while commits are refused, though SELECT 1 answers (the probe is refused)"
        );
    }

    read_only(&name, false).await;
    assert!(
        ready_within(&server).await,
        "ready again, without traffic, once commits go through"
    );
    // The pool may still hold a session ended by the switch back (checked on use, not before):
    // a move can meet one, and is then refused whole; one goes through soon after.
    let mut played = false;
    for _ in 0..10 {
        let response = server.play_raw(&game, json!({ "move": "d2d4" })).await;
        if response.status() == StatusCode::OK {
            played = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        played,
        "the move the read-only database refused is played now"
    );
    assert_eq!(server.view(&game).await["ply"], 4);
}
