//! Whole games and every write endpoint against the real Stockfish.

use std::time::Duration;

use alphachess_engine::{pgn, Position};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, spawn_with, test_config};

/// A legal move of the view's position that mates at once, if there is one.
fn mating_move(view: &Value) -> Option<String> {
    let position = Position::from_fen(view["fen"].as_str()?).ok()?;
    position
        .legal_moves()
        .iter()
        .find(|&&m| position.after(m).is_ok_and(|after| after.is_checkmate()))
        .map(|m| m.to_string())
}

/// A mate in two for white: 1. Nf6+ gxf6 (forced) 2. Bxf7#.
const MATE_IN_TWO: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";

#[tokio::test]
async fn a_whole_game_is_played_to_checkmate_from_a_mate_in_two() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "fen": MATE_IN_TWO }))
        .await;
    assert_eq!(game.view["ply"], 0);
    assert_eq!(game.view["turn"], "white");

    let after_reply = app.play(&game, "Nf6+").await;
    assert_eq!(after_reply["ply"], 2, "Stockfish replied: {after_reply}");
    assert_eq!(after_reply["moves"][0]["san"], "Nf6+");
    assert_eq!(
        after_reply["moves"][1]["san"], "gxf6",
        "the only legal reply"
    );

    let mate = mating_move(&after_reply).expect("Bxf7 mates");
    let finished = app.play(&game, &mate).await;
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["reason"], "checkmate");
    assert_eq!(finished["result"], "1-0");
    assert_eq!(finished["winner"], "white");
    assert_eq!(finished["check"], true);
    assert_eq!(finished["ply"], 3);
    assert_eq!(finished["last_move"]["san"], "Bxf7#");
    assert_eq!(finished["legal_moves"], json!([]));

    expect_error(
        app.play_raw(&game, json!({ "move": "e1g1" })).await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
    expect_error(
        app.action(&game, "takeback").await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
    expect_error(
        app.action(&game, "resign").await,
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
}

#[tokio::test]
async fn stockfish_mates_a_black_player_who_blunders() {
    let app = spawn_app().await;
    // White (Stockfish) mates in one: Qxf7#.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1";
    let game = app.create(json!({ "color": "black", "fen": fen })).await;
    assert_eq!(game.view["status"], "finished", "{}", game.view);
    assert_eq!(game.view["reason"], "checkmate");
    assert_eq!(game.view["winner"], "white");
    assert_eq!(game.view["result"], "1-0");
}

#[tokio::test]
async fn playing_black_the_engine_moves_first() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "black", "level": 3 })).await;
    let view = &game.view;
    assert_eq!(view["player_color"], "black");
    assert_eq!(view["turn"], "black");
    assert_eq!(view["ply"], 1);
    assert_eq!(view["level"], 3);
    assert_eq!(view["status"], "ongoing");
    assert_eq!(view["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(view["last_move"]["uci"], view["moves"][0]["uci"]);
    assert_eq!(view["legal_moves"].as_array().map(Vec::len), Some(20));

    let after = app.play(&game, "e7e5").await;
    assert_eq!(after["ply"], 3);
    assert_eq!(after["turn"], "black");
}

#[tokio::test]
async fn a_random_color_is_one_of_the_two() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "random" })).await;
    let color = game.view["player_color"].as_str().expect("a colour");
    assert!(color == "white" || color == "black");
    assert_eq!(
        game.view["turn"], color,
        "it is the player's turn after creation"
    );
}

#[tokio::test]
async fn promotion_needs_its_piece_and_is_shown_in_san() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "fen": "8/P7/8/8/8/8/k7/4K3 w - - 0 1" }))
        .await;
    let promotions: Vec<&Value> = game.view["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .filter(|m| m["from"] == "a7")
        .collect();
    assert_eq!(promotions.len(), 4);
    assert!(promotions
        .iter()
        .any(|m| m["promotion"] == "n" && m["uci"] == "a7a8n"));

    let body = expect_error(
        app.play_raw(&game, json!({ "move": "a7a8" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    assert!(body["legal_moves"].as_u64().is_some_and(|n| n > 0));

    let after = app.play(&game, "a8=Q+").await;
    assert_eq!(after["moves"][0]["uci"], "a7a8q");
    assert_eq!(after["moves"][0]["san"], "a8=Q+");
    assert!(after["fen"]
        .as_str()
        .is_some_and(|fen| fen.starts_with('Q') || fen.contains("/Q")));
}

#[tokio::test]
async fn takeback_undoes_the_player_move_and_the_reply() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    app.play(&game, "e4").await;
    let four = app.play(&game, "d2d4").await;
    assert_eq!(four["ply"], 4);

    let response = app.action(&game, "takeback").await;
    assert_eq!(response.status(), StatusCode::OK);
    let two: Value = response.json().await.expect("JSON");
    assert_eq!(two["ply"], 2);
    assert_eq!(two["turn"], "white");
    assert_eq!(two["moves"][0]["uci"], "e2e4");

    let zero: Value = app
        .action(&game, "takeback")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(zero["ply"], 0);
    assert_eq!(zero["fen"], zero["initial_fen"]);
    expect_error(
        app.action(&game, "takeback").await,
        StatusCode::CONFLICT,
        "nothing_to_take_back",
    )
    .await;
}

#[tokio::test]
async fn resigning_finishes_the_game_and_the_pgn_says_so() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    app.play(&game, "Nf3").await;
    // Two moves each: resigning earlier would abort the game.
    app.play(&game, "h3").await;
    let response = app.action(&game, "resign").await;
    assert_eq!(response.status(), StatusCode::OK);
    let resigned: Value = response.json().await.expect("JSON");
    assert_eq!(resigned["status"], "finished");
    assert_eq!(resigned["reason"], "resignation");
    assert_eq!(resigned["winner"], "black");
    assert_eq!(resigned["result"], "0-1");
    assert_eq!(resigned["legal_moves"], json!([]));

    let response = app.get(&format!("/api/games/{}/pgn", game.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/x-chess-pgn");
    assert_eq!(
        headers["content-disposition"],
        format!("attachment; filename=\"alphachess-{}.pgn\"", game.id).as_str()
    );
    let text = response.text().await.expect("text");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("[White \"Player\"]"), "{text}");
    assert!(text.contains("[Black \"Stockfish (level 1)\"]"), "{text}");
    let read = pgn::read_game(&text).expect("the export reads back");
    assert_eq!(read.game.moves().len(), 4);
    assert_eq!(read.game.moves()[0].to_string(), "g1f3");
}

#[tokio::test]
async fn a_game_continues_from_an_imported_pgn() {
    let app = spawn_app().await;
    let pgn = "[Event \"Casual\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 *\n";
    let game = app.create(json!({ "color": "black", "pgn": pgn })).await;
    assert_eq!(game.view["ply"], 5);
    assert_eq!(game.view["turn"], "black");
    assert_eq!(game.view["moves"][4]["san"], "Bb5");
}

/// The `fen_after` of the legal move `uci` in `view`.
fn fen_after<'a>(view: &'a Value, uci: &str) -> &'a str {
    view["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .find(|m| m["uci"] == uci)
        .unwrap_or_else(|| panic!("{uci} is legal in {}", view["fen"]))["fen_after"]
        .as_str()
        .expect("a FEN")
}

#[tokio::test]
async fn every_move_in_a_view_carries_the_fen_after_it() {
    let app = spawn_app().await;

    // From the start: each legal move leads where the engine plays it.
    let start = app.create(json!({ "color": "white" })).await.view;
    let position = Position::from_fen(start["fen"].as_str().expect("a FEN")).expect("valid");
    for m in position.legal_moves() {
        let after = position.after(m).expect("legal").to_fen();
        assert_eq!(fen_after(&start, &m.to_string()), after, "{m}");
    }
    assert_eq!(
        fen_after(&start, "e2e4"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );

    // The moves that touch a second square or change the piece.
    let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    let special = app
        .create(json!({ "color": "white", "fen": fen }))
        .await
        .view;
    for (uci, after) in [
        ("e1g1", "r3k2r/1P6/8/3pP3/8/8/8/R4RK1 b kq - 1 1"),
        ("e1c1", "r3k2r/1P6/8/3pP3/8/8/8/2KR3R b kq - 1 1"),
        ("e5d6", "r3k2r/1P6/3P4/8/8/8/8/R3K2R b KQkq - 0 1"),
        ("b7b8q", "rQ2k2r/8/8/3pP3/8/8/8/R3K2R b KQkq - 0 1"),
        ("b7a8n", "N3k2r/8/8/3pP3/8/8/8/R3K2R b KQk - 0 1"),
    ] {
        assert_eq!(fen_after(&special, uci), after, "{uci}");
    }

    // A played move's `fen_after` is the position after its ply; the last is the current one.
    let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 *";
    let played = app
        .create(json!({ "color": "black", "pgn": pgn }))
        .await
        .view;
    let history = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    ];
    let moves: Vec<&str> = played["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["fen_after"].as_str().expect("a FEN"))
        .collect();
    assert_eq!(moves, history);
    assert_eq!(played["fen"], history[4]);
    assert_eq!(played["last_move"]["fen_after"], history[4]);
}

#[tokio::test]
async fn a_hint_is_a_legal_move_for_the_player() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = app
        .client
        .get(app.url(&format!("/api/games/{}/hint", game.id)))
        .bearer_auth(&game.token)
        .send()
        .await
        .expect("answer");
    assert_eq!(response.status(), StatusCode::OK);
    let hint: Value = response.json().await.expect("JSON");
    let legal = game.view["legal_moves"].as_array().expect("legal moves");
    assert!(
        legal
            .iter()
            .any(|m| m["uci"] == hint["uci"] && m["san"] == hint["san"]),
        "{hint}"
    );
    // The hint did not change the game.
    assert_eq!(app.view(&game).await["ply"], 0);
}

#[tokio::test]
async fn moves_are_accepted_in_uci_and_san_and_ply_is_checked() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let response = app
        .play_raw(&game, json!({ "move": "g1f3", "expected_ply": 0 }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = expect_error(
        app.play_raw(&game, json!({ "move": "d4", "expected_ply": 0 }))
            .await,
        StatusCode::CONFLICT,
        "stale_ply",
    )
    .await;
    assert!(
        body["message"].as_str().is_some_and(|m| m.contains('2')),
        "{body}"
    );
    let view = app.play(&game, "d4").await;
    assert_eq!(view["ply"], 4);
    assert_eq!(view["moves"][2]["san"], "d4");
}

#[tokio::test]
async fn a_player_who_goes_away_mid_search_keeps_the_move_and_gets_the_reply() {
    // A reload or a closed tab drops the request while Stockfish thinks; the move must stay and
    // the reply come, as after a restart, rather than the move being taken back.
    let mut config = test_config();
    config.depth = 30;
    config.move_time_cap_ms = 1_500;
    let app = spawn_with(config).await;
    let game = app.create(json!({"color": "white"})).await;
    let gone = app
        .client
        .post(app.url(&format!("/api/games/{}/moves", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({"move": "e2e4"}))
        .timeout(Duration::from_millis(300))
        .send()
        .await;
    assert!(
        gone.is_err_and(|error| error.is_timeout()),
        "the search outlasts the client"
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let view = loop {
        let view: Value = app
            .get(&format!("/api/games/{}", game.id))
            .await
            .json()
            .await
            .expect("a view");
        if view["ply"] == 2 || tokio::time::Instant::now() > deadline {
            break view;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(view["ply"], 2, "the engine replied: {view}");
    assert_eq!(view["moves"][0]["uci"], "e2e4", "the player's move stayed");
    assert_eq!(view["engine_thinking"], false);
}

#[tokio::test]
async fn moves_typed_in_lower_case_are_read_as_lichess_reads_them() {
    let app = spawn_app().await;
    // From a PGN so Stockfish's replies cannot change the position the test types into.
    let game = app
        .create(json!({ "color": "white", "pgn": "1. e4 e5 2. b4 Nc6 *" }))
        .await;
    // `bc4`: the bishop (f1-c4), not the b-pawn, which cannot go there anyway.
    let view = app.play(&game, "bc4").await;
    assert_eq!(view["moves"][4]["san"], "Bc4", "{view}");

    let game = app
        .create(json!({ "color": "white", "pgn": "1. e4 d5 2. b4 Nc6 3. b5 a6 *" }))
        .await;
    // `bc6`: no bishop reaches c6, so it is the b-pawn's capture.
    let view = app.play(&game, "bc6").await;
    assert_eq!(view["moves"][6]["san"], "bxc6", "{view}");

    let game = app.create(json!({ "color": "white" })).await;
    let view = app.play(&game, "nf3").await;
    assert_eq!(view["moves"][0]["san"], "Nf3", "{view}");

    // Still refused: a lower-case text that names no legal move.
    expect_error(
        app.play_raw(&game, json!({ "move": "nf3" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
}
