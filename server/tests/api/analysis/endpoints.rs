//! The endpoints: a review asked for, refused, started by itself when a game ends, answered from
//! the cache, and described in the API document.

use super::*;
use crate::helpers::expect_error;

#[tokio::test]
async fn the_analysis_of_the_scholar_s_mate_finds_nf6_a_blunder_and_ends_on_mate() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    assert_eq!(game.view["status"], "finished");
    let started = request_analysis(&app, &game).await;
    assert!(
        ["queued", "running"].contains(&started["status"].as_str().unwrap_or_default()),
        "{started}"
    );
    assert_eq!(
        started["progress"]["total"], 7,
        "positions 0 to 6; the mate is not searched"
    );
    assert_eq!(started["accuracy"], Value::Null);
    assert_eq!(started["summary"], Value::Null);

    let done = until_done(&app, &game.id).await;
    assert_eq!(done["progress"], json!({"done": 7, "quick": 7, "total": 7}));
    let plies = done["plies"].as_array().expect("plies");
    let numbers: Vec<u64> = plies.iter().filter_map(|p| p["ply"].as_u64()).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7]);
    let nf6 = &plies[5];
    assert_eq!(nf6["judgment"], "blunder", "{nf6}");
    assert_ne!(nf6["best"]["san"], "Nf6", "{nf6}");
    assert_eq!(
        nf6["eval"],
        json!({"mate": 1}),
        "after Nf6 white mates in one"
    );
    assert_eq!(nf6["pv_san"][0], nf6["best"]["san"]);
    let mate = &plies[6];
    assert_eq!(mate["eval"], json!({"mate": 0}));
    assert_eq!(
        mate["best"]["san"], "Qxf7#",
        "Stockfish finds the mate played"
    );
    assert_eq!(mate["judgment"], Value::Null);
    for side in ["white", "black"] {
        let accuracy = done["accuracy"][side].as_f64().expect("an accuracy");
        assert!((0.0..=100.0).contains(&accuracy), "{side}: {accuracy}");
        assert!(done["summary"][side]["acpl"].is_u64(), "{done}");
    }
    assert!(done["summary"]["black"]["blunders"].as_u64() >= Some(1));

    // Idempotent: the same analysis again, and no second run.
    let searched = searches(&app);
    assert!(
        searched >= 14,
        "a quick and a final search per position: {searched}"
    );
    let again = request_analysis(&app, &game).await;
    assert_eq!(again, done);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(analysis(&app, &game.id).await, done);
    assert_eq!(searches(&app), searched, "asking again searched nothing");
}

#[tokio::test]
async fn an_analysis_needs_a_finished_game_and_its_token_but_reading_it_needs_neither() {
    let app = spawn_analysing().await;
    let ongoing = app.create(json!({ "color": "white" })).await;
    let response = post_analysis(&app, &ongoing.id, Some(&ongoing.token)).await;
    expect_error(response, StatusCode::CONFLICT, "game_not_finished").await;

    let finished = imported(&app, SCHOLARS_MATE).await;
    let path = format!("/api/games/{}/analysis", finished.id);
    let never_asked = app.get(&path).await;
    expect_error(never_asked, StatusCode::NOT_FOUND, "analysis_not_found").await;
    let wrong_token = post_analysis(&app, &finished.id, Some("not-the-token")).await;
    expect_error(wrong_token, StatusCode::UNAUTHORIZED, "wrong_token").await;
    let no_token = post_analysis(&app, &finished.id, None).await;
    expect_error(no_token, StatusCode::UNAUTHORIZED, "missing_token").await;
    let unknown = app.get("/api/games/zzzzzzzzzzzz/analysis").await;
    expect_error(unknown, StatusCode::NOT_FOUND, "game_not_found").await;
    // None of the refused requests started anything.
    expect_error(
        app.get(&path).await,
        StatusCode::NOT_FOUND,
        "analysis_not_found",
    )
    .await;

    request_analysis(&app, &finished).await;
    // The public read, without a token.
    let read = app.get(&path).await;
    assert_eq!(read.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_live_game_s_analysis_starts_by_itself_when_the_player_resigns() {
    let app = spawn_analysing().await;
    let game = app.create(json!({ "color": "white" })).await;
    app.play(&game, "e4").await;
    // Two moves each: resigning earlier aborts the game, which has no review.
    app.play(&game, "h3").await;
    let resigned = app.action(&game, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    let started = analysis(&app, &game.id).await;
    assert!(
        ["queued", "running", "done"].contains(&started["status"].as_str().unwrap_or_default()),
        "{started}"
    );
    let done = until_done(&app, &game.id).await;
    assert_eq!(
        done["progress"],
        json!({"done": 5, "quick": 5, "total": 5}),
        "a resigned game's final position is searched too"
    );
    assert_eq!(done["plies"].as_array().map(Vec::len), Some(4));
}

#[tokio::test]
async fn the_engine_s_mating_reply_starts_the_analysis_too() {
    let app = spawn_analysing().await;
    // 1. f3 e5, the player white: 2. g4 lets the engine mate with Qh4#.
    let game = imported(&app, "1. f3 e5 *").await;
    let view = app.play(&game, "g4").await;
    assert_eq!(view["reason"], "checkmate", "{view}");
    let done = until_done(&app, &game.id).await;
    assert_eq!(done["plies"][3]["eval"], json!({"mate": 0}));
    assert_eq!(done["plies"][2]["judgment"], "blunder", "2. g4??");
}

#[tokio::test]
async fn the_api_document_describes_the_analysis_endpoints_schemas_event_and_codes() {
    let app = spawn_analysing().await;
    let document = app.openapi().await;
    let path = &document["paths"]["/api/games/{id}/analysis"];
    assert!(path["post"]["responses"]["202"].is_object(), "{path}");
    assert!(path["post"]["responses"]["409"].is_object(), "{path}");
    assert!(path["get"]["responses"]["200"].is_object(), "{path}");
    let schemas = &document["components"]["schemas"];
    for name in [
        "Analysis",
        "AnalysedPly",
        "AnalysisEvent",
        "Eval",
        "Judgment",
        "Opening",
    ] {
        assert!(schemas[name].is_object(), "{name} is described");
    }
    assert!(schemas["GameView"]["properties"]["opening"].is_object());
    let codes = schemas["ErrorCode"]["enum"].as_array().expect("the codes");
    for code in ["game_not_finished", "analysis_not_found"] {
        assert!(codes.contains(&json!(code)), "{code}");
    }
    let stream = document["paths"]["/api/games/{id}/events"].to_string();
    assert!(stream.contains("event: analysis"), "{stream}");
}

#[tokio::test]
async fn a_second_review_of_the_same_moves_is_answered_from_the_cache_without_a_search() {
    let app = spawn_analysing().await;
    let first = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &first).await;
    let done = until_done(&app, &first.id).await;
    let searched = searches(&app);

    let second = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &second).await;
    let again = until_done(&app, &second.id).await;
    assert_eq!(
        searches(&app),
        searched,
        "no engine search for a game already judged"
    );
    assert_eq!(again["plies"], done["plies"], "the same judgments");
    assert_eq!(again["summary"], done["summary"]);
}
