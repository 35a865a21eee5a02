//! The `perft` binary, called exactly as users and `./build.sh test` call it.

use std::process::{Command, Output};

/// Runs the perft binary with `args`.
fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("the perft binary runs")
}

/// The standard output as lines.
fn lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn depth_alone_counts_the_start_position_and_ends_with_nodes_searched() {
    let output = perft(&["3"]);
    assert!(output.status.success());
    assert_eq!(
        lines(&output).last().map(String::as_str),
        Some("Nodes searched: 8902")
    );
}

#[test]
fn a_fen_may_follow_the_depth_as_one_or_several_arguments() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = perft(&["2", kiwipete]);
    assert_eq!(
        lines(&output).last().map(String::as_str),
        Some("Nodes searched: 2039")
    );
    let split: Vec<&str> = std::iter::once("2").chain(kiwipete.split(' ')).collect();
    assert_eq!(
        lines(&perft(&split)).last().map(String::as_str),
        Some("Nodes searched: 2039")
    );
}

#[test]
fn divide_prints_one_stockfish_style_line_per_root_move() {
    let output = perft(&["--divide", "2"]);
    let lines = lines(&output);
    let moves: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(moves.len(), 20);
    assert!(lines.contains(&"e2e4: 20".to_string()), "{lines:?}");
    assert!(lines.contains(&"g1f3: 20".to_string()), "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 400")
    );
}

#[test]
fn an_epd_suite_prints_a_line_per_position_and_a_summary() {
    let dir = std::env::temp_dir().join(format!("alphachess-perft-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("good.epd");
    std::fs::write(
        &good,
        "# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902\n\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191\n",
    )
    .expect("write");
    let output = perft(&[
        "--epd",
        good.to_str().expect("utf-8 path"),
        "--max-depth",
        "2",
    ]);
    let lines = lines(&output);
    assert!(output.status.success(), "{lines:?}");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("ok   line 2:"), "{lines:?}");
    assert!(
        lines[2].starts_with("2 positions, 0 failed, 625 nodes in "),
        "{lines:?}"
    );
    assert!(lines[2].ends_with("Mnps)"), "{lines:?}");

    let bad = dir.join("bad.epd");
    std::fs::write(
        &bad,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 401\n",
    )
    .expect("write");
    let output = perft(&["--epd", bad.to_str().expect("utf-8 path")]);
    assert!(!output.status.success());
    let failed = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        failed.starts_with("FAIL line 1: depth 2: expected 401, got 400"),
        "{failed}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_arguments_exit_with_usage() {
    for args in [
        &[][..],
        &["x"],
        &["3", "not a fen"],
        &["--epd"],
        &["--epd", "/nonexistent/suite.epd"],
    ] {
        let output = perft(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}
