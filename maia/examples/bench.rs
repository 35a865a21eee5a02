//! Measures the crate (run by hand, never by tests):
//! - the memory the nine networks take: resident set size before and after loading them;
//! - one policy evaluation's time on one thread, p50 and p99 over the positions of the games;
//! - move matching: how often each network's most likely move is the move a human played.
//!
//! ```sh
//! cargo run --release -p alphachess-maia --example bench -- [GAMES.pgn ...]
//! ```
//! Without arguments it reads engine/tests/data/famous.pgn. Only games from the standard start
//! position are used; games that are not standard chess fail to read and are skipped, and moves
//! by a player named like an engine (Deep Blue, Stockfish, "Computer") are left out of the
//! matching (their positions are still timed).

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use alphachess_engine::pgn::Reader;
use alphachess_engine::{Game, Move, Position};
use alphachess_maia::{Band, Networks};

/// The most positions timed (the matching uses all of them).
const TIMED_POSITIONS: usize = 500;

/// One position of a game: the game up to it, and the move played there.
struct Sample {
    history: Vec<Position>,
    played: Move,
    /// Whether a person (not an engine) played `played`.
    human: bool,
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let args: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let files = if args.is_empty() {
        vec![root.join("engine/tests/data/famous.pgn")]
    } else {
        args
    };

    let before = resident_kib();
    let networks = Networks::load(root.join("server/data/maia")).expect("the networks load");
    let after = resident_kib();
    println!(
        "memory: RSS {:.1} MiB before loading, {:.1} MiB after; the nine networks take {:.1} MiB",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after - before) as f64 / 1024.0
    );

    let samples: Vec<Sample> = files.iter().flat_map(|f| samples(f)).collect();
    let humans = samples.iter().filter(|s| s.human).count();
    println!(
        "{} positions from {} file(s), {humans} of them human moves",
        samples.len(),
        files.len()
    );

    time_policy(&networks, &samples);
    for band in Band::ALL {
        let network = networks.get(band);
        let matched = samples
            .iter()
            .filter(|s| s.human)
            .filter(|s| network.evaluate(&s.history).policy.best() == Some(s.played))
            .count();
        println!(
            "move matching {band}: {matched} of {humans} human moves ({:.1} %)",
            100.0 * matched as f64 / humans.max(1) as f64
        );
    }
}

/// One evaluation at a time on this thread, maia-1500, each position once.
fn time_policy(networks: &Networks, samples: &[Sample]) {
    let network = networks.get(Band::R1500);
    let timed = &samples[..samples.len().min(TIMED_POSITIONS)];
    let _ = network.evaluate(&timed[0].history); // warm-up
    let mut times: Vec<Duration> = timed
        .iter()
        .map(|s| {
            let start = Instant::now();
            let evaluation = network.evaluate(&s.history);
            let elapsed = start.elapsed();
            assert!(!evaluation.policy.is_empty());
            elapsed
        })
        .collect();
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "policy evaluation (maia-1500, one thread, {} positions): p50 {:.2} ms, p99 {:.2} ms, mean {:.2} ms, max {:.2} ms",
        times.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(mean),
        ms(times[times.len() - 1])
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Every position of every standard game in `path` at which a move was played.
fn samples(path: &Path) -> Vec<Sample> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for read in Reader::new(BufReader::new(file)) {
        let Ok(pgn) = read else { continue };
        let game: &Game = &pgn.game;
        if game.initial_position() != &Position::startpos() {
            continue;
        }
        let engine = |tag: &str| {
            let name = pgn.tags.get(tag).unwrap_or("").to_lowercase();
            ["deep blue", "stockfish", "computer"]
                .iter()
                .any(|e| name.contains(e))
        };
        let (white_human, black_human) = (!engine("White"), !engine("Black"));
        let positions = game.positions();
        for (ply, &played) in game.moves().iter().enumerate() {
            out.push(Sample {
                history: positions[..=ply].to_vec(),
                played,
                human: if ply % 2 == 0 {
                    white_human
                } else {
                    black_human
                },
            });
        }
    }
    out
}

/// This process's resident set size in KiB (Linux), 0 elsewhere.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
