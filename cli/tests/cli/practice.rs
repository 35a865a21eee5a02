//! `alphachess practice`: the key's deck at the prompt, against the real server and Stockfish.

use std::thread::sleep;
use std::time::Duration;

use serde_json::Value;

use crate::helpers::{alphachess_with_env, spawn_server, TestServer};

const KEY: &str = "kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE";
/// Black to move in the Scholar's mate: 3... Nf6?? lets Qxf7# through.
const SCHOLARS: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";

fn get(server: &TestServer, path: &str) -> Value {
    reqwest::blocking::get(format!("{}{path}", server.url))
        .expect("answers")
        .json()
        .expect("JSON")
}

/// A game of [`KEY`] where black plays Nf6?? and is mated (or resigns), reviewed.
fn reviewed_blunder(server: &TestServer) {
    let http = reqwest::blocking::Client::new();
    let post = |path: &str| http.post(format!("{}{path}", server.url)).bearer_auth(KEY);
    let created: Value = post("/api/challenge/ai")
        .form(&[("level", "8"), ("color", "black"), ("fen", SCHOLARS)])
        .send()
        .expect("answers")
        .json()
        .expect("JSON");
    let id = created["id"].as_str().expect("an id").to_owned();
    let moved = post(&format!("/api/board/game/{id}/move/g8f6"))
        .send()
        .expect("answers");
    assert!(moved.status().is_success());
    for _ in 0..3_000 {
        let view = get(server, &format!("/api/games/{id}"));
        if view["status"] != "ongoing" {
            break;
        }
        if view["ply"] == 2 {
            post(&format!("/api/board/game/{id}/resign"))
                .send()
                .expect("answers");
            break;
        }
        sleep(Duration::from_millis(10));
    }
    let asked = post(&format!("/api/games/{id}/analysis"))
        .send()
        .expect("answers");
    assert!(asked.status().is_success());
    for _ in 0..3_000 {
        if get(server, &format!("/api/games/{id}/analysis"))["status"] == "done" {
            return;
        }
        sleep(Duration::from_millis(20));
    }
    panic!("the review of {id} never finished");
}

#[test]
fn a_due_card_is_tried_then_revealed_and_is_not_due_again_at_once() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    reviewed_blunder(&server);
    let args = ["practice", "--ascii", "--server", &server.url];
    let env = [("ALPHACHESS_KEY", KEY)];

    let run = alphachess_with_env(&args, "Nd4\nreveal\n", home.path(), &env);
    run.assert_success();
    let out = &run.stdout;
    assert!(
        out.contains("Practice — 1 due (1 new, 0 learning, 1 cards in all)."),
        "{out}"
    );
    assert!(
        out.contains("What you keep getting wrong: mates allowed: 1 of 1"),
        "{out}"
    );
    assert!(out.contains("Card 1 of 1 (blunder, "), "{out}");
    assert!(out.contains("you played Nf6."), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("8  r")),
        "the board: {out}"
    );
    let before_reveal = out
        .split("practice> reveal")
        .next()
        .expect("the transcript");
    assert!(before_reveal.contains("Wrong. Try again."), "{out}");
    assert!(
        before_reveal.contains("It allows a forced mate (") && before_reveal.contains(" → 0 %)."),
        "the try's loss in retry's words: {out}"
    );
    assert!(
        !before_reveal.contains("Best:"),
        "no answer before the reveal: {out}"
    );
    assert!(
        out.contains("You played: Allows mate in 1: Qxf7#."),
        "{out}"
    );
    assert!(out.contains("It comes back soon (in 1 min)."), "{out}");

    // Revealed, the card is due again in a minute, not now.
    let again = alphachess_with_env(&args, "", home.path(), &env);
    again.assert_success();
    assert!(again.stdout.contains("Nothing is due now."), "{again:?}");
}
