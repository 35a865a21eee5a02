//! No user text reaches Stockfish's stdin: hostile FENs, moves and PGNs are refused (or reduced to
//! validated moves), and a recording wrapper shows every line the engine received is allow-listed.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{expect_error, spawn_with, stockfish, test_config, TestApp};

/// Writes a wrapper that appends its stdin to `dir/stdin.log` and passes it on to Stockfish.
pub fn recording_engine(dir: &Path) -> PathBuf {
    let script = dir.join("recording-stockfish.sh");
    let log = dir.join("stdin.log");
    let text = format!(
        "#!/bin/sh\ntee -a '{}' | '{}'\n",
        log.display(),
        stockfish().display()
    );
    std::fs::write(&script, text).expect("write the wrapper");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    script
}

/// Whether a line is one the supervisor may send.
pub fn allowed(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    let uci_move = |w: &&str| {
        let b = w.as_bytes();
        (b.len() == 4 || b.len() == 5)
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
            && (b.len() == 4 || b"qrbn".contains(&b[4]))
    };
    match words.as_slice() {
        ["uci"] | ["isready"] | ["ucinewgame"] | ["stop"] | ["quit"] => true,
        ["setoption", "name", "Threads" | "Hash", "value", n] => n.parse::<u32>().is_ok(),
        ["setoption", "name", "Skill", "Level", "value", n] => {
            n.parse::<u8>().is_ok_and(|n| n <= 20)
        }
        ["go", "depth", d, "movetime", t] => d.parse::<u32>().is_ok() && t.parse::<u64>().is_ok(),
        ["position", "fen", fields @ ..] => {
            let (fen, rest) = fields.split_at(fields.len().min(6));
            alphachess_engine::Position::from_fen(&fen.join(" ")).is_ok()
                && match rest {
                    [] => true,
                    ["moves", moves @ ..] => !moves.is_empty() && moves.iter().all(uci_move),
                    _ => false,
                }
        }
        _ => false,
    }
}

async fn spawn_recorded(dir: &Path) -> TestApp {
    let mut config = test_config();
    config.stockfish = vec![recording_engine(dir).into()];
    spawn_with(config).await
}

#[tokio::test]
async fn injected_uci_commands_are_refused_and_stockfish_never_sees_them() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let pwned = dir.path().join("pwned");
    let app = spawn_recorded(dir.path()).await;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let debug_log = format!("setoption name Debug Log File value {}", pwned.display());

    for fen in [
        format!("{start}\ngo infinite"),
        format!("{start}\n{debug_log}"),
        format!("{start}\rquit"),
        format!("{start} moves e2e4\ngo infinite"),
        "8/8/8/8/8/8/8/8 w - - 0 1".to_owned(),
    ] {
        let response = app
            .create_raw(&json!({ "color": "black", "fen": fen }))
            .await;
        expect_error(response, StatusCode::BAD_REQUEST, "invalid_fen").await;
    }

    let game = app.create(json!({ "color": "white" })).await;
    for text in [
        "e2e4\ngo infinite",
        "e2e4\nquit",
        &debug_log,
        "go infinite",
        "e2e4\r",
    ] {
        let response = app.play_raw(&game, json!({ "move": text })).await;
        expect_error(response, StatusCode::BAD_REQUEST, "invalid_move_notation").await;
    }

    // Comments and tags are free text in PGN; only the validated moves may travel on.
    let pgn = format!(
        "[Event \"go infinite\"]\n[White \"{debug_log}\"]\n\n1. e4 {{\ngo infinite\n{debug_log}\n}} e5 *"
    );
    let imported = app.create(json!({ "color": "white", "pgn": pgn })).await;
    assert_eq!(imported.view["ply"], 2);
    app.play(&imported, "Nf3").await;
    app.play(&game, "e4").await;

    let log = std::fs::read_to_string(dir.path().join("stdin.log")).expect("the wrapper logged");
    assert!(
        log.contains("go depth 4 movetime"),
        "the engine was used: {log}"
    );
    for line in log.lines() {
        assert!(
            allowed(line),
            "Stockfish received a line off the allow-list: {line:?}"
        );
    }
    assert!(
        !log.contains("infinite") && !log.contains("Debug Log File"),
        "{log}"
    );
    assert!(!pwned.exists(), "no file was written through the engine");
}
