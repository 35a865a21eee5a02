//! The analysis board's live engine, `GET /api/explore`, against the real Stockfish: several
//! legal lines in order, deepening; a board's new position stops its old search at once; live
//! play first on a shared engine; one client's share; the cache answers at once.

use std::time::{Duration, Instant};

use alphachess_engine::{Game, Position, SanPlus, UciMove};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::analysis::{request_analysis, until_done};
use crate::helpers::{expect_error, spawn_with, test_config, TestApp};
use crate::sse::{Event, Watcher};

/// 1. e4: black to move, many sensible replies.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn explore_path(fen: &str, extra: &str) -> String {
    let fen = fen.replace(' ', "%20");
    format!("/api/explore?fen={fen}{extra}")
}

async fn open(app: &TestApp, fen: &str, extra: &str) -> Watcher {
    Watcher::connect_to(app, &explore_path(fen, extra), None).await
}

/// Every event until the server ends the stream.
async fn all_events(watcher: &mut Watcher) -> Vec<Value> {
    let mut events = Vec::new();
    while let Some(Event { name, data }) = watcher.next_or_end(Duration::from_secs(60)).await {
        assert_eq!(name, "explore");
        events.push(data);
    }
    events
}

/// The next event of `kind` (others skipped).
async fn next_of_kind(watcher: &mut Watcher, kind: &str) -> Value {
    loop {
        let event = watcher
            .next_or_end(Duration::from_secs(60))
            .await
            .unwrap_or_else(|| panic!("the stream ended before a {kind} event"));
        if event.data["kind"] == kind {
            return event.data;
        }
    }
}

/// Checks each line is legal from `position`, its SAN is the rules crate's, and returns each
/// line's eval from the side to move's point of view (mates far above any centipawns).
fn checked_lines(position: &Position, event: &Value) -> Vec<i64> {
    let lines = event["lines"].as_array().expect("lines");
    let mut scores = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line["rank"], index + 1, "{event}");
        let mut at = position.clone();
        let uci = line["uci"].as_array().expect("uci");
        let san = line["san"].as_array().expect("san");
        assert!(!uci.is_empty(), "{event}");
        assert_eq!(uci.len(), san.len(), "{event}");
        for (text, san) in uci.iter().zip(san) {
            let uci: UciMove = text.as_str().expect("text").parse().expect("UCI");
            let m = uci
                .to_move(&at)
                .expect("every move of a line is legal in turn");
            assert_eq!(san, &json!(SanPlus::from_move(&at, m).to_string()));
            at.play(m).expect("legal");
        }
        let white = match (line["eval"]["cp"].as_i64(), line["eval"]["mate"].as_i64()) {
            (Some(cp), None) => cp,
            (None, Some(mate)) => mate.signum() * (100_000 - mate.abs()),
            _ => panic!("an eval is cp or mate: {line}"),
        };
        scores.push(match position.turn() {
            alphachess_engine::Color::White => white,
            alphachess_engine::Color::Black => -white,
        });
    }
    scores
}

fn bounded(depth: u32) -> alphachess_server::Config {
    let mut config = test_config();
    config.explore_depth = depth;
    config
}

#[tokio::test]
async fn a_board_gets_three_legal_lines_best_first_deepening_to_its_bound() {
    let app = spawn_with(bounded(12)).await;
    let mut board = open(&app, AFTER_E4, "&board=main").await;
    let events = all_events(&mut board).await;
    let position: Position = AFTER_E4.parse().expect("a FEN");
    let lines: Vec<&Value> = events.iter().filter(|e| e["kind"] == "lines").collect();
    assert!(
        lines.len() >= 2,
        "the lines come as the search deepens: {events:?}"
    );
    let mut depth = 0;
    for event in &lines {
        assert_eq!(event["source"], "engine");
        assert_eq!(event["lines"].as_array().map(Vec::len), Some(3), "{event}");
        checked_lines(&position, event);
        let now = event["depth"].as_u64().expect("a depth");
        assert!(now >= depth, "the depth never goes back: {events:?}");
        depth = now;
    }
    let last = lines.last().expect("lines");
    assert_eq!(last["final"], true, "{last}");
    let scores = checked_lines(&position, last);
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "best first for the side to move: {scores:?}"
    );
    let done = events.last().expect("an end");
    assert_eq!(done, &json!({ "kind": "done", "depth": 12 }));
}

#[tokio::test]
async fn a_new_position_on_the_same_board_stops_the_old_search_at_once() {
    // One engine, a search that would run for a minute: only the stop can free the engine.
    let mut config = bounded(60);
    config.move_time_cap_ms = 60_000;
    let app = spawn_with(config).await;
    let mut first = open(&app, AFTER_E4, "&board=b1").await;
    next_of_kind(&mut first, "lines").await;
    assert!(app.lifecycle.engines().status()[0].searching);

    let asked = Instant::now();
    let mut second = open(&app, START, "&board=b1").await;
    let ended = all_events(&mut first).await;
    assert_eq!(
        ended.last(),
        Some(&json!({ "kind": "stopped", "reason": "replaced" }))
    );
    let lines = next_of_kind(&mut second, "lines").await;
    let took = asked.elapsed();
    checked_lines(&Position::startpos(), &lines);
    // The old search stopped and the new one printed its first lines on the only engine.
    assert!(
        took < Duration::from_millis(100),
        "the new position's lines came {took:?} after it was asked for"
    );
    // Closing the board stops its search too.
    drop(second);
    for _ in 0..200 {
        if !app.lifecycle.engines().status()[0].searching {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(!app.lifecycle.engines().status()[0].searching);
}

#[tokio::test]
async fn a_live_game_on_the_only_engine_goes_first_and_the_board_then_searches_again() {
    let mut config = bounded(60);
    config.move_time_cap_ms = 60_000;
    let app = spawn_with(config).await;
    let mut board = open(&app, AFTER_E4, "&board=b").await;
    next_of_kind(&mut board, "lines").await;

    let live = app.create(json!({ "color": "white" })).await;
    let view = app.play(&live, "e2e4").await;
    assert_eq!(
        view["ply"], 2,
        "the engine replied while the board searched: {view}"
    );
    // The board was told it waits, then its search came back.
    next_of_kind(&mut board, "waiting").await;
    let lines = next_of_kind(&mut board, "lines").await;
    checked_lines(&AFTER_E4.parse().expect("a FEN"), &lines);
}

#[tokio::test]
async fn a_client_keeps_only_its_share_of_boards_and_moving_on_costs_no_place() {
    let mut config = bounded(60);
    config.explore_boards_per_client = 1;
    let app = spawn_with(config).await;
    let _first = open(&app, AFTER_E4, "&board=one").await;
    let refused = app.get(&explore_path(START, "&board=two")).await;
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    // The same board's next position replaces its search.
    let mut moved = open(&app, START, "&board=one").await;
    next_of_kind(&mut moved, "lines").await;
}

#[tokio::test]
async fn a_position_a_review_searched_is_answered_from_the_cache_at_once() {
    let app = spawn_with(bounded(8)).await;
    let game = app
        .create(json!({ "color": "white", "pgn": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0" }))
        .await;
    request_analysis(&app, &game).await;
    let analysis = until_done(&app, &game.id).await;
    let mut board = open(&app, START, "&moves=e2e4,e7e5,d1h5").await;
    let first = board.next().await.data;
    assert_eq!(first["kind"], "lines", "{first}");
    assert_eq!(first["source"], "cache", "{first}");
    // The review's eval of the position after ply 3 (2. Qh5).
    let reviewed = &analysis["plies"][2];
    assert_eq!(reviewed["ply"], 3, "{reviewed}");
    let game =
        Game::from_uci_moves(Position::startpos(), ["e2e4", "e7e5", "d1h5"]).expect("legal moves");
    checked_lines(game.position(), &first);
    assert_eq!(first["lines"][0]["eval"], reviewed["eval"], "{reviewed}");
    let rest = all_events(&mut board).await;
    assert!(
        rest.iter().any(|e| e["source"] == "engine"),
        "the engine's own lines follow: {rest:?}"
    );
}

#[tokio::test]
async fn a_position_without_a_legal_move_is_done_at_once() {
    let app = spawn_with(bounded(8)).await;
    let mut board = open(&app, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "").await;
    assert_eq!(
        all_events(&mut board).await,
        [json!({ "kind": "done", "depth": 0 })]
    );
}

#[tokio::test]
async fn bad_positions_moves_and_options_are_refused_before_any_search() {
    let app = spawn_with(bounded(8)).await;
    for (path, code) in [
        ("/api/explore".to_owned(), "invalid_request"),
        (explore_path("nonsense", ""), "invalid_fen"),
        (explore_path(START, "&moves=e2e9"), "invalid_request"),
        (explore_path(START, "&lines=0"), "invalid_request"),
        (explore_path(START, "&lines=6"), "invalid_request"),
        (explore_path(START, "&board=no%20spaces"), "invalid_request"),
    ] {
        let body = expect_error(app.get(&path).await, StatusCode::BAD_REQUEST, code).await;
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{path}: {body}"
        );
    }
    let illegal = expect_error(
        app.get(&explore_path(START, "&moves=e2e4,e2e4")).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    assert!(
        illegal["message"]
            .as_str()
            .is_some_and(|m| m.contains("Move 2")),
        "the message names the move: {illegal}"
    );
    assert!(!app.lifecycle.engines().status()[0].searching);
}

#[tokio::test]
async fn the_api_document_describes_the_board_stream_and_its_events() {
    let app = spawn_with(bounded(8)).await;
    let document = app.openapi().await;
    let path = &document["paths"]["/api/explore"]["get"];
    for status in ["200", "400", "429", "503"] {
        assert!(path["responses"][status].is_object(), "{status}: {path}");
    }
    let names: Vec<&str> = path["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["fen", "moves", "lines", "board"]);
    let schemas = &document["components"]["schemas"];
    for name in ["ExploreEvent", "ExploreLine", "LineSource", "StopReason"] {
        assert!(schemas[name].is_object(), "{name} is described");
    }
}
