//! *Great* moves (issue #25): the engine's best move where every other move is a Mistake or
//! worse, found by the position's own search with a second line (`MultiPV 2`, issue #43),
//! checked here against a Stockfish of the test's own searching with `MultiPV 2`, and kept
//! across a restart.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use alphachess_server::Application;
use alphachess_testkit::stockfish;
use serde_json::json;

use crate::analysis::{analysis, request_analysis, until_done};
use crate::helpers::{spawn_with, test_config_on_disk, TestApp};

/// Nodes per position: the review's budget in this test.
const NODES: u64 = 50_000;

/// Morphy's Opera game: 16. Qb8+!! Nxb8 17. Rd8# is the only win (hand-labelled); 10... cxb5,
/// 13... Rxd7 and 15... Nxd7 take back on the square just taken on.
const OPERA_GAME: &str = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
    7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0";

const QB8: usize = 31;
const RECAPTURES: [usize; 3] = [20, 26, 30];

/// The mover's expected points of a score from the mover's side (`cp`, or a mate's sign).
fn expected(cp: Option<f64>, mate: Option<i64>) -> f64 {
    match (cp, mate) {
        (Some(cp), _) => (1.0 + (2.0 / (1.0 + (-0.00368208 * cp).exp()) - 1.0)) / 2.0,
        (None, Some(mate)) if mate > 0 => 1.0,
        _ => 0.0,
    }
}

/// The two best lines of `fen` by Stockfish with `MultiPV 2` at `nodes`: each line's first move
/// (UCI) and expected points for the side to move.
fn two_best(fen: &str, nodes: u64) -> [(String, f64); 2] {
    let mut engine = Command::new(stockfish())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("Stockfish starts");
    let mut input = engine.stdin.take().expect("stdin");
    writeln!(
        input,
        "uci\nsetoption name Threads value 1\nsetoption name MultiPV value 2\n\
         position fen {fen}\ngo nodes {nodes}"
    )
    .expect("the engine reads");
    let mut lines: [(String, f64); 2] = Default::default();
    for line in BufReader::new(engine.stdout.take().expect("stdout")).lines() {
        let line = line.expect("a line");
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"bestmove") {
            break;
        }
        let after = |key: &str| {
            let at = words.iter().position(|w| *w == key)?;
            words.get(at + 1).copied()
        };
        let (Some(index), Some(first)) = (after("multipv"), after("pv")) else {
            continue;
        };
        if words.contains(&"lowerbound") || words.contains(&"upperbound") {
            continue;
        }
        let cp = after("cp").and_then(|v| v.parse::<f64>().ok());
        let mate = after("mate").and_then(|v| v.parse::<i64>().ok());
        let slot = if index == "1" { 0 } else { 1 };
        lines[slot] = (first.to_owned(), expected(cp, mate));
    }
    let _ = writeln!(input, "quit");
    let _ = engine.wait();
    lines
}

#[tokio::test]
async fn the_only_winning_move_is_great_recaptures_never_and_it_survives_a_restart() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut config = test_config_on_disk(&dir);
    config.analysis_nodes = NODES;
    let first = Application::build(&config).await.expect("starts");
    let stopper = first.stopper();
    let app = TestApp::of(&first);
    let running = tokio::spawn(first.run_until_stopped());

    let game = app
        .create(json!({ "color": "white", "pgn": OPERA_GAME }))
        .await;
    request_analysis(&app, &game).await;
    let done = until_done(&app, &game.id).await;
    let plies = done["plies"].as_array().expect("plies").clone();
    let class = |ply: usize| plies[ply - 1]["class"].as_str().unwrap_or("").to_owned();
    let classes: Vec<String> = (1..=plies.len()).map(class).collect();

    assert_eq!(class(QB8), "great", "16. Qb8+: {:?}", classes);
    for ply in RECAPTURES {
        assert_ne!(class(ply), "great", "ply {ply} takes back");
    }

    // Every Great move, checked by a search of our own: it is the best line, and the second
    // line is much worse (half the threshold, for the difference between the two searches).
    let view = app.view(&game).await;
    let positions = crate::analysis::positions_of(&view);
    let greats: Vec<usize> = (1..=plies.len()).filter(|&p| class(p) == "great").collect();
    for &ply in &greats {
        let fen = positions[ply - 1].to_fen();
        let [best, second] = two_best(&fen, NODES * 4);
        let played = view["moves"][ply - 1]["uci"].as_str().expect("uci");
        assert_eq!(best.0, played, "ply {ply}: the reference's best move");
        assert!(
            best.1 - second.1 > 0.05,
            "ply {ply}: the best {best:?}, the second {second:?}"
        );
    }

    // Kept with the review: after a restart the stored rows give the same classes.
    stopper.cancel();
    running
        .await
        .expect("the server task ends")
        .expect("stops cleanly");
    let second = spawn_with(config).await;
    let again = analysis(&second, &game.id).await;
    let reloaded: Vec<&str> = again["plies"]
        .as_array()
        .expect("plies")
        .iter()
        .map(|p| p["class"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(reloaded, classes, "the same classes after a restart");
}
