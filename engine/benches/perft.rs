//! Perft speed on the five standard positions (startpos d6, Kiwipete d5, position 3 d6,
//! position 4 d5, position 5 d5), for this crate and, in the same run, for cozy-chess 0.3.4 and
//! shakmaty (dev-dependencies used only here, for comparison). Every run asserts the node counts.
//!
//! `cargo bench -p alphachess-engine --bench perft -- --warm-up-time 1 --measurement-time 5`
//!
//! Criterion reports throughput in elements per second: one element is one perft leaf node, so
//! "Melem/s" reads as Mnps. After criterion, an interleaved comparison (rounds set by
//! `PERFT_ROUNDS`, default 3, 0 to skip) prints the median Mnps of each generator and the ratios,
//! which are more trustworthy than separate criterion runs on a shared, noisy machine.

use std::hint::black_box;
use std::time::Instant;

use alphachess_engine::{perft, Position};
use criterion::{Criterion, Throughput};

/// (name, FEN, depth, expected leaf nodes).
const POSITIONS: [(&str, &str, u32, u64); 5] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
];

/// The leaf nodes of all five positions together.
fn total_nodes() -> u64 {
    POSITIONS.iter().map(|p| p.3).sum()
}

/// A perft implementation under comparison: counts the five positions, asserting each count.
trait Generator {
    /// The name printed in the report.
    const NAME: &'static str;
    /// Prepares one position.
    fn new(fen: &str) -> Self;
    /// Leaf nodes at `depth`.
    fn perft(&self, depth: u32) -> u64;
}

impl Generator for Position {
    const NAME: &'static str = "alphachess";
    fn new(fen: &str) -> Self {
        Position::from_fen(fen).expect("valid fen")
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}

impl Generator for cozy_chess::Board {
    const NAME: &'static str = "cozy-chess";
    fn new(fen: &str) -> Self {
        cozy_chess::Board::from_fen(fen, false).expect("valid fen")
    }
    fn perft(&self, depth: u32) -> u64 {
        cozy_perft(self, depth)
    }
}

impl Generator for shakmaty::Chess {
    const NAME: &'static str = "shakmaty";
    fn new(fen: &str) -> Self {
        let fen = shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("valid fen");
        fen.into_position(shakmaty::CastlingMode::Standard)
            .expect("legal position")
    }
    fn perft(&self, depth: u32) -> u64 {
        shakmaty::perft(self, depth)
    }
}

/// cozy-chess's own perft pattern: bulk counting at depth 1, copy-make below.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth <= 1 {
        if depth == 0 {
            return 1;
        }
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Runs all five positions once, asserting every count; returns the total.
fn run_all<G: Generator>(boards: &[G]) -> u64 {
    boards
        .iter()
        .zip(POSITIONS)
        .map(|(board, (name, _, depth, expected))| {
            let nodes = board.perft(black_box(depth));
            assert_eq!(nodes, expected, "{} perft({depth}) of {name}", G::NAME);
            nodes
        })
        .sum()
}

/// The five positions prepared for one generator.
fn boards<G: Generator>() -> Vec<G> {
    POSITIONS.iter().map(|p| G::new(p.1)).collect()
}

/// One criterion benchmark: the five positions together, throughput in nodes.
fn bench_generator<G: Generator>(c: &mut Criterion) {
    let boards = boards::<G>();
    let mut group = c.benchmark_group("perft-five-positions");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(total_nodes()));
    group.bench_function(G::NAME, |b| b.iter(|| run_all(&boards)));
    group.finish();
}

/// Our generator position by position.
fn bench_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphachess-by-position");
    group.sample_size(10);
    for (name, fen, depth, expected) in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid fen");
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("{name}-d{depth}"), |b| {
            b.iter(|| assert_eq!(perft(&pos, black_box(depth)), expected))
        });
    }
    group.finish();
}

/// Seconds for one pass over the five positions.
fn time_pass<G: Generator>(boards: &[G]) -> f64 {
    let start = Instant::now();
    black_box(run_all(boards));
    start.elapsed().as_secs_f64()
}

/// The median of some numbers.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Interleaves the three generators round by round and prints median Mnps and ratios.
fn interleaved_summary(rounds: usize) {
    let (ours, cozy, shak) = (
        boards::<Position>(),
        boards::<cozy_chess::Board>(),
        boards::<shakmaty::Chess>(),
    );
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..rounds {
        times[0].push(time_pass(&ours));
        times[1].push(time_pass(&cozy));
        times[2].push(time_pass(&shak));
    }
    let mnps = times.map(|t| total_nodes() as f64 / median(t) / 1e6);
    println!(
        "\nInterleaved perft over the five positions ({rounds} rounds, median, {} nodes per pass):",
        total_nodes()
    );
    println!("| generator | Mnps | alphachess / it |");
    println!("|---|---:|---:|");
    for (name, value) in ["alphachess", "cozy-chess 0.3.4", "shakmaty 0.30"]
        .iter()
        .zip(mnps)
    {
        println!("| {name} | {value:.0} | {:.2}x |", mnps[0] / value);
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_generator::<Position>(&mut criterion);
    bench_generator::<cozy_chess::Board>(&mut criterion);
    bench_generator::<shakmaty::Chess>(&mut criterion);
    bench_positions(&mut criterion);
    criterion.final_summary();

    let testing = std::env::args().any(|arg| arg == "--test" || arg == "--list");
    let rounds = std::env::var("PERFT_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    if !testing && rounds > 0 {
        interleaved_summary(rounds);
    }
}
