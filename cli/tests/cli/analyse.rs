//! `alphachess analyse`: the server's analysis board engine at the prompt, against the real
//! server and Stockfish.

use alphachess_engine::{Position, SanPlus};

use crate::helpers::{alphachess, spawn_server};

/// The rows of the last block of lines (`" 1.  +0.30  1... c5 2. Nf3"`) in `stdout`.
fn line_rows(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|line| {
            line.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .filter(|line| line.contains(". "))
        .collect()
}

/// The SAN moves of one row, move numbers left out.
fn san_of(row: &str) -> Vec<&str> {
    row.split_whitespace()
        .skip(2)
        .filter(|word| !word.ends_with('.'))
        .collect()
}

/// Checks every row's moves are legal in turn from `fen`, in the rules crate's SAN.
fn assert_legal(fen: &str, rows: &[&str]) {
    for row in rows {
        let mut position: Position = fen.parse().expect("a FEN");
        for san in san_of(row) {
            let m = position
                .legal_moves()
                .into_iter()
                .find(|&m| SanPlus::from_move(&position, m).to_string() == san)
                .unwrap_or_else(|| panic!("{san} is legal in {row:?}"));
            position.play(m).expect("legal");
        }
    }
}

#[test]
fn a_fen_gets_three_legal_lines_numbered_from_the_side_to_move_and_the_search_s_end() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let run = alphachess(&["analyse", fen, "--server", &server.url], "", home.path());
    run.assert_success();
    assert!(
        run.stdout.contains(&format!("Black to move: {fen}")),
        "{}",
        run.stdout
    );
    let rows = line_rows(&run.stdout);
    assert_eq!(rows.len(), 3, "{}", run.stdout);
    for (rank, row) in rows.iter().enumerate() {
        assert!(
            row.trim_start().starts_with(&format!("{}.", rank + 1)),
            "{row}"
        );
        assert!(
            row.contains(" 1... "),
            "numbered from black's first move: {row}"
        );
    }
    assert_legal(fen, &rows);
    assert!(
        run.stdout.lines().any(|l| l.starts_with("Done at depth ")),
        "{}",
        run.stdout
    );
    // Off a terminal, one block: no cursor movement in a transcript.
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
}

#[test]
fn a_saved_game_is_analysed_at_its_last_position_or_at_a_ply() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    alphachess(
        &["play", "--server", &server.url],
        "e4\nquit\n",
        home.path(),
    )
    .assert_success();
    // The latest saved game, after Stockfish's reply: white to move at ply 2.
    let run = alphachess(
        &["analyse", "--server", &server.url, "--lines", "2"],
        "",
        home.path(),
    );
    run.assert_success();
    assert!(run.stdout.contains("(ply 2 of 2)"), "{}", run.stdout);
    assert!(run.stdout.contains("White to move"), "{}", run.stdout);
    assert_eq!(line_rows(&run.stdout).len(), 2, "{}", run.stdout);

    let start = alphachess(&["analyse", "--ply", "0", "--lines", "1"], "", home.path());
    // Without --server the saved game goes back to its own server.
    start.assert_success();
    assert!(
        start.stdout.contains("at its start (ply 0 of 2)"),
        "{}",
        start.stdout
    );
    let rows = line_rows(&start.stdout);
    assert_eq!(rows.len(), 1, "{}", start.stdout);
    assert_legal(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &rows,
    );

    let past = alphachess(&["analyse", "--ply", "9"], "", home.path());
    assert_eq!(past.code, Some(1), "{past:#?}");
    assert!(
        past.stderr.contains("--ply 9 is past its end"),
        "{}",
        past.stderr
    );
}

#[test]
fn a_game_over_on_the_board_is_analysed_before_its_last_move() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    // Fool's mate, played by the player as black would need the engine's help: a finished PGN.
    let pgn = home.path().join("fools.pgn");
    std::fs::write(&pgn, "1. f3 e5 2. g4 Qh4# 0-1\n").expect("written");
    let opened = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--pgn",
            pgn.to_str().expect("UTF-8"),
        ],
        "quit\n",
        home.path(),
    );
    opened.assert_success();
    let run = alphachess(&["analyse", "--lines", "1"], "", home.path());
    run.assert_success();
    assert!(
        run.stdout.contains("after g4 (ply 3 of 4)"),
        "{}",
        run.stdout
    );
    let rows = line_rows(&run.stdout);
    assert!(
        rows[0].contains("Qh4#") && rows[0].contains("#-1"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_fen_typed_wrong_gets_the_server_s_message() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    let run = alphachess(
        &[
            "analyse",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--server",
            &server.url,
        ],
        "",
        home.path(),
    );
    assert_eq!(run.code, Some(1), "{run:#?}");
    assert!(run.stderr.contains("no king"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn the_moves_players_of_a_band_would_choose_are_shown_above_the_lines() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a temp dir");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let by_default = alphachess(
        &["analyse", fen, "--server", &server.url, "--lines", "1"],
        "",
        home.path(),
    );
    by_default.assert_success();
    assert!(
        by_default.stdout.contains("Rated 1500 (Maia): "),
        "{}",
        by_default.stdout
    );
    let run = alphachess(
        &["analyse", fen, "--server", &server.url, "--band", "1100"],
        "",
        home.path(),
    );
    run.assert_success();
    let row = run
        .stdout
        .lines()
        .find_map(|line| line.strip_prefix("Rated 1100 (Maia): "))
        .unwrap_or_else(|| panic!("a row of the band's moves: {}", run.stdout));
    let moves: Vec<(&str, &str)> = row
        .split(", ")
        .map(|m| m.split_once(' ').expect("a move and its share"))
        .collect();
    assert_eq!(moves.len(), 5, "{row}");
    assert!(["e5", "c5"].contains(&moves[0].0), "{row}");
    let position: Position = fen.parse().expect("a FEN");
    for (san, share) in moves {
        assert!(share.ends_with('%'), "{row}");
        assert!(
            position
                .legal_moves()
                .into_iter()
                .any(|m| SanPlus::from_move(&position, m).to_string() == san),
            "{san} is legal: {row}"
        );
    }
    assert_eq!(line_rows(&run.stdout).len(), 3, "the engine's lines too");

    let refused = alphachess(&["analyse", fen, "--band", "1550"], "", home.path());
    assert_eq!(refused.code, Some(2), "{refused:#?}");
    assert!(
        refused.stderr.contains("1550 is not a band"),
        "{}",
        refused.stderr
    );
}
