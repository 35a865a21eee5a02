//! Perft from the command line, in Stockfish's output format.
//!
//! ```text
//! perft <depth> [FEN]              leaf count; last line "Nodes searched: N"
//! perft --divide <depth> [FEN]     first one line per root move, "e2e4: 20"
//! perft --epd FILE [--max-depth D] a suite of "<fen> ;D1 20 ;D2 400 ..." lines; non-zero exit on mismatch
//! perft --chess960 ...              Chess960 castling notation (king takes rook), as Stockfish
//!                                   prints it with `setoption name UCI_Chess960 value true`
//! ```
//!
//! A FEN whose castling needs Chess960 (king off e1/e8, rook out of its corner, Shredder-FEN
//! rook files) switches to Chess960 notation by itself; `--chess960` is for the others, such as
//! setup 518, so that `--divide` stays diffable with Stockfish's `go perft`.

use std::process::ExitCode;
use std::time::Instant;

use alphachess_engine::{perft, perft_divide, CastlingMode, Position};

/// What the command line asks for.
enum Command {
    /// Count one position, optionally divided by root move.
    Single {
        depth: u32,
        fen: Option<String>,
        divide: bool,
        mode: CastlingMode,
    },
    /// Run a suite file.
    Epd {
        path: String,
        max_depth: Option<u32>,
    },
}

const USAGE: &str =
    "usage: perft [--chess960] [--divide] <depth> [FEN]\n       perft --epd FILE [--max-depth D]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match parse_args(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("perft: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Single {
            depth,
            fen,
            divide,
            mode,
        } => run_single(depth, fen.as_deref(), divide, mode),
        Command::Epd { path, max_depth } => run_epd(&path, max_depth),
    }
}

/// Parses the arguments into a [`Command`].
fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut divide = false;
    let mut mode = CastlingMode::Standard;
    let mut epd = None;
    let mut max_depth = None;
    let mut rest = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--divide" => divide = true,
            "--chess960" => mode = CastlingMode::Chess960,
            "--epd" => epd = Some(iter.next().ok_or("--epd needs a file")?.clone()),
            "--max-depth" => {
                let text = iter.next().ok_or("--max-depth needs a number")?;
                max_depth = Some(text.parse().map_err(|_| format!("bad depth {text:?}"))?);
            }
            "-h" | "--help" => return Err("help".to_string()),
            _ => rest.push(arg.clone()),
        }
    }
    if let Some(path) = epd {
        if !rest.is_empty() || divide {
            return Err("--epd takes no depth, FEN or --divide".to_string());
        }
        // Counts do not depend on the notation: a suite needs no mode.
        return Ok(Command::Epd { path, max_depth });
    }
    let (depth, fen) = rest.split_first().ok_or("missing depth")?;
    let depth = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let fen = (!fen.is_empty()).then(|| fen.join(" "));
    Ok(Command::Single {
        depth,
        fen,
        divide,
        mode,
    })
}

/// Counts one position and prints Stockfish-style output.
fn run_single(depth: u32, fen: Option<&str>, divide: bool, mode: CastlingMode) -> ExitCode {
    let parsed = fen
        .map(Position::from_fen)
        .transpose()
        .map(Option::unwrap_or_default)
        .and_then(|pos| {
            let mode = at_least(mode, &pos);
            pos.with_castling_mode(mode)
        });
    let pos = match parsed {
        Ok(pos) => pos,
        Err(err) => {
            eprintln!("perft: {err}");
            return ExitCode::from(2);
        }
    };
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for (m, count) in perft_divide(&pos, depth) {
            println!("{m}: {count}");
            total += count;
        }
        println!();
        total
    } else {
        perft(&pos, depth)
    };
    println!("Nodes searched: {nodes}");
    ExitCode::SUCCESS
}

/// The mode asked for, or Chess960 when the position needs it whatever was asked.
fn at_least(asked: CastlingMode, pos: &Position) -> CastlingMode {
    if pos.is_chess960() {
        CastlingMode::Chess960
    } else {
        asked
    }
}

/// One suite line: a position and the expected counts by depth.
struct SuiteEntry {
    line: usize,
    fen: String,
    expected: Vec<(u32, u64)>,
}

/// Parses `<fen> ;D1 20 ;D2 400`; blank lines and `#` comments give `None`.
fn parse_suite_line(line: usize, text: &str) -> Option<Result<SuiteEntry, String>> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let mut parts = text.split(';');
    let fen = parts.next().unwrap_or_default().trim().to_string();
    let mut expected = Vec::new();
    for part in parts {
        let mut words = part.split_whitespace();
        let parsed = match (words.next(), words.next()) {
            (Some(d), Some(n)) => d
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .zip(n.parse().ok()),
            _ => None,
        };
        match parsed {
            Some(pair) => expected.push(pair),
            None => return Some(Err(format!("line {line}: bad depth entry {part:?}"))),
        }
    }
    Some(Ok(SuiteEntry {
        line,
        fen,
        expected,
    }))
}

/// Runs every line of a suite file, prints one line per position and a summary.
fn run_epd(path: &str, max_depth: Option<u32>) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("perft: cannot read {path}: {err}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let (mut total, mut positions, mut failures) = (0u64, 0usize, 0usize);
    for (index, line) in text.lines().enumerate() {
        let entry = match parse_suite_line(index + 1, line) {
            None => continue,
            Some(Ok(entry)) => entry,
            Some(Err(message)) => {
                println!("FAIL {message}");
                failures += 1;
                continue;
            }
        };
        positions += 1;
        let (nodes, ok) = check_entry(&entry, max_depth);
        total += nodes;
        if !ok {
            failures += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let mnps = total as f64 / seconds.max(1e-9) / 1e6;
    println!(
        "{positions} positions, {failures} failed, {total} nodes in {seconds:.2} s ({mnps:.0} Mnps)"
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Checks one suite entry at every listed depth up to `max_depth`; prints its result line.
fn check_entry(entry: &SuiteEntry, max_depth: Option<u32>) -> (u64, bool) {
    let pos = match Position::from_fen(&entry.fen) {
        Ok(pos) => pos,
        Err(err) => {
            println!("FAIL line {}: {err}: {}", entry.line, entry.fen);
            return (0, false);
        }
    };
    let mut nodes = 0;
    let mut checked = Vec::new();
    for &(depth, expected) in &entry.expected {
        if max_depth.is_some_and(|max| depth > max) {
            continue;
        }
        let got = perft(&pos, depth);
        nodes += got;
        if got != expected {
            println!(
                "FAIL line {}: depth {depth}: expected {expected}, got {got}: {}",
                entry.line, entry.fen
            );
            return (nodes, false);
        }
        checked.push(format!("D{depth} {got}"));
    }
    println!(
        "ok   line {}: {} ({})",
        entry.line,
        entry.fen,
        checked.join(", ")
    );
    (nodes, true)
}
