//! A full write queue, through HTTP: the real server on PostgreSQL with room for one waiting
//! change (`--max-queued-writes 1`), its writer held by another session's lock on the games
//! table. A change past the bound is refused at once with 503 `storage_busy` (and cancelled);
//! every change the server acknowledged lands once the lock is released.

use std::future::Future;
use std::time::{Duration, Instant};

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use super::cluster::{cluster, connect};
use super::server::{assert_storage_busy, Created, Server};

/// Far less than the writer's own bound on a commit (10 s, past which the held batch fails).
const WRITER_WAITS_WITHIN: Duration = Duration::from_secs(5);

/// `POST /api/games` as a task of its own (it may wait for the writer while the test goes on).
fn create(server: &Server) -> impl Future<Output = Response> + Send + 'static {
    let request = server
        .client
        .post(server.url("/api/games"))
        .json(&json!({ "color": "white", "level": 1 }));
    async move { request.send().await.expect("answers") }
}

/// The id of a creation the server acknowledged.
async fn acknowledged(response: Response) -> String {
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.expect("JSON");
    body["id"].as_str().expect("an id").to_owned()
}

/// Waits until the server's writer is blocked on the games table (its insert waits for a lock).
async fn writer_waits(db: &str) {
    let observer = connect(db).await;
    let started = Instant::now();
    loop {
        let waiting: i64 = observer
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'
                   AND query ILIKE '%INSERT INTO games%'",
                &[],
            )
            .await
            .expect("pg_stat_activity reads")
            .get(0);
        if waiting > 0 {
            return;
        }
        assert!(
            started.elapsed() < WRITER_WAITS_WITHIN,
            "the writer never reached the locked table"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The ids of the games the database holds, sorted.
async fn stored_ids(db: &str) -> Vec<String> {
    connect(db)
        .await
        .query("SELECT id FROM games ORDER BY id", &[])
        .await
        .expect("read")
        .iter()
        .map(|row| row.get(0))
        .collect()
}

#[tokio::test]
async fn a_full_write_queue_answers_503_storage_busy_and_every_acknowledged_change_lands() {
    let db = cluster().database().await;
    let server = Server::start(&db, 1, 5_000, &["--max-queued-writes", "1"]).await;
    let game: Created = server.create(1).await;

    // Another session holds the games table against writes (reads still pass: a move reads the
    // game before it changes it).
    let mut blocker = connect(&db).await;
    let lock = blocker.transaction().await.expect("a transaction");
    lock.batch_execute("LOCK TABLE games IN EXCLUSIVE MODE")
        .await
        .expect("takes the lock");
    let held = tokio::spawn(create(&server));
    writer_waits(&db).await;

    // The writer holds one creation; the queue has one place. Of two creations at once, one
    // takes the place (and waits) and the other is refused at once.
    let mut second = tokio::spawn(create(&server));
    let mut third = tokio::spawn(create(&server));
    let (refused, queued) = tokio::select! {
        answered = &mut second => (answered, third),
        answered = &mut third => (answered, second),
    };
    assert_storage_busy(
        refused.expect("the request ran"),
        "a creation past the bound",
    )
    .await;

    // The place stays taken while the writer waits: a move and a creation are refused too.
    let refused_move = server.play_raw(&game, json!({ "move": "e2e4" })).await;
    assert_storage_busy(refused_move, "a move past the bound").await;
    assert_storage_busy(create(&server).await, "another creation").await;

    lock.rollback().await.expect("lets go");
    let mut landed = vec![
        game.id.clone(),
        acknowledged(held.await.expect("the request ran")).await,
        acknowledged(queued.await.expect("the request ran")).await,
    ];
    landed.sort();
    assert_eq!(
        stored_ids(&db).await,
        landed,
        "every acknowledged creation is stored, no refused one"
    );

    // The refused move was cancelled: the game is where it was, and the move plays now.
    assert_eq!(server.view(&game).await["ply"], 0);
    assert_eq!(server.play(&game, "e2e4").await["ply"], 2);
    let moves: String = connect(&db)
        .await
        .query_one(
            "SELECT record->>'moves' FROM games WHERE id = $1",
            &[&game.id],
        )
        .await
        .expect("the game is stored")
        .get(0);
    assert_eq!(moves.split(' ').count(), 2, "{moves}");
}
