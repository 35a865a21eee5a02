//! Timed games against the real Stockfish: its moves consume its clock, and the server's own
//! timer ends a game whose player does nothing, with no request made.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, TestApp};
use crate::sse::{EventStream, Watcher};

/// The clock of a view.
fn clock(view: &Value) -> &Value {
    assert!(view["clock"].is_object(), "a timed game: {view}");
    &view["clock"]
}

fn ms(value: &Value) -> u64 {
    value.as_u64().expect("milliseconds")
}

/// Polls until the analysis of `id` is done.
async fn analysed(app: &TestApp, id: &str) -> Value {
    for _ in 0..3_000 {
        let response = app.get(&format!("/api/games/{id}/analysis")).await;
        if response.status() == StatusCode::OK {
            let analysis: Value = response.json().await.expect("JSON");
            match analysis["status"].as_str() {
                Some("done") => return analysis,
                Some("failed") => panic!("the analysis failed: {analysis}"),
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the analysis of {id} never finished");
}

#[tokio::test]
async fn stockfish_s_moves_consume_its_clock_in_a_three_minute_game() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "clock": { "limit_secs": 180, "increment_secs": 0 } }))
        .await;
    assert_eq!(
        game.view["clock"],
        json!({ "limit_ms": 180_000, "increment_ms": 0, "white_ms": 180_000, "black_ms": 180_000, "running": null })
    );
    assert_eq!(game.view["can_abort"], true);
    let first = app.play(&game, "e4").await;
    let black_after_one = ms(&clock(&first)["black_ms"]);
    assert!(
        black_after_one < 180_000,
        "the engine's reply took time: {first}"
    );
    // The player's clock starts when the reply is applied, a moment before the view is made.
    let white = ms(&clock(&first)["white_ms"]);
    assert!(
        (179_900..=180_000).contains(&white),
        "no clock ran before the player's move: {first}"
    );
    assert_eq!(clock(&first)["running"], "white");
    assert_eq!(first["moves"][0]["clock_ms"], 180_000);
    assert_eq!(ms(&first["moves"][1]["clock_ms"]), black_after_one);

    tokio::time::sleep(Duration::from_millis(300)).await;
    let now = app.view(&game).await;
    assert!(
        ms(&clock(&now)["white_ms"]) <= 179_700,
        "the player's clock runs: {now}"
    );
    let second = app.play(&game, "d4").await;
    let white = ms(&second["moves"][2]["clock_ms"]);
    assert!(white <= 179_700, "{second}");
    assert!(
        ms(&clock(&second)["black_ms"]) < black_after_one,
        "{second}"
    );

    let pgn = app.pgn(&game.id).await;
    assert!(pgn.contains("[TimeControl \"180+0\"]"), "{pgn}");
    assert!(pgn.contains("{ [%clk 0:03:00] }"), "{pgn}");
}

#[tokio::test]
async fn a_player_who_does_nothing_loses_on_time_with_no_request_made() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "level": 1, "clock": { "limit_secs": 3, "increment_secs": 0 } }))
        .await;
    app.play(&game, "e4").await;
    // Two moves each: a flag before that aborts the game (below).
    let started = app.play(&game, "a3").await;
    assert_eq!(clock(&started)["running"], "white");
    let mut watcher = Watcher::connect(&app, &game.id).await;
    let events = watcher
        .until_game(|view| view["status"] == "finished")
        .await;
    let flagged = &events.last().expect("the flag").data;
    assert_eq!(flagged["reason"], "timeout");
    assert_eq!(flagged["winner"], "black");
    assert_eq!(flagged["result"], "0-1");
    assert_eq!(clock(flagged)["white_ms"], 0);
    assert_eq!(clock(flagged)["running"], Value::Null);
    assert_eq!(&app.view(&game).await, flagged);
    expect_error(
        app.play_raw(&game, json!({ "move": "d4" })).await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
    // The review of a timed game: every position searched, the last one too.
    let review = analysed(&app, &game.id).await;
    assert_eq!(
        review["progress"],
        json!({ "done": 5, "quick": 5, "total": 5 }),
        "{review}"
    );
}

#[tokio::test]
async fn a_flag_before_each_side_moved_twice_aborts_the_game_as_lichess_does() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "level": 1, "clock": { "limit_secs": 1, "increment_secs": 0 } }))
        .await;
    let started = app.play(&game, "e4").await;
    assert_eq!(clock(&started)["running"], "white");
    let mut watcher = Watcher::connect(&app, &game.id).await;
    let events = watcher.until_game(|view| view["status"] != "ongoing").await;
    let flagged = &events.last().expect("the flag").data;
    assert_eq!(
        (&flagged["status"], &flagged["result"], &flagged["rated"]),
        (&json!("aborted"), &json!("*"), &json!(false)),
        "{flagged}"
    );
    assert_eq!(clock(flagged)["running"], Value::Null);
    expect_error(
        app.action(&game, "analysis").await,
        StatusCode::CONFLICT,
        "game_aborted",
    )
    .await;
}

#[tokio::test]
async fn a_flag_against_a_lone_king_is_a_draw() {
    let app = spawn_app().await;
    let game = app
        .create(json!({
            "color": "white",
            "level": 1,
            "fen": "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "clock": { "limit_secs": 3, "increment_secs": 0 },
        }))
        .await;
    app.play(&game, "Qd2").await;
    // Two moves each: a flag before that aborts the game.
    app.play(&game, "Qd3").await;
    let mut watcher = Watcher::connect(&app, &game.id).await;
    let events = watcher
        .until_game(|view| view["status"] == "finished")
        .await;
    let flagged = &events.last().expect("the flag").data;
    assert_eq!(flagged["reason"], "timeout_vs_insufficient_material");
    assert_eq!(flagged["result"], "1/2-1/2");
    assert_eq!(flagged["winner"], Value::Null);
}

#[tokio::test]
async fn a_clock_out_of_range_is_refused_and_an_untimed_game_has_none() {
    let app = spawn_app().await;
    for clock in [
        json!({ "limit_secs": 0, "increment_secs": 0 }),
        json!({ "limit_secs": 10_801, "increment_secs": 0 }),
        json!({ "limit_secs": 60, "increment_secs": 61 }),
    ] {
        expect_error(
            app.create_raw(&json!({ "color": "white", "clock": clock }))
                .await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        )
        .await;
    }
    let untimed = app.create(json!({ "color": "white", "clock": null })).await;
    assert_eq!(untimed.view["clock"], Value::Null);
    let after = app.play(&untimed, "e4").await;
    assert_eq!(after["moves"][0]["clock_ms"], Value::Null);
    let pgn = app.pgn(&untimed.id).await;
    assert!(pgn.contains("[TimeControl \"-\"]"), "{pgn}");
}

#[tokio::test]
async fn the_summaries_carry_the_clock_of_a_timed_game() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "clock": { "limit_secs": 300, "increment_secs": 3 } }))
        .await;
    let response = app.get(&format!("/api/games?ids={}", game.id)).await;
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["games"][0]["clock"]["limit_ms"], 300_000);
    assert_eq!(body["games"][0]["clock"]["increment_ms"], 3_000);
}

#[tokio::test]
async fn a_restart_resumes_the_clocks_charging_nobody_for_the_downtime() {
    use alphachess_server::Application;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = crate::helpers::test_config_on_disk(&dir);

    let app = Application::build(&config)
        .await
        .expect("the application starts");
    let (first, stopper) = (TestApp::of(&app), app.stopper());
    let running = tokio::spawn(app.run_until_stopped());
    let game = first
        .create(json!({ "color": "white", "level": 1, "clock": { "limit_secs": 60, "increment_secs": 1 } }))
        .await;
    let played = first.play(&game, "e4").await;
    let black = ms(&clock(&played)["black_ms"]);
    stopper.cancel();
    running
        .await
        .expect("the server task ends")
        .expect("a clean stop");

    // Down for five seconds: nobody's clock runs. White has about 60.9 s (its increment) less
    // the time around the restart, which a loaded machine stretches to a few seconds: charging
    // the downtime would leave under 56 s.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let app = Application::build(&config)
        .await
        .expect("the application starts again");
    let second = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());
    let view = second.view(&game).await;
    assert_eq!(clock(&view)["running"], "white");
    assert!(
        ms(&clock(&view)["white_ms"]) > 57_500,
        "the downtime is not charged: {view}"
    );
    assert_eq!(ms(&clock(&view)["black_ms"]), black);
    assert_eq!(view["moves"][1]["clock_ms"], black);
    let after = second.play(&game, "d4").await;
    assert_eq!(after["ply"], 4);
}
