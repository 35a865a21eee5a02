//! Our policy against the Maia authors' own code (maia/tests/data/reference-policy.json, written
//! by maia/reference/make_fixture.py from their TensorFlow network on lc0-encoded positions):
//! the same legal moves, the same top move everywhere, every probability within 1e-3, and
//! every log-probability close, so that swapping two unlikely moves (an underpromotion for
//! another) fails too.

use std::collections::HashMap;

use alphachess_engine::{Game, Position, UciMove};
use alphachess_maia::{policy_index, Network};
use serde_json::Value;

const FIXTURE: &str = include_str!("data/reference-policy.json");
const WEIGHTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../server/data/maia");

/// The largest difference allowed between our probability of a move and the reference's.
const PROBABILITY_TOLERANCE: f64 = 1e-3;
/// The largest difference allowed between log-probabilities, for moves above 1e-6.
const LOG_TOLERANCE: f64 = 1e-2;

fn fixture() -> Value {
    serde_json::from_str(FIXTURE).expect("the fixture is JSON")
}

/// The entry's game: its moves from the start position, or from `start_fen` when it has one.
fn game(entry: &Value) -> Game {
    let mut game = match entry.get("start_fen").and_then(Value::as_str) {
        Some(fen) => Game::new(Position::from_fen(fen).expect("a valid FEN")),
        None => Game::default(),
    };
    for text in entry["moves"].as_array().expect("moves is a list") {
        let uci: UciMove = text.as_str().expect("a string").parse().expect("UCI");
        let m = uci.to_move(game.position()).expect("legal");
        game.play(m).expect("the game goes on");
    }
    game
}

/// Every disagreement of the network `band` with the fixture, one line each: legal moves, top
/// move, every probability, and the value head.
fn disagreements(band: &str) -> Vec<String> {
    let fixture = fixture();
    let entries = fixture["networks"][band]
        .as_array()
        .expect("the fixture has this network");
    assert!(entries.len() >= 30, "{band}: at least 30 positions");
    let from_fens = entries
        .iter()
        .filter(|e| e.get("start_fen").is_some())
        .count();
    assert!(
        from_fens >= 2,
        "{band}: games that start from a FEN fill their history"
    );
    let network = Network::load(format!("{WEIGHTS}/{band}.pb.gz")).expect("the network loads");
    let mut problems = Vec::new();
    for entry in entries {
        let name = format!("{band}, {}", entry["name"].as_str().expect("a name"));
        let game = game(entry);
        let evaluation = network.evaluate(game.positions());
        let top = evaluation.policy.best().map(|m| m.to_string());
        if top.as_deref() != entry["top"].as_str() {
            problems.push(format!(
                "{name}: top move {top:?}, reference {}",
                entry["top"]
            ));
        }
        let ours: HashMap<String, f64> = evaluation
            .policy
            .iter()
            .map(|&(m, p)| (m.to_string(), f64::from(p)))
            .collect();
        let reference = entry["policy"].as_object().expect("policy is an object");
        if ours.len() != reference.len() {
            problems.push(format!(
                "{name}: {} legal moves, reference {}",
                ours.len(),
                reference.len()
            ));
        }
        for (uci, want) in reference {
            let want = want.as_f64().expect("a probability");
            let Some(&got) = ours.get(uci) else {
                problems.push(format!("{name}: {uci} is not among our legal moves"));
                continue;
            };
            let log_off = want > 1e-6 && (got.ln() - want.ln()).abs() > LOG_TOLERANCE;
            if (got - want).abs() > PROBABILITY_TOLERANCE || log_off {
                problems.push(format!("{name}: {uci} has {got:.6}, reference {want:.6}"));
            }
        }
        let wdl = entry["wdl"].as_array().expect("three numbers");
        for (got, want) in evaluation.wdl.iter().zip(wdl) {
            if (f64::from(*got) - want.as_f64().expect("a number")).abs() > PROBABILITY_TOLERANCE {
                problems.push(format!(
                    "{name}: wdl {:?}, reference {wdl:?}",
                    evaluation.wdl
                ));
                break;
            }
        }
    }
    problems
}

fn assert_agrees(band: &str) {
    let problems = disagreements(band);
    assert!(
        problems.is_empty(),
        "{} disagreements:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn our_move_index_is_the_authors_policy_index() {
    let fixture = fixture();
    let theirs: Vec<&str> = fixture["policy_index"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string"))
        .collect();
    assert_eq!(policy_index(), theirs);
}

#[test]
fn the_fixture_covers_the_weakest_and_strongest_bands() {
    let fixture = fixture();
    let networks = fixture["networks"].as_object().expect("networks");
    let names: Vec<&str> = networks.keys().map(String::as_str).collect();
    assert_eq!(names, ["maia-1100", "maia-1500", "maia-1900"]);
}

#[test]
fn maia_1100_agrees_with_the_authors_code_on_every_reference_position() {
    assert_agrees("maia-1100");
}

#[test]
fn maia_1500_agrees_with_the_authors_code_on_every_reference_position() {
    assert_agrees("maia-1500");
}

#[test]
fn maia_1900_agrees_with_the_authors_code_on_every_reference_position() {
    assert_agrees("maia-1900");
}
