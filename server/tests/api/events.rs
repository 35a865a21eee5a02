//! The live stream (`GET /api/games/{id}/events`) against the real Stockfish.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_with, test_config, TestApp};
use crate::sse::{Event, EventStream, Watcher};

/// A server whose full-strength searches go deep enough for Stockfish to print several
/// iterations (and so `thinking` events) before it answers.
async fn spawn_deep() -> TestApp {
    let mut config = test_config();
    config.depth = 14;
    spawn_with(config).await
}

/// Checks one `thinking` event of the search for the reply at `ply`, in the position `view`.
fn assert_sane_thinking(data: &Value, view: &Value, target_depth: u64) {
    assert_eq!(data["kind"], "engine", "{data}");
    assert_eq!(data["ply"], view["ply"], "{data}");
    assert_eq!(data["target_depth"], target_depth, "{data}");
    let depth = data["depth"].as_u64().expect("a depth");
    assert!((1..=target_depth).contains(&depth), "{data}");
    let score = data["score"].as_object().expect("a score object");
    assert_eq!(score.len(), 1, "{data}");
    assert!(
        score["cp"].as_i64().is_some_and(|cp| cp.abs() < 1000)
            || score.get("mate").is_some_and(Value::is_i64),
        "a sane opening score: {data}"
    );
    assert!(data["nodes"].as_u64().is_some_and(|n| n > 0), "{data}");
    assert!(data["nps"].as_u64().is_some(), "{data}");
    let pv = data["pv"].as_array().expect("a PV");
    assert!(!pv.is_empty(), "{data}");
    let first = pv[0].as_str().expect("SAN text");
    let legal: Vec<&str> = view["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .filter_map(|m| m["san"].as_str())
        .collect();
    assert!(legal.contains(&first), "{first} is a legal reply: {data}");
}

#[tokio::test]
async fn a_watcher_first_gets_the_whole_game_view() {
    let app = spawn_deep().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut watcher = Watcher::connect(&app, &game.id).await;
    let first = watcher.next().await;
    assert_eq!(first.name, "game");
    assert_eq!(first.data, app.view(&game).await);
    assert_eq!(first.data["engine_thinking"], false);
}

#[tokio::test]
async fn watchers_see_the_engine_think_then_its_reply() {
    let app = spawn_deep().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut watchers = [
        Watcher::connect(&app, &game.id).await,
        Watcher::connect(&app, &game.id).await,
    ];
    for watcher in &mut watchers {
        assert_eq!(watcher.next().await.data["ply"], 0);
    }
    let reply = app.play(&game, "e2e4").await;
    assert_eq!(reply["ply"], 2);
    for watcher in &mut watchers {
        let events = watcher.until_game(|view| view["ply"] == 2).await;
        let last = events.last().expect("the reply");
        assert_eq!(last.data, reply, "the last event is the response's view");
        assert_eq!(last.data["engine_thinking"], false);
        let thinking_view = events
            .iter()
            .find(|e| e.name == "game" && e.data["engine_thinking"] == true)
            .expect("a game event while the engine thinks")
            .data
            .clone();
        assert_eq!(thinking_view["ply"], 1);
        assert_eq!(thinking_view["moves"][0]["san"], "e4");
        let thinking: Vec<&Event> = events.iter().filter(|e| e.name == "thinking").collect();
        assert!(!thinking.is_empty(), "thinking events: {events:?}");
        for event in &thinking {
            assert_sane_thinking(&event.data, &thinking_view, 14);
        }
        // The throttle holds lines back, but never the last one: the search's final depth
        // comes right before the reply.
        assert_eq!(events[events.len() - 2].name, "thinking", "{events:?}");
        assert_eq!(events[events.len() - 2].data["depth"], 14, "{events:?}");
    }
}

#[tokio::test]
async fn a_watcher_that_leaves_breaks_nothing() {
    let app = spawn_deep().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut leaving = Watcher::connect(&app, &game.id).await;
    leaving.next().await;
    let mut staying = Watcher::connect(&app, &game.id).await;
    staying.next().await;
    drop(leaving);
    let reply = app.play(&game, "d2d4").await;
    assert_eq!(reply["ply"], 2);
    let events = staying.until_game(|view| view["ply"] == 2).await;
    assert_eq!(events.last().map(|e| &e.data), Some(&reply));
    // A watcher that never reads is not waited for either.
    let _silent = Watcher::connect(&app, &game.id).await;
    let reply = app.play(&game, "c2c4").await;
    assert_eq!(reply["ply"], 4);
}

#[tokio::test]
async fn takeback_and_resignation_are_streamed() {
    let mut config = test_config();
    config.depth = 2;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white" })).await;
    app.play(&game, "e2e4").await;
    let mut watcher = Watcher::connect(&app, &game.id).await;
    assert_eq!(watcher.next().await.data["ply"], 2);
    assert_eq!(app.action(&game, "takeback").await.status(), StatusCode::OK);
    let event = watcher.next().await;
    assert_eq!(
        (event.name.as_str(), &event.data["ply"]),
        ("game", &json!(0))
    );
    // Two moves each, so the resignation is one (before, it would abort the game).
    app.play_opening(&game).await;
    assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
    let mut event = watcher.next().await;
    while event.name != "game" || event.data["status"] == "ongoing" {
        event = watcher.next().await;
    }
    assert_eq!(event.data["status"], "finished");
    assert_eq!(event.data["reason"], "resignation");
}

#[tokio::test]
async fn an_unknown_game_has_no_stream() {
    let app = spawn_deep().await;
    expect_error(
        app.get("/api/games/zzzzzzzzzzzz/events").await,
        StatusCode::NOT_FOUND,
        "game_not_found",
    )
    .await;
}

#[tokio::test]
async fn the_stream_is_in_the_openapi_document() {
    let app = spawn_deep().await;
    let doc = app.openapi().await;
    assert!(doc["paths"]["/api/games/{id}/events"]["get"].is_object());
    assert!(doc["components"]["schemas"]["Thinking"].is_object());
    let thinking = &doc["components"]["schemas"]["Thinking"];
    assert_eq!(thinking["discriminator"]["propertyName"], "kind");
    assert_eq!(thinking["oneOf"].as_array().map(Vec::len), Some(2));
    for shape in ["EngineThinking", "HumanThinking"] {
        assert!(doc["components"]["schemas"][shape].is_object(), "{shape}");
    }
    assert!(doc["components"]["schemas"]["GameView"]["properties"]["engine_thinking"].is_object());
}

/// At a step Maia plays (step 7: the 1100 network, sampled), the live line is the network's
/// candidates with their probabilities, and the reply is one of them: never a Stockfish line.
#[tokio::test]
async fn a_maia_step_streams_its_candidates_and_plays_one_of_them() {
    let app = spawn_deep().await;
    let game = app.create(json!({ "color": "white", "level": 7 })).await;
    let mut watcher = Watcher::connect(&app, &game.id).await;
    watcher.next().await;
    for (i, m) in ["e2e4", "g1f3", "f1c4"].into_iter().enumerate() {
        let reply = app.play(&game, m).await;
        let ply = 2 * (i + 1);
        assert_eq!(reply["ply"], ply);
        let events = watcher.until_game(|view| view["ply"] == ply).await;
        let thinking: Vec<&Event> = events.iter().filter(|e| e.name == "thinking").collect();
        assert_eq!(thinking.len(), 1, "one event, no search: {events:?}");
        let data = &thinking[0].data;
        // A human line, not a search: no depth and no nodes.
        assert_eq!(data["kind"], "human", "{data}");
        assert!(
            data.get("depth").is_none() && data.get("nodes").is_none(),
            "{data}"
        );
        let candidates = data["candidates"].as_array().expect("Maia's candidates");
        assert!((1..=5).contains(&candidates.len()), "{data}");
        let total: f64 = candidates
            .iter()
            .map(|c| c["probability"].as_f64().expect("a probability"))
            .sum();
        assert!(total > 0.0 && total <= 1.0 + 1e-6, "{data}");
        let played = reply["moves"][ply - 1]["san"].clone();
        assert_eq!(data["pv"], json!([played]), "{data}");
        assert!(
            candidates.iter().any(|c| c["san"] == played),
            "{played} is one of {candidates:?}"
        );
    }
}
