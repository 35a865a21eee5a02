//! One Stockfish process driven over UCI, blocking: the harness plays one game per thread, so
//! nothing here needs the server's async supervision.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use alphachess_engine::{Game, UciMove};

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `path`, completes the UCI handshake and sets one thread and a 16 MiB table (as the
    /// server's engines run).
    pub fn start(path: &Path) -> std::io::Result<Engine> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = BufReader::new(child.stdout.take().expect("stdout was piped"));
        let mut engine = Engine {
            child,
            stdin,
            stdout,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.set("Threads", "1")?;
        engine.set("Hash", "16")?;
        Ok(engine)
    }

    /// `setoption name N value V`.
    pub fn set(&mut self, name: &str, value: &str) -> std::io::Result<()> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// `ucinewgame` and wait until the engine is ready.
    pub fn new_game(&mut self) -> std::io::Result<()> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok").map(drop)
    }

    /// The engine's move in `game`'s current position, searched with `go` followed by `limits`
    /// (e.g. `depth 5`).
    pub fn best_move(&mut self, game: &Game, limits: &str) -> std::io::Result<UciMove> {
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|m| m.to_uci().to_string())
            .collect();
        let mut position = format!("position fen {}", game.initial_position().to_fen());
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&format!("go {limits}"))?;
        let line = self.wait_for("bestmove")?;
        let word = line.split_whitespace().nth(1).unwrap_or_default();
        word.parse()
            .map_err(|_| std::io::Error::other(format!("the engine answered {line:?}")))
    }

    /// The position `fen` searched with `go {limits}`: the last reported score, in centipawns
    /// from the side to move's point of view (a mate is ±`MATE_CP`), and the best move.
    pub fn evaluate(&mut self, fen: &str, limits: &str) -> std::io::Result<(i32, UciMove)> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go {limits}"))?;
        let mut score = None;
        let mut line = String::new();
        loop {
            line.clear();
            if self.stdout.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("the engine closed its output"));
            }
            if line.starts_with("info") {
                score = parse_score(&line).or(score);
            } else if line.starts_with("bestmove") {
                let word = line.split_whitespace().nth(1).unwrap_or_default();
                let best = word
                    .parse()
                    .map_err(|_| std::io::Error::other(format!("the engine answered {line:?}")))?;
                let score =
                    score.ok_or_else(|| std::io::Error::other("no score before bestmove"))?;
                return Ok((score, best));
            }
        }
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()
    }

    /// Reads lines until one starts with `prefix`, and returns it.
    fn wait_for(&mut self, prefix: &str) -> std::io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.stdout.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("the engine closed its output"));
            }
            if line.starts_with(prefix) {
                return Ok(line.trim_end().to_owned());
            }
        }
    }
}

/// A score given as a mate, in centipawns: beyond any material count, so a judge clamps to it.
pub const MATE_CP: i32 = 1500;

/// The `score cp X` or `score mate N` of an `info` line, clamped to ±`MATE_CP`.
fn parse_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(value.clamp(-MATE_CP, MATE_CP)),
        "mate" => Some(if value > 0 { MATE_CP } else { -MATE_CP }),
        _ => None,
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
