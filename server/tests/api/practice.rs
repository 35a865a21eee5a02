//! Practice (issue #41) against the real Stockfish: a key's deck holds its own side's mistakes
//! from every reviewed game of the key and nothing of another key's; nothing gives an answer
//! away before a solve or reveal; a solved card comes back later than a failed one.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::analysis::until_done;
use crate::helpers::{spawn_with, test_config, TestApp};

const KEY: &str = "kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE";
const OTHER_KEY: &str = "Zm9vYmFyYmF6cXV4cXV1eA_stranger";

/// Black to move in the Scholar's mate: 3... Nf6?? lets Qxf7# through.
const SCHOLARS: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
/// Black to move after 1. f3 e5 2. g4: Qh4# is there to play.
const FOOLS: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";

async fn spawn() -> TestApp {
    let mut config = test_config();
    config.analysis_nodes = 20_000;
    spawn_with(config).await
}

/// A game of `key` as black from `fen`, where black plays `uci`, then resigns if the game goes
/// on; reviewed. Its id and its analysis.
async fn reviewed(app: &TestApp, key: &str, fen: &str, uci: &str) -> (String, Value) {
    let id = app
        .ai_game(&[("level", "8"), ("color", "black"), ("fen", fen)], key)
        .await;
    app.board(&id, &format!("move/{uci}"), key).await;
    // The engine's reply (or mate), then black resigns what is left.
    let mut view = Value::Null;
    for _ in 0..3_000 {
        view = app
            .get(&format!("/api/games/{id}"))
            .await
            .json()
            .await
            .expect("JSON");
        if view["status"] != "ongoing" || view["ply"].as_u64() == Some(2) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // Two moves each before resigning (a shorter game is aborted, with no review): black's best
    // move (Stockfish's hint, so no mistake of its own to practise), and the reply.
    while view["status"] == "ongoing" && view["can_abort"] == true {
        let ply = view["ply"].as_u64().expect("a ply");
        let hint: Value = app
            .client
            .get(app.url(&format!("/api/games/{id}/hint")))
            .bearer_auth(key)
            .send()
            .await
            .expect("answers")
            .json()
            .await
            .expect("JSON");
        let best = hint["uci"].as_str().expect("a hint");
        app.board(&id, &format!("move/{best}"), key).await;
        for _ in 0..3_000 {
            view = app
                .get(&format!("/api/games/{id}"))
                .await
                .json()
                .await
                .expect("JSON");
            if view["status"] != "ongoing" || view["ply"].as_u64() == Some(ply + 2) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    if view["status"] == "ongoing" {
        app.board(&id, "resign", key).await;
    }
    let response = app
        .client
        .post(app.url(&format!("/api/games/{id}/analysis")))
        .bearer_auth(key)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let done = until_done(app, &id).await;
    (id, done)
}

async fn deck_text(app: &TestApp, key: &str) -> String {
    let response = app
        .client
        .get(app.url("/api/practice"))
        .bearer_auth(key)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.expect("a body")
}

async fn deck_of(app: &TestApp, key: &str) -> Value {
    serde_json::from_str(&deck_text(app, key).await).expect("JSON")
}

async fn post(app: &TestApp, path: &str, key: &str, body: Option<Value>) -> reqwest::Response {
    let request = app.client.post(app.url(path)).bearer_auth(key);
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    request.send().await.expect("answers")
}

async fn try_card(app: &TestApp, card: &str, key: &str, text: &str) -> Value {
    let path = format!("/api/practice/{card}/try");
    let response = post(app, &path, key, Some(json!({ "move": text }))).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("JSON")
}

/// The card of game `id` in `deck`.
fn card_of<'a>(deck: &'a Value, id: &str) -> &'a Value {
    deck["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .find(|card| card["game_id"] == id)
        .unwrap_or_else(|| panic!("a card of {id}: {deck}"))
}

#[tokio::test]
async fn a_keys_deck_holds_its_own_mistakes_from_every_game_and_gives_nothing_away() {
    let app = spawn().await;
    let (scholars, scholars_review) = reviewed(&app, KEY, SCHOLARS, "g8f6").await;
    let (fools, fools_review) = reviewed(&app, KEY, FOOLS, "b8c6").await;
    let (other, _) = reviewed(&app, OTHER_KEY, SCHOLARS, "g8f6").await;

    let text = deck_text(&app, KEY).await;
    let deck: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        deck["total"], 2,
        "one card per game, black's moves only: {deck}"
    );
    assert_eq!(deck["new"], 2);
    assert_eq!(deck["due_today"], 2);
    let card = card_of(&deck, &scholars);
    assert_eq!(card["id"], format!("{scholars}-1"));
    assert_eq!(card["fen"], SCHOLARS);
    assert_eq!(card["played"]["san"], "Nf6");
    assert_eq!(card["turn"], "black");
    assert_eq!(card["state"], "new");
    assert_eq!(card_of(&deck, &fools)["played"]["san"], "Nc6");
    assert!(
        !text.contains(&other),
        "another key's game is not in the deck: {text}"
    );
    // Nothing of the answers: no best move, line, solution or sentence.
    for review in [&scholars_review, &fools_review] {
        let best = review["plies"][0]["best"]["uci"]
            .as_str()
            .expect("a best move");
        assert!(!text.contains(&format!("\"{best}\"")), "{best}: {text}");
    }
    for key in ["best", "solution", "line", "sentence", "pv_san"] {
        assert!(!text.contains(&format!("\"{key}\"")), "no {key}: {text}");
    }
    assert_eq!(deck["weaknesses"]["by_phase"][0]["of"], 2, "{deck}");

    // The other key sees its own card only, and cannot try this key's: the refusal of a wrong
    // token, as retry gives it.
    let theirs = deck_of(&app, OTHER_KEY).await;
    assert_eq!(theirs["total"], 1);
    assert_eq!(theirs["cards"][0]["game_id"], other);
    let refused = post(
        &app,
        &format!("/api/practice/{scholars}-1/try"),
        OTHER_KEY,
        Some(json!({"move": "g7g6"})),
    )
    .await;
    let wrong_token = post(
        &app,
        &format!("/api/games/{scholars}/retry/1"),
        OTHER_KEY,
        Some(json!({"move": "g7g6"})),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(refused.status(), wrong_token.status());
    let (refused, wrong_token): (Value, Value) = (
        refused.json().await.expect("JSON"),
        wrong_token.json().await.expect("JSON"),
    );
    assert_eq!(refused["code"], wrong_token["code"], "{refused}");
    let revealed = post(
        &app,
        &format!("/api/practice/{scholars}-1/reveal"),
        OTHER_KEY,
        None,
    )
    .await;
    assert_eq!(revealed.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_card_solved_at_once_comes_back_later_than_one_failed_and_revealed() {
    let app = spawn().await;
    let (scholars, review) = reviewed(&app, KEY, SCHOLARS, "g8f6").await;
    let (fools, _) = reviewed(&app, KEY, FOOLS, "b8c6").await;

    // The Scholar's card, solved at the first try with the review's best move.
    let best = &review["plies"][0]["best"];
    let solved = try_card(
        &app,
        &format!("{scholars}-1"),
        KEY,
        best["uci"].as_str().expect("uci"),
    )
    .await;
    assert_eq!(solved["verdict"], "solved", "{solved}");
    assert_eq!(solved["grade"], "good");
    assert_eq!(solved["solution"]["best"], *best);
    assert!(
        solved["sentence"].is_string(),
        "the review's sentence: {solved}"
    );

    // The Fool's card: a wrong try (no answer, no grade), then revealed.
    let card = format!("{fools}-1");
    let wrong = try_card(&app, &card, KEY, "a7a6").await;
    assert_eq!(wrong["verdict"], "wrong", "{wrong}");
    for key in ["solution", "sentence", "grade"] {
        assert_eq!(wrong[key], Value::Null, "no {key} yet: {wrong}");
    }
    assert_eq!(wrong["state"], "new", "a wrong try alone grades nothing");
    let revealed: Value = post(&app, &format!("/api/practice/{card}/reveal"), KEY, None)
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(revealed["grade"], "again");
    assert_eq!(revealed["solution"]["best"]["san"], "Qh4#", "{revealed}");

    let solved_due = solved["due"].as_i64().expect("a due date");
    let failed_due = revealed["due"].as_i64().expect("a due date");
    assert!(solved_due > failed_due, "{solved} {revealed}");
    // Both are learning now, neither due this minute.
    let after = deck_of(&app, KEY).await;
    assert_eq!(after["learning"], 2, "{after}");
    assert_eq!(after["new"], 0);
    assert_eq!(after["cards"], json!([]));
}

/// Fool's mate as a finished PGN: white's 2. g4?? lets 2... Qh4# through.
const FOOLS_MATE_PGN: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";

/// `pgn` imported under `key` as `color`'s game, reviewed; its id.
async fn imported(app: &TestApp, key: &str, color: &str) -> String {
    let response = app
        .client
        .post(app.url("/api/games"))
        .bearer_auth(key)
        .json(&json!({ "color": color, "pgn": FOOLS_MATE_PGN }))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.expect("JSON");
    let id = created["id"].as_str().expect("an id").to_owned();
    let response = post(app, &format!("/api/games/{id}/analysis"), key, None).await;
    assert!(response.status().is_success(), "{}", response.status());
    until_done(app, &id).await;
    id
}

#[tokio::test]
async fn an_imported_pgn_gives_cards_of_the_side_its_importer_named() {
    let app = spawn().await;
    let as_white = imported(&app, KEY, "white").await;
    let as_black = imported(&app, OTHER_KEY, "black").await;

    let deck = deck_of(&app, KEY).await;
    let g4 = card_of(&deck, &as_white);
    assert_eq!(g4["id"], format!("{as_white}-3"), "{deck}");
    assert_eq!(g4["played"]["san"], "g4");
    for card in deck["cards"].as_array().expect("cards") {
        assert_eq!(card["turn"], "white", "white's moves only: {deck}");
    }
    // The same moves imported as black's game: black's moves are no mistakes, and white's are
    // not the player's.
    let theirs = deck_of(&app, OTHER_KEY).await;
    for card in theirs["cards"].as_array().expect("cards") {
        assert_eq!(card["turn"], "black", "black's moves only: {theirs}");
        assert_eq!(card["game_id"], as_black);
    }
    assert!(
        !theirs.to_string().contains(&format!("{as_black}-3")),
        "{theirs}"
    );
}

#[tokio::test]
async fn no_answer_before_a_solve_gives_the_solution_away_and_each_says_its_loss() {
    let app = spawn().await;
    let (fools, _) = reviewed(&app, KEY, FOOLS, "b8c6").await;
    let card = format!("{fools}-1");
    let position: alphachess_engine::Position = FOOLS.parse().expect("a FEN");
    let mut unsolved = 0;
    for m in position.legal_moves() {
        let uci = m.to_uci().to_string();
        if uci == "d8h4" {
            continue;
        }
        let answer = try_card(&app, &card, KEY, &uci).await;
        assert!(
            answer["loss"]
                .as_str()
                .is_some_and(|loss| loss.contains(" % → ")),
            "retry's words for the loss: {answer}"
        );
        if answer["verdict"] == "solved" {
            continue;
        }
        unsolved += 1;
        for key in ["solution", "sentence", "grade"] {
            assert_eq!(
                answer[key],
                Value::Null,
                "no {key} before a solve: {answer}"
            );
        }
        let text = answer.to_string();
        assert!(
            !text.contains("d8h4") && !text.contains("Qh4"),
            "{uci}: {text}"
        );
    }
    assert!(unsolved > 10, "{unsolved} unsolved tries");
    let text = deck_text(&app, KEY).await;
    assert!(!text.contains("d8h4") && !text.contains("Qh4"), "{text}");
}
