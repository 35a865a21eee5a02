//! One server per SQLite file (issue #22, item 10): a second server on the same file is refused
//! at start-up, naming the lock, and a server killed with SIGKILL leaves nothing that keeps the
//! next one out. Real processes: the lock is the kernel's, released only when a process ends.

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{free_port, maia_dir, stockfish};

/// Far longer than a start-up takes, even on a loaded machine; only a failure waits this long.
const GIVE_UP: Duration = Duration::from_secs(60);

fn command(db: &Path, port: u16) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_alphachess-server"));
    command
        .args(["--bind", &format!("127.0.0.1:{port}"), "--depth", "1"])
        .arg("--stockfish")
        .arg(stockfish())
        .arg("--db")
        .arg(db)
        .arg("--static-dir")
        .arg("/nonexistent/alphachess-client")
        .arg("--maia-dir")
        .arg(maia_dir());
    command
}

/// Starts a server and waits until it listens.
fn start(db: &Path) -> Child {
    let port = free_port();
    let mut child = command(db, port)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Some(status) = child.try_wait().expect("the child is there") {
            panic!("the server stopped at start-up: {status}");
        }
        assert!(started.elapsed() < GIVE_UP, "the server never listened");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

#[test]
fn a_second_server_on_the_same_file_is_refused_and_a_killed_one_leaves_no_lock() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let mut first = start(&db);

    let second = command(&db, free_port()).output().expect("the binary runs");
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(
        !second.status.success(),
        "the second server started: {stderr}"
    );
    assert!(
        stderr.contains("another server uses this database") && stderr.contains("games.db.lock"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");

    // SIGKILL: no clean stop, no chance to remove anything.
    first.kill().expect("killed");
    first.wait().expect("reaped");
    assert!(
        dir.path().join("games.db.lock").exists(),
        "the lock file stays"
    );
    let mut third = start(&db);
    third.kill().expect("killed");
    third.wait().expect("reaped");
}
