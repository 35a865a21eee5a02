//! `alphachess review`: the review and the retry loop at the prompt, against the real server and
//! Stockfish.

use std::path::Path;

use crate::helpers::{alphachess, spawn_server, TestServer};

/// Black's 3... Nf6?? lets Qxf7# through.
const SCHOLARS_MATE: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// Saves the Scholar's mate, finished, as the latest game of `home`, played as `color`.
fn scholars_mate_as(server: &TestServer, home: &Path, color: &str) {
    let pgn = home.join("scholars.pgn");
    std::fs::write(&pgn, SCHOLARS_MATE).expect("written");
    let path = pgn.to_str().expect("UTF-8");
    alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--color",
            color,
            "--pgn",
            path,
        ],
        "",
        home,
    )
    .assert_success();
}

#[test]
fn a_finished_game_is_reviewed_and_its_mistake_retried_until_solved() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    scholars_mate_as(&server, home.path(), "black");

    // A wrong try, then the answer revealed.
    let first = alphachess(&["review", "--ascii"], "Nd4\nreveal\n", home.path());
    first.assert_success();
    let out = &first.stdout;
    assert!(out.contains("Accuracy: White "), "{out}");
    assert!(out.contains("Eval:  "), "{out}");
    assert!(
        out.contains("ply 6 (You): blunder — Allows mate in 1: Qxf7#."),
        "the key moment with its sentence: {out}"
    );
    assert!(
        out.contains("Mistake 1 of 1 (ply 6): you played Nf6. It allows a forced mate ("),
        "the loss in words (issue #38): {out}"
    );
    // The board of the position, black at the bottom (the player's side).
    assert!(out.lines().any(|l| l.starts_with("8  r")), "{out}");
    let before_reveal = out.split("retry> reveal").next().expect("the transcript");
    assert!(
        before_reveal.contains("retry> Nd4\nWrong. Try again."),
        "{out}"
    );
    assert!(
        !before_reveal.contains("Best:"),
        "no answer before it is asked for: {out}"
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("Best: "))
        .and_then(|rest| rest.split(' ').next())
        .expect("the revealed best move")
        .to_owned();
    assert!(out.contains("Solved 0 of 1."), "{out}");

    // The revealed move, tried: solved.
    let second = alphachess(&["review"], &format!("{best}\n"), home.path());
    second.assert_success();
    assert!(
        second.stdout.contains(&format!("retry> {best}\nSolved!")),
        "{}",
        second.stdout
    );
    assert!(
        second.stdout.contains("Solved 1 of 1."),
        "{}",
        second.stdout
    );
}

#[test]
fn a_game_with_no_mistake_of_the_player_s_says_so() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    // As white, the winner: no mistake to retry.
    scholars_mate_as(&server, home.path(), "white");
    let run = alphachess(&["review"], "", home.path());
    run.assert_success();
    assert!(
        run.stdout.contains("No mistakes of yours to retry."),
        "{}",
        run.stdout
    );
}
