//! An answer is never sent before what it reports is durable, failures included: a move the
//! engine failed to answer is taken back on disk before the 502 goes out, and a game whose
//! creation failed is deleted from disk before its error does (issue #13, item 2), and a change
//! the disk refused is not kept in memory either (issue #22, item 12).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{expect_error, fake_engine, spawn_with, test_config, TestApp};

/// A server on the fake engine keeping its games in `db`.
async fn spawn_on(db: &Path) -> TestApp {
    let mut config = test_config();
    config.stockfish = vec![fake_engine().into()];
    config.move_time_cap_ms = 300;
    config.db = db.to_str().expect("utf-8").into();
    spawn_with(config).await
}

/// Holds the database's write lock from another connection for `hold`, so the server's writer
/// cannot commit meanwhile; the flag turns true just before the lock is let go.
fn hold_write_lock(db: &Path, hold: Duration) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
    let conn = rusqlite::Connection::open(db).expect("a second connection");
    conn.execute_batch("BEGIN IMMEDIATE")
        .expect("takes the write lock");
    let released = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&released);
    let holder = std::thread::spawn(move || {
        std::thread::sleep(hold);
        flag.store(true, Ordering::SeqCst);
        conn.execute_batch("ROLLBACK").expect("lets go");
    });
    (released, holder)
}

fn moves_on_disk(db: &Path, id: &str) -> Option<String> {
    let conn = rusqlite::Connection::open(db).expect("a second connection");
    conn.query_row("SELECT moves FROM games WHERE id = ?1", [id], |row| {
        row.get(0)
    })
    .ok()
}

#[tokio::test]
async fn a_failed_engine_reply_is_answered_only_once_the_undo_is_on_disk() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let app = spawn_on(&db).await;
    let game = app.create(json!({ "color": "white" })).await;
    assert_eq!(moves_on_disk(&db, &game.id).as_deref(), Some(""));

    let (released, holder) = hold_write_lock(&db, Duration::from_millis(800));
    // b2b3 makes the fake crash mid-search: 502, and the move is taken back.
    let response = app.play_raw(&game, json!({ "move": "b2b3" })).await;
    assert!(
        released.load(Ordering::SeqCst),
        "the 502 came while the undo could not be committed"
    );
    expect_error(response, StatusCode::BAD_GATEWAY, "engine_failed").await;
    holder.join().expect("the lock holder ends");
    assert_eq!(moves_on_disk(&db, &game.id).as_deref(), Some(""));
    assert_eq!(app.view(&game).await["ply"], 0);
}

#[tokio::test]
async fn a_failed_creation_is_answered_only_once_the_game_is_gone_from_disk() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let app = spawn_on(&db).await;
    let (released, holder) = hold_write_lock(&db, Duration::from_millis(800));
    // Playing black, the fake's "g8f6" is illegal for white: the creation fails.
    let response = app.create_raw(&json!({ "color": "black" })).await;
    assert!(
        released.load(Ordering::SeqCst),
        "the 502 came while the deletion could not be committed"
    );
    expect_error(response, StatusCode::BAD_GATEWAY, "engine_failed").await;
    holder.join().expect("the lock holder ends");
    let conn = rusqlite::Connection::open(&db).expect("a second connection");
    let stored: i64 = conn
        .query_row("SELECT count(*) FROM games", [], |row| row.get(0))
        .expect("counted");
    assert_eq!(stored, 0, "no game is left on disk");
}

#[tokio::test]
async fn a_resignation_the_disk_refused_is_taken_back_in_memory_too() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let app = spawn_on(&db).await;
    let game = app.create(json!({ "color": "white" })).await;

    // Held past the writer's 5 s busy timeout: the commit of the resignation fails.
    let (_released, holder) = hold_write_lock(&db, Duration::from_secs(7));
    let response = app.action(&game, "resign").await;
    assert!(response.status().is_server_error(), "{}", response.status());
    holder.join().expect("the lock holder ends");
    let view = app.view(&game).await;
    assert_eq!(
        view["status"], "ongoing",
        "memory agrees with the disk: {view}"
    );
    let conn = rusqlite::Connection::open(&db).expect("a second connection");
    let status: String = conn
        .query_row(
            "SELECT status FROM games WHERE id = ?1",
            [&game.id],
            |row| row.get(0),
        )
        .expect("the game is stored");
    assert_eq!(status, "ongoing");
    // And the game goes on: the player can still resign, for real this time.
    assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_server_whose_disk_does_not_answer_is_not_ready() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let app = spawn_on(&db).await;
    let game = app.create(json!({ "color": "white" })).await;
    assert_eq!(app.get("/api/ready").await.status(), StatusCode::OK);

    // The writer is stuck on this commit until the lock goes (its busy timeout is 5 s).
    let (released, holder) = hold_write_lock(&db, Duration::from_secs(7));
    let resign = tokio::spawn({
        let client = app.client.clone();
        let url = app.url(&format!("/api/games/{}/resign", game.id));
        let token = game.token.clone();
        async move { client.post(url).bearer_auth(token).send().await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let ready = app.get("/api/ready").await;
    assert!(
        !released.load(Ordering::SeqCst),
        "the lock was still held while readiness was asked"
    );
    expect_error(ready, StatusCode::SERVICE_UNAVAILABLE, "storage_busy").await;
    holder.join().expect("the lock holder ends");
    resign.await.expect("the request task").expect("answered");
    // Ready again once the store answers: asked until it does (a loaded machine may take a
    // moment to answer the first question after the stall), for at most 10 s.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let ready = app.get("/api/ready").await;
        let status = ready.status();
        if status == StatusCode::OK {
            break;
        }
        let body = ready.text().await.unwrap_or_default();
        assert!(
            std::time::Instant::now() < deadline,
            "still not ready 10 s after the lock went: {status} {body}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
