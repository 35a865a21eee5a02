//! Start-up listens before it replays: while the stored games are read back, `/api/health`
//! answers, `/api/ready` is 503 `loading`, and a request for a game not read back yet waits for
//! it (a move is applied to the stored game, never lost nor applied to a stale copy).

use alphachess_server::Application;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, test_config_on_disk, wait_until, TestApp};

#[tokio::test]
async fn the_server_answers_while_it_reads_its_games_back_and_they_come_back_whole() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = test_config_on_disk(&dir);

    let app = Application::build(&config).await.expect("starts");
    let (first, stopper) = (TestApp::of(&app), app.stopper());
    let running = tokio::spawn(app.run_until_stopped());
    let mut games = Vec::new();
    for _ in 0..3 {
        let game = first.create(json!({"color": "white", "level": 1})).await;
        first.play(&game, "e4").await;
        games.push(game);
    }
    let before: Vec<Value> = futures_views(&first, &games).await;
    stopper.cancel();
    running.await.expect("ends").expect("a clean stop");

    let (release, held) = tokio::sync::oneshot::channel::<()>();
    let app = Application::build_holding_replay(&config, async {
        let _ = held.await;
    })
    .await
    .expect("starts again");
    let second = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());

    assert_eq!(second.get("/api/health").await.status(), StatusCode::OK);
    let ready = second.get("/api/ready").await;
    assert!(ready.headers().contains_key("retry-after"));
    let body = expect_error(ready, StatusCode::SERVICE_UNAVAILABLE, "loading").await;
    assert!(
        body["message"]
            .as_str()
            .expect("a message")
            .contains("0 of 3"),
        "{body}"
    );
    // A read and a move of games not read back yet wait for them.
    let reader = second.client.clone();
    let read = tokio::spawn(
        reader
            .get(second.url(&format!("/api/games/{}", games[0].id)))
            .send(),
    );
    let mover = second.client.clone();
    let moved = tokio::spawn(
        mover
            .post(second.url(&format!("/api/games/{}/moves", games[1].id)))
            .bearer_auth(&games[1].token)
            .json(&json!({"move": "d4", "expected_ply": 2}))
            .send(),
    );
    assert_eq!(second.get("/api/health").await.status(), StatusCode::OK);
    assert!(
        !read.is_finished() && !moved.is_finished(),
        "held until read back"
    );
    release.send(()).expect("the replay waits");

    let read = read.await.expect("the task").expect("answers");
    assert_eq!(read.status(), StatusCode::OK);
    let read: Value = read.json().await.expect("JSON");
    assert_eq!(read, before[0]);
    let moved = moved.await.expect("the task").expect("answers");
    assert_eq!(moved.status(), StatusCode::OK);
    let moved: Value = moved.json().await.expect("JSON");
    assert_eq!(
        moved["ply"], 4,
        "the move and the reply, on the stored game: {moved}"
    );

    let lifecycle = second.lifecycle.clone();
    wait_until(|| lifecycle.games().loading().is_none()).await;
    assert_eq!(second.get("/api/ready").await.status(), StatusCode::OK);
    let after = futures_views(&second, &games).await;
    assert_eq!(after[0], before[0]);
    assert_eq!(after[1], moved, "not overwritten by the stored copy");
    assert_eq!(after[2], before[2]);
}

/// The games' views, one after the other.
async fn futures_views(app: &TestApp, games: &[crate::helpers::TestGame]) -> Vec<Value> {
    let mut views = Vec::new();
    for game in games {
        views.push(app.view(game).await);
    }
    views
}
