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

/// Issue #42, L1: the lock is the file's, not its path's. A symlink and a hard link name other
/// `.lock` files, but the same database; a second writer through either once overwrote an
/// acknowledged move.
#[test]
fn a_second_server_through_a_symlink_or_a_hard_link_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let mut first = start(&db);
    let symlink = dir.path().join("symlink.db");
    std::os::unix::fs::symlink(&db, &symlink).expect("a symlink");
    let hard_link = dir.path().join("hard-link.db");
    std::fs::hard_link(&db, &hard_link).expect("a hard link");

    for link in [&symlink, &hard_link] {
        let second = command(link, free_port())
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&second.stderr);
        assert!(
            !second.status.success(),
            "a second server started through {}: {stderr}",
            link.display()
        );
        let name = link.file_name().expect("a name").to_string_lossy();
        assert!(
            stderr.contains("another server uses this database") && stderr.contains(&*name),
            "{stderr}"
        );
    }
    first.kill().expect("killed");
    first.wait().expect("reaped");
}

/// Issue #42, L8: an existing empty file is no database this server left behind (SQLite writes
/// its header as it creates one): it is refused, naming the file, rather than silently made a
/// new database while the games are elsewhere.
#[test]
fn an_empty_database_file_is_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    std::fs::File::create(&db).expect("an empty file");
    let refused = command(&db, free_port()).output().expect("the binary runs");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "it started: {stderr}");
    assert!(
        stderr.contains("is empty (0 bytes)") && stderr.contains("games.db"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::metadata(&db).expect("still there").len(),
        0,
        "left as it was"
    );
}
