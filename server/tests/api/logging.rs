//! The log as an operator reads it (issue #42, L5): written to a file or a pipe it carries no
//! ANSI colour codes, and requests are logged at DEBUG, so the default level shows the events
//! and not a line per request. Real processes: the log is set up by the binary's `main`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{free_port, maia_dir, stockfish};

/// Far longer than a start-up takes, even on a loaded machine; only a failure waits this long.
const GIVE_UP: Duration = Duration::from_secs(60);

/// What the server writes to its (piped) stdout while it serves one `GET /api/levels`, with
/// `RUST_LOG` set to `filter` (unset for `None`).
fn log_of_one_request(filter: Option<&str>) -> String {
    log_of_get("/api/levels", filter, Path::new(NO_CLIENT))
}

/// A `--static-dir` with no client built in it.
const NO_CLIENT: &str = "/nonexistent/alphachess-client";

/// What the server writes to its (piped) stdout from its start until it has served `GET path`,
/// serving the client in `static_dir`.
fn log_of_get(path: &str, filter: Option<&str>, static_dir: &Path) -> String {
    let port = free_port();
    let mut command = Command::new(env!("CARGO_BIN_EXE_alphachess-server"));
    command
        .args(["--bind", &format!("127.0.0.1:{port}"), "--depth", "1"])
        .args(["--db", ":memory:"])
        .arg("--stockfish")
        .arg(stockfish())
        .arg("--static-dir")
        .arg(static_dir)
        .arg("--maia-dir")
        .arg(maia_dir())
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(filter) = filter {
        command.env("RUST_LOG", filter);
    }
    let mut child = command.spawn().expect("the binary runs");
    let started = Instant::now();
    let mut stream = loop {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
            break stream;
        }
        assert!(started.elapsed() < GIVE_UP, "the server never listened");
        std::thread::sleep(Duration::from_millis(50));
    };
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .expect("sent");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("answered");
    assert!(answer.starts_with(b"HTTP/1.1 200"), "{answer:?}");
    // The access log line is written as the response ends, before the connection closes.
    child.kill().expect("killed");
    let output = child.wait_with_output().expect("reaped");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_piped_log_has_no_colour_codes_and_requests_only_at_debug() {
    let log = log_of_one_request(None);
    assert!(log.contains("INFO"), "the start-up is logged: {log}");
    assert!(!log.contains('\u{1b}'), "colour codes in a pipe: {log:?}");
    assert!(
        !log.contains("GET /api/levels"),
        "a request logged at the default level: {log}"
    );

    let debug = log_of_one_request(Some("info,actix_web::middleware::logger=debug"));
    assert!(debug.contains("GET /api/levels"), "{debug}");
    assert!(!debug.contains('\u{1b}'), "{debug:?}");
}

/// An operator's first look at the log finds nothing wrong when nothing is (issue #40): the API
/// document's example of a lichess 500 once logged "lichess request failed" as an ERROR at every
/// start, though no request had failed. The document is fetched so every example has been made.
#[test]
fn a_clean_start_logs_no_error() {
    let log = log_of_get("/api/openapi.json", None, Path::new(NO_CLIENT));
    assert!(log.contains("listening"), "the start-up is logged: {log}");
    assert!(!log.contains("ERROR"), "{log}");
}

/// A first visit (issue #54): the moment the port listens, one line tells a person where to open
/// the app, the step a newcomer meets there (the browser's own default) and how to stop.
#[test]
fn the_first_line_names_the_address_the_first_step_and_how_to_stop() {
    let client = tempfile::tempdir().expect("a folder");
    std::fs::write(client.path().join("index.html"), "<!doctype html>").expect("written");
    let log = log_of_get("/api/health", None, client.path());
    let line = log
        .lines()
        .find(|line| line.starts_with("AlphaChess is ready: open http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no welcome line: {log}"));
    let levels = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../client/src/levels/levels.ts"),
    )
    .expect("the client's levels");
    let first_step = levels
        .lines()
        .find_map(|line| line.strip_prefix("export const DEFAULT_LEVEL: LevelNumber = "))
        .and_then(|rest| rest.strip_suffix(';'))
        .expect("the browser's first step");
    assert!(
        line.contains(&format!("start at step {first_step} of 21")),
        "{line}"
    );
    assert!(line.contains("Ctrl-C stops the server"), "{line}");

    let api_only = log_of_get("/api/health", None, Path::new(NO_CLIENT));
    assert!(
        api_only.contains(
            "no client is built in /nonexistent/alphachess-client (`./build.sh` builds it)"
        ),
        "{api_only}"
    );
}
