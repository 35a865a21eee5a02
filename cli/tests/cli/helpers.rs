//! Starting the real server and running the `alphachess` binary against it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use alphachess_server::{Application, Config};
use alphachess_testkit::{maia_dir, stockfish};
use tokio::runtime::Runtime;

/// A running server, stopped when dropped (with its runtime).
pub struct TestServer {
    pub url: String,
    _runtime: Runtime,
}

/// Starts the server on 127.0.0.1:0 with Stockfish at depth 3 and no database file.
pub fn spawn_server() -> TestServer {
    spawn_server_at_depth(3)
}

/// Starts the server with full strength (step 21) searching to `depth` (a deeper search thinks
/// for longer).
pub fn spawn_server_at_depth(depth: u32) -> TestServer {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime for the server");
    let mut config = Config::with_defaults();
    config.bind = "127.0.0.1:0".parse().expect("a valid address");
    config.stockfish = vec![stockfish().into()];
    config.depth = depth;
    config.move_time_cap_ms = 5_000;
    config.static_dir = PathBuf::from("/nonexistent/alphachess-client");
    config.maia_dir = maia_dir();
    config.db = ":memory:".into();
    // A board search to depth 10 ends in well under a second.
    config.explore_depth = 10;
    // A review of a short game in about a second.
    config.analysis_nodes = 20_000;
    let app = runtime
        .block_on(Application::build(&config))
        .expect("the server starts");
    let url = format!("http://127.0.0.1:{}", app.port());
    runtime.spawn(app.run_until_stopped());
    TestServer {
        url,
        _runtime: runtime,
    }
}

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

impl Run {
    /// Fails with the whole transcript unless the run exited 0.
    pub fn assert_success(&self) {
        assert_eq!(self.code, Some(0), "{self:#?}");
    }
}

/// Runs `alphachess ARGS` with `stdin` as its input and `config_home` as `XDG_CONFIG_HOME`.
pub fn alphachess(args: &[&str], stdin: &str, config_home: &Path) -> Run {
    alphachess_with_env(args, stdin, config_home, &[])
}

/// [`alphachess`] with the environment variables `env` set as well.
pub fn alphachess_with_env(
    args: &[&str],
    stdin: &str,
    config_home: &Path,
    env: &[(&str, &str)],
) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphachess"))
        .args(args)
        .env("XDG_CONFIG_HOME", config_home)
        .env_remove("ALPHACHESS_SERVER")
        .env_remove("ALPHACHESS_KEY")
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin.as_bytes())
        .expect("the script is written");
    let output = child.wait_with_output().expect("the binary ends");
    Run {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
        code: output.status.code(),
    }
}

/// The lines of `text` from the first one equal to `first`, `count` of them.
pub fn lines_from<'a>(text: &'a str, first: &str, count: usize) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|line| *line == first)
        .unwrap_or_else(|| panic!("no line {first:?} in:\n{text}"));
    lines[start..(start + count).min(lines.len())].to_vec()
}

/// The saved game ids in `config_home`'s saved-games file.
pub fn saved_ids(config_home: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(config_home.join("alphachess/games.json"))
        .expect("a saved-games file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    json["games"]
        .as_array()
        .expect("a list of games")
        .iter()
        .map(|game| game["id"].as_str().expect("an id").to_owned())
        .collect()
}
