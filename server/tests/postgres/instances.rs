//! Two real servers on one PostgreSQL database: any of them serves any game, a lost race answers
//! 409, a watcher of one sees the moves made through the other, and a server killed while
//! Stockfish thinks loses nothing: the other makes the engine's move once its lease expires.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::cluster::{cluster, connect};
use super::server::{Server, Watcher};

/// Short, so a dead server's lease expires quickly.
const LEASE_MS: u64 = 1_500;

async fn two_servers(db: &str, flags: &[&str]) -> (Server, Server) {
    let a = Server::start(db, 2, LEASE_MS, flags);
    let b = Server::start(db, 2, LEASE_MS, flags);
    tokio::join!(a, b)
}

/// The game's row as the database holds it: its version and its moves.
async fn stored(db: &str, id: &str) -> (i64, String) {
    let row = connect(db)
        .await
        .query_one(
            "SELECT version, record->>'moves' FROM games WHERE id = $1",
            &[&id],
        )
        .await
        .expect("the game is stored");
    (row.get(0), row.get(1))
}

#[tokio::test]
async fn a_game_created_on_one_server_is_played_on_the_other_and_read_back_on_the_first() {
    let db = cluster().database().await;
    let (a, b) = two_servers(&db, &[]).await;
    let game = a.create(1).await;
    assert_eq!(a.view(&game).await["ply"], 0, "A caches the game");
    let after = b.play(&game, "e4").await;
    assert_eq!(after["ply"], 2, "B played the move and the engine's reply");
    let on_a = a.view(&game).await;
    assert_eq!(on_a["ply"], 2, "A sees B's move on its next read");
    assert_eq!(on_a["fen"], after["fen"]);
    let on_a = a.play(&game, "d4").await;
    assert_eq!(on_a["ply"], 4, "and plays on from it");
    assert_eq!(b.view(&game).await["fen"], on_a["fen"]);
    let (version, moves) = stored(&db, &game.id).await;
    assert_eq!(moves.split(' ').count(), 4, "{moves}");
    // Each exchange is three changes (the move, the engine starting to think, its reply).
    assert_eq!(version, 6);
    assert_eq!(
        on_a["version"], version,
        "the view shows the stored version"
    );
}

#[tokio::test]
async fn two_conflicting_moves_through_two_servers_one_wins_and_the_other_gets_409() {
    let db = cluster().database().await;
    let (a, b) = two_servers(&db, &[]).await;
    for _ in 0..4 {
        let game = a.create(1).await;
        // Both servers hold the game at version 0.
        b.view(&game).await;
        let on_a = a.play_raw(&game, json!({ "move": "e4", "expected_ply": 0 }));
        let on_b = b.play_raw(&game, json!({ "move": "d4", "expected_ply": 0 }));
        let (on_a, on_b) = tokio::join!(on_a, on_b);
        let mut statuses = [on_a.status(), on_b.status()];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
        let (winner, loser) = if on_a.status() == StatusCode::OK {
            ("e2e4", on_b)
        } else {
            ("d2d4", on_a)
        };
        let refusal: Value = loser.json().await.expect("JSON");
        assert_eq!(
            refusal["error"], "stale_ply",
            "reload, as for a stale ply: {refusal}"
        );
        let (_, moves) = stored(&db, &game.id).await;
        assert!(moves.starts_with(winner), "{moves} after {winner} won");
        assert_eq!(
            moves.split(' ').count(),
            2,
            "one move and one reply: {moves}"
        );
        for server in [&a, &b] {
            let view = server.view(&game).await;
            assert_eq!(view["ply"], 2, "both servers show the winner's game");
        }
    }
}

#[tokio::test]
async fn two_moves_that_both_saw_the_same_version_meet_the_databases_check_and_one_gets_409() {
    let db = cluster().database().await;
    let (a, b) = two_servers(&db, &[]).await;
    let game = a.create(1).await;
    b.view(&game).await;
    // Hold the row: both servers read the game (a plain read is not blocked) and apply their
    // move, then both writes wait here, so each is made on version 0.
    let mut holder = connect(&db).await;
    let hold = holder.transaction().await.expect("a transaction");
    hold.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&game.id])
        .await
        .expect("locked");
    let on_a = a.play_raw(&game, json!({ "move": "e4" }));
    let on_b = b.play_raw(&game, json!({ "move": "d4" }));
    let release = async {
        tokio::time::sleep(Duration::from_millis(700)).await;
        hold.rollback().await.expect("released");
    };
    let (on_a, on_b, ()) = tokio::join!(on_a, on_b, release);
    let mut statuses = [on_a.status(), on_b.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    let (winner, loser, lost_on) = if on_a.status() == StatusCode::OK {
        ("e2e4", on_b, &b)
    } else {
        ("d2d4", on_a, &a)
    };
    let refusal: Value = loser.json().await.expect("JSON");
    assert_eq!(refusal["error"], "stale_ply", "{refusal}");
    let (version, moves) = stored(&db, &game.id).await;
    assert!(moves.starts_with(winner), "{moves}");
    // The winner's move, the engine starting to think, its reply.
    assert_eq!((version, moves.split(' ').count()), (3, 2), "{moves}");
    let view = lost_on.view(&game).await;
    assert_eq!(
        view["ply"], 2,
        "the server that lost took the winner's game"
    );
    assert_eq!(view["moves"][0]["uci"], winner);
}

#[tokio::test]
async fn a_watcher_on_one_server_sees_a_move_made_through_the_other_within_a_second() {
    let db = cluster().database().await;
    let (a, b) = two_servers(&db, &[]).await;
    let game = a.create(1).await;
    let mut watcher = Watcher::connect(&a.base, &game.id).await;
    assert_eq!(watcher.next_game(Duration::from_secs(5)).await["ply"], 0);
    let after = b.play(&game, "e4").await;
    let answered = Instant::now();
    loop {
        let view = watcher.next_game(Duration::from_secs(1)).await;
        if view["ply"] == 2 {
            assert_eq!(view["fen"], after["fen"]);
            break;
        }
    }
    assert!(
        answered.elapsed() < Duration::from_secs(1),
        "{:?}",
        answered.elapsed()
    );
}

/// The first legal move of a view (any will do).
fn a_legal_move(view: &Value) -> String {
    view["legal_moves"][0]["uci"]
        .as_str()
        .expect("a legal move")
        .to_owned()
}

#[tokio::test]
async fn a_server_killed_while_stockfish_thinks_loses_nothing_and_the_other_makes_the_move() {
    let db = cluster().database().await;
    // A searches deep (a long full-strength search, step 21); B at depth 2.
    let a = Server::start(&db, 40, LEASE_MS, &["--move-time-cap-ms", "60000"]);
    let b = Server::start(&db, 2, LEASE_MS, &[]);
    let (mut a, b) = tokio::join!(a, b);
    let game = b.create(21).await;
    let first = b.play(&game, "e4").await;
    assert_eq!(first["ply"], 2, "acknowledged by B");
    let second = a_legal_move(&first);
    let pending = a.play_raw(&game, json!({ "move": second }));
    let thinking = async {
        a.view_until(&game, Duration::from_secs(10), |view| {
            view["engine_thinking"] == true
        })
        .await;
    };
    tokio::select! {
        response = pending => panic!("A answered before it was killed: {}", response.status()),
        () = thinking => {}
    }
    // A shows its thinking as the turn begins, a moment before the move is committed.
    let on_b = b
        .view_until(&game, Duration::from_secs(5), |view| view["ply"] == 3)
        .await;
    assert_eq!(
        on_b["engine_thinking"], true,
        "and that the engine thinks (on A)"
    );
    a.kill();
    let killed = Instant::now();
    let view = b
        .view_until(&game, Duration::from_secs(20), |view| view["ply"] == 4)
        .await;
    let waited = killed.elapsed();
    assert!(
        waited >= Duration::from_millis(LEASE_MS / 2),
        "B waited for the lease to expire ({waited:?})"
    );
    let (version, moves) = stored(&db, &game.id).await;
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_eq!(moves.len(), 4, "{moves:?}");
    assert_eq!(
        &moves[..3],
        [
            "e2e4",
            first["moves"][1]["uci"].as_str().expect("uci"),
            second.as_str()
        ]
    );
    // Two exchanges of three changes, and B starting to think again when it took over.
    assert_eq!(version, 7);
    assert_eq!(view["version"], version, "B shows the version it stored");
    assert_eq!(
        view["moves"][3]["uci"], moves[3],
        "B shows the reply it stored"
    );
    // Exactly once: nothing else changes afterwards.
    tokio::time::sleep(Duration::from_millis(LEASE_MS * 2)).await;
    assert_eq!(stored(&db, &game.id).await.0, version);
}

#[tokio::test]
async fn the_live_game_cap_holds_across_servers() {
    let db = cluster().database().await;
    let flags = ["--max-games", "2"];
    let (a, b) = two_servers(&db, &flags).await;
    let first = a.create(1).await;
    b.create(1).await;
    let refused = a
        .client
        .post(a.url("/api/games"))
        .json(&json!({ "color": "white" }))
        .send()
        .await
        .expect("answers");
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = refused.json().await.expect("JSON");
    assert_eq!(body["error"], "too_many_games");
    // A finished game leaves its place, whichever server ends it.
    assert_eq!(b.post(&first, "resign").await.status(), StatusCode::OK);
    a.create(1).await;
}

#[tokio::test]
async fn a_great_move_found_on_one_server_is_great_on_the_other() {
    let db = cluster().database().await;
    let flags = ["--analysis-nodes", "20000"];
    let (a, b) = two_servers(&db, &flags).await;
    // 4. Qxf7# is the only move that wins (the API tests check the rule on it).
    let game = a
        .create_with(json!({
            "color": "white",
            "pgn": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
        }))
        .await;
    assert_eq!(
        a.post(&game, "analysis").await.status(),
        StatusCode::ACCEPTED
    );
    let on_b = b.analysis_done(&game).await;
    // B read the review from the database: the alternatives' score came with it.
    assert_eq!(on_b["plies"][6]["class"], "great", "{}", on_b["plies"][6]);
}

#[tokio::test]
async fn an_analysis_run_by_one_server_is_shown_by_the_other() {
    let db = cluster().database().await;
    let flags = ["--analysis-nodes", "20000"];
    let (a, b) = two_servers(&db, &flags).await;
    let game = a.create(1).await;
    a.play(&game, "e4").await;
    // Two moves each: resigning earlier aborts the game, which has no review.
    a.play(&game, "h3").await;
    assert_eq!(
        a.post(&game, "resign").await.status(),
        StatusCode::OK,
        "the analysis starts on A"
    );
    let on_b = b.analysis_done(&game).await;
    let (status, on_a) = a.analysis(&game).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(on_b, on_a, "B shows A's analysis as A does");
    assert!(on_b["accuracy"].is_object(), "{on_b}");
}

#[tokio::test]
async fn an_aborted_game_round_trips_through_postgres_and_is_never_reviewed() {
    let db = cluster().database().await;
    let (a, b) = two_servers(&db, &[]).await;
    let game = a.create(1).await;
    a.play(&game, "e4").await;
    let response = a.post(&game, "resign").await;
    assert_eq!(response.status(), StatusCode::OK);
    let aborted: Value = response.json().await.expect("JSON");
    assert_eq!(aborted["status"], "aborted", "one move each: {aborted}");
    let row = connect(&db)
        .await
        .query_one(
            "SELECT record->>'status', record->>'result' FROM games WHERE id = $1",
            &[&game.id],
        )
        .await
        .expect("the game is stored");
    let (status, result): (String, String) = (row.get(0), row.get(1));
    assert_eq!((status.as_str(), result.as_str()), ("aborted", "*"));
    // B reads it back from the database as it ended: aborted, no result, no review.
    let on_b = b.view(&game).await;
    assert_eq!(
        (&on_b["status"], &on_b["result"], &on_b["rated"]),
        (&json!("aborted"), &json!("*"), &json!(false)),
        "{on_b}"
    );
    let review = b.post(&game, "analysis").await;
    assert_eq!(review.status(), StatusCode::CONFLICT);
    let body: Value = review.json().await.expect("JSON");
    assert_eq!(body["error"], "game_aborted", "{body}");
}
