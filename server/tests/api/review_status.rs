//! The game view's `review` (issue #40): `none` until somebody asks for the game's review, then
//! `requested`, so a spectator's client (no token to ask with) never GETs an analysis that
//! answers 404. Set as a played game ends (never for an aborted one), when an imported finished
//! game's player asks (the game's version unchanged, its cached view replaced), after a restart,
//! and for a copy of the game read back from the store after it left memory.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::analysis::{imported, request_analysis, until_done, SCHOLARS_MATE};
use crate::helpers::{spawn_app, spawn_with, test_config_on_disk, Stoppable, TestApp, TestGame};

/// A game imported already over (the scholar's mate).
async fn imported_mate(app: &TestApp) -> TestGame {
    imported(app, SCHOLARS_MATE).await
}

/// The status of `GET .../analysis`, as a spectator's client would get it.
async fn analysis_status(app: &TestApp, game: &TestGame) -> StatusCode {
    app.get(&format!("/api/games/{}/analysis", game.id))
        .await
        .status()
}

#[tokio::test]
async fn a_game_under_way_has_no_review() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    assert_eq!(game.view["review"], "none");
    let view = app.play_opening(&game).await;
    assert_eq!(view["review"], "none");
    assert_eq!(app.view(&game).await["review"], "none");
}

#[tokio::test]
async fn a_played_game_says_requested_in_the_answer_that_ends_it_and_its_review_is_there() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    app.play_opening(&game).await;
    let resigned = app.action(&game, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    let resigned: Value = resigned.json().await.expect("JSON");
    assert_eq!(resigned["status"], "finished");
    assert_eq!(resigned["review"], "requested", "{resigned}");
    assert_eq!(app.view(&game).await["review"], "requested");
    assert_eq!(analysis_status(&app, &game).await, StatusCode::OK);
}

#[tokio::test]
async fn an_aborted_game_has_no_review() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let aborted = app.action(&game, "abort").await;
    assert_eq!(aborted.status(), StatusCode::OK);
    let aborted: Value = aborted.json().await.expect("JSON");
    assert_eq!(aborted["status"], "aborted");
    assert_eq!(aborted["review"], "none");
    assert_eq!(app.view(&game).await["review"], "none");
    assert_eq!(analysis_status(&app, &game).await, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_imported_finished_game_says_none_until_its_player_asks_then_requested_at_the_same_version(
) {
    let app = spawn_app().await;
    let game = imported_mate(&app).await;
    assert_eq!(game.view["status"], "finished");
    assert_eq!(game.view["review"], "none");
    // Served (and cached) before the player asks: the cached view must not outlive the news.
    let before = app.view(&game).await;
    assert_eq!(before["review"], "none");
    assert_eq!(analysis_status(&app, &game).await, StatusCode::NOT_FOUND);

    request_analysis(&app, &game).await;
    let after = app.view(&game).await;
    assert_eq!(after["review"], "requested", "{after}");
    assert_eq!(
        after["version"], before["version"],
        "the game itself did not change"
    );
    assert_eq!(analysis_status(&app, &game).await, StatusCode::OK);
}

#[tokio::test]
async fn a_restart_keeps_which_games_have_a_review() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = test_config_on_disk(&dir);
    let server = Stoppable::start(&config).await;
    let first = &server.app;
    let reviewed = imported_mate(first).await;
    let unreviewed = imported_mate(first).await;
    request_analysis(first, &reviewed).await;
    until_done(first, &reviewed.id).await;
    server.stop().await;

    let second = spawn_with(config).await;
    assert_eq!(second.view(&reviewed).await["review"], "requested");
    assert_eq!(second.view(&unreviewed).await["review"], "none");
    assert_eq!(
        analysis_status(&second, &unreviewed).await,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_game_read_back_after_it_left_memory_knows_its_review_from_the_store() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut config = test_config_on_disk(&dir);
    config.max_games = 2;
    let app = spawn_with(config).await;
    let reviewed = imported_mate(&app).await;
    request_analysis(&app, &reviewed).await;
    until_done(&app, &reviewed.id).await;
    // Two newer games take memory's places: the reviewed one, finished, leaves first.
    imported_mate(&app).await;
    imported_mate(&app).await;
    let view = app.view(&reviewed).await;
    assert_eq!(view["review"], "requested", "{view}");
    assert_eq!(analysis_status(&app, &reviewed).await, StatusCode::OK);
}
