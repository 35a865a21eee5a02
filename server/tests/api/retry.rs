//! Retry your own mistakes (issue #25) against the real Stockfish: the list is the player's own
//! mistakes and gives nothing away; tries are judged by the server; the answer comes when solved
//! or revealed; prolonging a won mate is never a mistake.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::analysis::{analysis, request_analysis, until_done};
use crate::helpers::{expect_error, spawn_with, test_config, TestApp, TestGame};

/// Black blunders with 3... Nf6?? and is mated.
const SCHOLARS_MATE: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

async fn spawn() -> TestApp {
    let mut config = test_config();
    config.analysis_nodes = 20_000;
    spawn_with(config).await
}

/// A finished game from `pgn` played by `color`, analysed.
async fn analysed(app: &TestApp, pgn: &str, color: &str) -> (TestGame, Value) {
    let game = app.create(json!({ "color": color, "pgn": pgn })).await;
    request_analysis(app, &game).await;
    let done = until_done(app, &game.id).await;
    (game, done)
}

/// `GET .../retry` of `game`.
async fn get_retry(app: &TestApp, game: &TestGame) -> reqwest::Response {
    app.get(&format!("/api/games/{}/retry", game.id)).await
}

/// The list of `game`'s mistakes to retry, which must be answered.
async fn retry_list(app: &TestApp, game: &TestGame) -> Value {
    let response = get_retry(app, game).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("JSON")
}

async fn try_move(app: &TestApp, game: &TestGame, ply: u64, text: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/games/{}/retry/{ply}", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({ "move": text }))
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn the_list_is_the_player_s_own_mistakes_and_gives_nothing_away() {
    let app = spawn().await;
    let (game, done) = analysed(&app, SCHOLARS_MATE, "black").await;
    let best = done["plies"][5]["best"]["san"]
        .as_str()
        .expect("a best move")
        .to_owned();

    let response = get_retry(&app, &game).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("a body");
    let list: Value = serde_json::from_str(&text).expect("JSON");
    let puzzles = list["puzzles"].as_array().expect("puzzles");
    assert_eq!(
        puzzles.len(),
        1,
        "only black's Nf6 (the player is black): {list}"
    );
    let puzzle = &puzzles[0];
    assert_eq!(puzzle["ply"], 6);
    assert_eq!(puzzle["turn"], "black");
    assert_eq!(puzzle["played"]["san"], "Nf6");
    assert_eq!(
        puzzle["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
    );
    // No answer anywhere in the list.
    assert!(
        !text.contains(&format!("\"{best}\"")),
        "{best} is not given away: {text}"
    );
    for key in ["best", "solution", "line", "pv_san"] {
        assert!(!text.contains(&format!("\"{key}\"")), "no {key}: {text}");
    }

    // White's moves are not the player's: the same game played as white has none to retry.
    let (white, _) = analysed(&app, SCHOLARS_MATE, "white").await;
    let list = retry_list(&app, &white).await;
    assert_eq!(list["puzzles"], json!([]));
}

#[tokio::test]
async fn a_wrong_try_is_judged_without_the_answer_and_the_best_move_solves() {
    let app = spawn().await;
    let (game, done) = analysed(&app, SCHOLARS_MATE, "black").await;
    let best = &done["plies"][5]["best"];

    // 3... Nd4?? also lets Qxf7# through: wrong, and still no answer.
    let response = try_move(&app, &game, 6, "Nd4").await;
    assert_eq!(response.status(), StatusCode::OK);
    let wrong: Value = response.json().await.expect("JSON");
    assert_eq!(wrong["verdict"], "wrong", "{wrong}");
    assert_eq!(wrong["tried"], json!({"uci": "c6d4", "san": "Nd4"}));
    assert_eq!(
        wrong["eval"],
        json!({"mate": 1}),
        "white mates at once: {wrong}"
    );
    assert_eq!(wrong["solution"], Value::Null);
    assert!(wrong["points_lost"].as_f64().expect("a loss") > 0.10);

    // The engine's move, in UCI: solved, and now the answer is given.
    let uci = best["uci"].as_str().expect("uci");
    let solved: Value = try_move(&app, &game, 6, uci)
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(solved["verdict"], "solved", "{solved}");
    assert_eq!(solved["solution"]["best"], *best);
    assert_eq!(solved["solution"]["line"][0], best["san"]);

    // Revealing gives the same answer.
    let revealed: Value = app
        .client
        .post(app.url(&format!("/api/games/{}/retry/6/reveal", game.id)))
        .bearer_auth(&game.token)
        .send()
        .await
        .expect("the server answers")
        .json()
        .await
        .expect("JSON");
    assert_eq!(revealed, solved["solution"]);
    // The review agrees: the analysis still shows the same best move.
    assert_eq!(analysis(&app, &game.id).await["plies"][5]["best"], *best);
}

#[tokio::test]
async fn tries_need_the_token_a_legal_move_a_listed_ply_and_a_finished_analysis() {
    let app = spawn().await;
    let (game, _) = analysed(&app, SCHOLARS_MATE, "black").await;
    let anonymous = app
        .client
        .post(app.url(&format!("/api/games/{}/retry/6", game.id)))
        .json(&json!({ "move": "g6" }))
        .send()
        .await
        .expect("the server answers");
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "missing_token").await;
    expect_error(
        try_move(&app, &game, 6, "Ra6").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    expect_error(
        try_move(&app, &game, 6, "not a move").await,
        StatusCode::BAD_REQUEST,
        "invalid_move_notation",
    )
    .await;
    expect_error(
        try_move(&app, &game, 4, "Nf6").await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;

    // A game nobody asked to analyse has no mistakes to list yet.
    let fresh = app
        .create(json!({ "color": "black", "pgn": SCHOLARS_MATE }))
        .await;
    expect_error(
        get_retry(&app, &fresh).await,
        StatusCode::NOT_FOUND,
        "analysis_not_found",
    )
    .await;
}

#[tokio::test]
async fn a_retry_asked_while_the_analysis_runs_is_refused_until_it_is_done() {
    // A budget that keeps the analysis running while the request comes.
    let mut config = test_config();
    config.analysis_nodes = 5_000_000;
    config.analysis_quick_nodes = 0;
    let app = spawn_with(config).await;
    let game = app
        .create(json!({ "color": "black", "pgn": SCHOLARS_MATE }))
        .await;
    request_analysis(&app, &game).await;
    expect_error(
        get_retry(&app, &game).await,
        StatusCode::CONFLICT,
        "analysis_not_done",
    )
    .await;
}

#[tokio::test]
async fn prolonging_a_won_mate_is_never_a_mistake_to_retry() {
    let app = spawn().await;
    // Qe4+ mates in 2 (Stockfish 15.1); 1. Qa2+ takes three moves, and still mates.
    let pgn = "[FEN \"k7/8/1K6/8/8/8/8/1Q6 w - - 0 1\"]\n\n1. Qa2+ Kb8 2. Qa7+ Kc8 3. Qc7# 1-0";
    let (game, done) = analysed(&app, pgn, "white").await;
    assert_eq!(
        done["plies"][0]["judgment"],
        Value::Null,
        "{}",
        done["plies"][0]
    );
    let list = retry_list(&app, &game).await;
    assert_eq!(list["puzzles"], json!([]), "{list}");
}

#[tokio::test]
async fn in_a_mating_net_any_move_that_keeps_the_mate_solves_it() {
    let app = spawn().await;
    // 1. Qc7?? stalemates where Qc8# mates at once; Qh6 mates in two (Kb8 Qh8#), more slowly.
    let pgn = "[FEN \"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1\"]\n\n1. Qc7 1/2-1/2";
    let (game, _) = analysed(&app, pgn, "white").await;
    let list = retry_list(&app, &game).await;
    let plies: Vec<&Value> = list["puzzles"]
        .as_array()
        .expect("puzzles")
        .iter()
        .map(|p| &p["ply"])
        .collect();
    assert_eq!(
        plies,
        [&json!(1)],
        "the stalemate is the one mistake: {list}"
    );
    for (tried, verdict) in [("Qh6", "solved"), ("Qc8#", "solved"), ("Qc7", "wrong")] {
        let answer: Value = try_move(&app, &game, 1, tried)
            .await
            .json()
            .await
            .expect("JSON");
        assert_eq!(answer["verdict"], verdict, "{tried}: {answer}");
    }
}
