//! Chess960 games (issue #29) against the real Stockfish: created by setup number, at random or
//! from a PGN; castling both ways (king-takes-rook and SAN), the engine told `UCI_Chess960` so
//! that it reads the castled history and answers with legal moves, then the review.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    expect_error, spawn_with, test_config, test_config_on_disk, TestApp, TestGame,
};
use alphachess_server::Application;

/// Setup 0 (BBQNNRKR) after 1. Ne3 Ne6 2. Nd3 Nd6 3. c3 c6 4. Qc2 Qc7 5. g3 O-O-O: Black has
/// castled long (king g8 to c8, rook f8 to d8) and White may too.
const BLACK_CASTLED: &str = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
    [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n\
    1. Ne3 Ne6 2. Nd3 Nd6 3. c3 c6 4. Qc2 Qc7 5. g3 O-O-O *";

async fn spawn_reviewing() -> TestApp {
    let mut config = test_config();
    config.analysis_nodes = 20_000;
    spawn_with(config).await
}

/// Polls until the analysis of `id` is done.
async fn until_reviewed(app: &TestApp, id: &str) -> Value {
    for _ in 0..6_000 {
        let response = app.get(&format!("/api/games/{id}/analysis")).await;
        if response.status() == StatusCode::OK {
            let analysis: Value = response.json().await.expect("JSON");
            match analysis["status"].as_str() {
                Some("done") => return analysis,
                Some("failed") => panic!("the review failed: {analysis}"),
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the review of {id} never finished");
}

#[tokio::test]
async fn a_chess960_game_where_both_sides_castle_is_played_against_stockfish_and_reviewed() {
    let app = spawn_reviewing().await;
    let game: TestGame = app
        .create(json!({ "color": "white", "pgn": BLACK_CASTLED }))
        .await;
    let view = app.view(&game).await;
    assert_eq!(view["variant"], "chess960", "{view}");
    assert_eq!(view["chess960_position"], 0);
    assert_eq!(
        view["moves"][9]["uci"], "g8f8",
        "Black's O-O-O, king takes rook"
    );
    assert_eq!(view["moves"][9]["san"], "O-O-O");
    let castle = view["legal_moves"]
        .as_array()
        .expect("a list")
        .iter()
        .find(|m| m["san"] == "O-O-O")
        .expect("White may castle long")
        .clone();
    assert_eq!(castle["uci"], "g1f1");
    assert_eq!(
        castle["to"], "c1",
        "the board drops the king on its destination"
    );

    // White castles long king-takes-rook; Stockfish must read both castlings to answer.
    let after = app.play(&game, "g1f1").await;
    assert_eq!(after["ply"], 12, "{after}");
    assert_eq!(after["moves"][10]["san"], "O-O-O");
    assert!(
        after["fen"].as_str().expect("a FEN").contains(" w - "),
        "no castling rights are left: {after}"
    );
    let reply = after["moves"][11]["uci"]
        .as_str()
        .expect("the engine replied");
    assert_eq!(reply.len(), 4, "{reply}");

    let resigned = app.action(&game, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    let review = until_reviewed(&app, &game.id).await;
    assert_eq!(
        review["plies"].as_array().map(Vec::len),
        Some(12),
        "{review}"
    );

    let pgn = app.pgn(&game.id).await;
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(
        pgn.contains("5... O-O-O") && pgn.contains("6. O-O-O"),
        "{pgn}"
    );
}

#[tokio::test]
async fn a_chess960_game_starts_from_a_chosen_or_random_setup() {
    let app = spawn_with(test_config()).await;
    let chosen = app
        .create(json!({ "color": "white", "variant": "chess960", "position": 518 }))
        .await;
    let view = app.view(&chosen).await;
    assert_eq!(view["variant"], "chess960");
    assert_eq!(view["chess960_position"], 518);
    assert_eq!(
        view["initial_fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(view["opening"], Value::Null);
    // The export says so too, setup 518 included (its FEN is the standard start's).
    let pgn = app.pgn(&chosen.id).await;
    for tag in [
        "[Variant \"Chess960\"]",
        "[SetUp \"1\"]",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]",
        "[Chess960Position \"518\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }

    let random = app
        .create(json!({ "color": "black", "variant": "chess960" }))
        .await;
    let view = app.view(&random).await;
    let number = view["chess960_position"].as_u64().expect("a setup number");
    assert!(number < 960);
    assert_eq!(view["variant"], "chess960");
    assert_eq!(view["ply"], 1, "the engine, White, opened: {view}");

    // A rematch sends the start back with the variant: the same setup, colours swapped.
    let rematch = app
        .create(json!({
            "color": "white",
            "variant": "chess960",
            "fen": view["initial_fen"],
        }))
        .await;
    let again = app.view(&rematch).await;
    assert_eq!(again["chess960_position"], number);
    assert_eq!(again["player_color"], "white");

    let summaries = app
        .get(&format!("/api/games?ids={}", chosen.id))
        .await
        .json::<Value>()
        .await
        .expect("JSON");
    assert_eq!(summaries["games"][0]["variant"], "chess960", "{summaries}");
}

#[tokio::test]
async fn a_setup_number_out_of_range_or_without_chess960_is_refused() {
    let app = spawn_with(test_config()).await;
    for body in [
        json!({ "color": "white", "variant": "chess960", "position": 960 }),
        json!({ "color": "white", "variant": "chess960", "position": -1 }),
        json!({ "color": "white", "position": 3 }),
        json!({ "color": "white", "variant": "crazyhouse" }),
        json!({ "color": "white", "variant": "chess960", "position": 3, "fen": "8/8/8/8/8/8/8/8 w - - 0 1" }),
    ] {
        let response = app.create_raw(&body).await;
        expect_error(response, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
}

/// White's king on f1 between its rooks on b1 and h1 (X-FEN rook files): castling short is king
/// takes rook, `f1h1`, to king g1 and rook f1.
const CASTLE_READY: &str = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1";

#[tokio::test]
async fn a_hint_a_takeback_and_a_draw_offer_work_in_a_chess960_game() {
    let app = spawn_with(test_config()).await;
    let game = app
        .create(json!({ "color": "white", "level": 9, "variant": "chess960", "fen": CASTLE_READY }))
        .await;
    assert_eq!(game.view["variant"], "chess960", "{}", game.view);
    let legal = game.view["legal_moves"].as_array().expect("legal moves");
    assert!(
        legal
            .iter()
            .any(|m| m["uci"] == "f1h1" && m["san"] == "O-O"),
        "castling is offered king-takes-rook: {}",
        game.view
    );

    // The hint comes from Stockfish in Chess960 mode: one of the player's legal moves as written.
    let response = app.hint(&game).await;
    assert_eq!(response.status(), StatusCode::OK);
    let hint: Value = response.json().await.expect("JSON");
    assert!(
        legal
            .iter()
            .any(|m| m["uci"] == hint["uci"] && m["san"] == hint["san"]),
        "{hint}"
    );

    let castled = app.play(&game, "O-O").await;
    assert_eq!(castled["ply"], 2, "Stockfish answered: {castled}");
    assert_eq!(castled["moves"][0]["uci"], "f1h1");
    let fen = castled["fen"].as_str().expect("a FEN");
    assert!(fen.contains("/1R3RK1 "), "king g1, rook f1: {fen}");

    // Taking back restores the start, castling rights and all.
    let response = app.action(&game, "takeback").await;
    assert_eq!(response.status(), StatusCode::OK);
    let back: Value = response.json().await.expect("JSON");
    assert_eq!(back["ply"], 0);
    assert_eq!(back["fen"], back["initial_fen"]);
    assert_eq!(
        back["fen"], game.view["fen"],
        "the same rights (written X-FEN)"
    );
    assert!(
        back["legal_moves"]
            .as_array()
            .expect("legal moves")
            .iter()
            .any(|m| m["uci"] == "f1h1"),
        "castling is legal again: {back}"
    );

    // A draw offer is searched by Stockfish in Chess960 mode once past move 30: a queen up, it
    // declines for a reason of its own search.
    let queen_up = app
        .create(json!({
            "color": "white",
            "level": 9,
            "variant": "chess960",
            "fen": "1r3kr1/ppqppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 40",
        }))
        .await;
    // No draw is offered before each side made two moves (the game can only be aborted then).
    expect_error(
        app.action(&queen_up, "draw").await,
        StatusCode::CONFLICT,
        "draw_too_early",
    )
    .await;
    // The player's moves are Stockfish's hints, not the first legal move: a queen down, a
    // careless opening could let the engine mate before the offer.
    let mut view = app.view(&queen_up).await;
    while view["can_abort"] == true {
        let hint: Value = app.hint(&queen_up).await.json().await.expect("JSON");
        let uci = hint["uci"].as_str().expect("a hinted move");
        view = app.play(&queen_up, uci).await;
    }
    let body = expect_error(
        app.action(&queen_up, "draw").await,
        StatusCode::CONFLICT,
        "draw_declined",
    )
    .await;
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Stockfish declines: it ")),
        "{body}"
    );
    assert_eq!(app.view(&queen_up).await["status"], "ongoing");
}

#[tokio::test]
async fn a_timed_chess960_game_keeps_its_clocks_through_castling_and_exports_both() {
    let app = spawn_with(test_config()).await;
    let game = app
        .create(json!({
            "color": "white",
            "level": 1,
            "variant": "chess960",
            "fen": CASTLE_READY,
            "clock": { "limit_secs": 180, "increment_secs": 2 },
        }))
        .await;
    assert_eq!(game.view["variant"], "chess960", "{}", game.view);
    assert_eq!(game.view["clock"]["white_ms"], 180_000, "{}", game.view);

    // Castling king-takes-rook is a timed move like any other: both clocks are kept with it.
    let castled = app.play(&game, "f1h1").await;
    assert_eq!(castled["moves"][0]["san"], "O-O", "{castled}");
    assert_eq!(
        castled["ply"], 2,
        "Stockfish answered on its clock: {castled}"
    );
    assert!(castled["moves"][0]["clock_ms"].is_u64(), "{castled}");
    assert!(castled["moves"][1]["clock_ms"].is_u64(), "{castled}");
    assert_eq!(castled["clock"]["running"], "white", "{castled}");

    let pgn = app.pgn(&game.id).await;
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"180+2\"]"), "{pgn}");
    assert!(
        pgn.contains("1. O-O {"),
        "castling carries its clock: {pgn}"
    );
}

#[tokio::test]
async fn a_chess960_game_without_castling_rights_is_still_chess960_after_a_restart() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = test_config_on_disk(&dir);
    // No castling rights: the stored FEN alone cannot say this is Chess960.
    let fen = "bnrqkbrn/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBRN w - - 0 1";

    let app = Application::build(&config)
        .await
        .expect("the application starts");
    let (first, stopper) = (TestApp::of(&app), app.stopper());
    let running = tokio::spawn(app.run_until_stopped());
    let game = first
        .create(json!({ "color": "white", "level": 1, "variant": "chess960", "fen": fen }))
        .await;
    assert_eq!(game.view["variant"], "chess960", "{}", game.view);
    let setup = game.view["chess960_position"].clone();
    stopper.cancel();
    running
        .await
        .expect("the server task ends")
        .expect("a clean stop");

    let app = Application::build(&config)
        .await
        .expect("the application starts again");
    let second = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());
    let view = second.view(&game).await;
    assert_eq!(view["variant"], "chess960", "{view}");
    assert_eq!(view["chess960_position"], setup, "{view}");
    let pgn = second.pgn(&game.id).await;
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
}
