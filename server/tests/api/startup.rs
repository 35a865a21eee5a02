//! The binary's command line: a missing or broken engine or Maia network (or one its
//! `SHA256SUMS` does not vouch for) is a clear error, not a panic.

use std::path::Path;
use std::process::Command;

use crate::helpers::{maia_dir, stockfish};

fn server(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_alphachess-server"))
        .args(args)
        .env_remove("ALPHACHESS_STOCKFISH")
        // The shipped networks unless a test says otherwise (tests run in server/, not the root).
        .env("ALPHACHESS_MAIA_DIR", maia_dir())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_missing_engine_is_a_startup_error_naming_the_path() {
    let output = server(&[
        "--bind",
        "127.0.0.1:0",
        "--stockfish",
        "/nonexistent/stockfish",
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/stockfish"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_engine_that_is_not_uci_is_a_startup_error_naming_the_path() {
    let output = server(&["--bind", "127.0.0.1:0", "--stockfish", "/bin/true"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("/bin/true") && stderr.contains("does not work"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_missing_maia_folder_is_a_startup_error_naming_the_file() {
    let output = server(&[
        "--bind",
        "127.0.0.1:0",
        "--stockfish",
        stockfish().to_str().expect("UTF-8"),
        "--maia-dir",
        "/nonexistent/maia",
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot load the Maia network /nonexistent/maia/maia-1100.pb.gz"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The server started on a copy of the shipped networks that `spoil` changed: its stderr, and
/// the folder (kept while the caller reads paths in it).
fn start_on_spoiled_networks(spoil: impl FnOnce(&Path)) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for entry in std::fs::read_dir(maia_dir()).expect("the shipped networks") {
        let path = entry.expect("a file").path();
        std::fs::copy(&path, dir.path().join(path.file_name().expect("a name"))).expect("copied");
    }
    spoil(dir.path());
    let output = server(&[
        "--bind",
        "127.0.0.1:0",
        "--stockfish",
        stockfish().to_str().expect("UTF-8"),
        "--maia-dir",
        dir.path().to_str().expect("UTF-8"),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (stderr, dir)
}

#[test]
fn a_corrupt_maia_network_is_a_startup_error_naming_the_file() {
    let (stderr, dir) = start_on_spoiled_networks(|dir| {
        let corrupt = dir.join("maia-1500.pb.gz");
        let mut bytes = std::fs::read(&corrupt).expect("read");
        bytes.truncate(bytes.len() / 2);
        std::fs::write(&corrupt, bytes).expect("cut in half");
    });
    let corrupt = dir.path().join("maia-1500.pb.gz");
    let named = format!("cannot load the Maia network {}", corrupt.display());
    assert!(stderr.contains(&named), "{stderr}");
}

#[test]
fn a_maia_network_not_matching_sha256sums_is_a_startup_error_naming_file_and_band() {
    // One flipped weight byte: only the checksum tells.
    let (stderr, dir) = start_on_spoiled_networks(|dir| {
        let flipped = dir.join("maia-1700.pb.gz");
        let mut bytes = std::fs::read(&flipped).expect("read");
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x01;
        std::fs::write(&flipped, bytes).expect("flipped");
    });
    let flipped = dir.path().join("maia-1700.pb.gz");
    let named = format!(
        "cannot load the Maia network {} (band 1700): it does not match SHA256SUMS: expected d277eacd",
        flipped.display()
    );
    assert!(stderr.contains(&named), "{stderr}");
}

#[test]
fn help_lists_every_flag() {
    let output = server(&["--help"]);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for flag in [
        "--bind",
        "--stockfish",
        "--depth",
        "--move-time-cap-ms",
        "--engines",
        "--static-dir",
        "--max-games",
        "--idle-timeout-secs",
        "--queue-len",
        "--maia-dir",
    ] {
        assert!(help.contains(flag), "{flag} missing from --help");
    }
}

#[test]
fn print_openapi_writes_the_document_and_starts_nothing() {
    // No engine can be found here: the flag must not need one.
    let output = server(&["--print-openapi", "--stockfish", "/nonexistent/stockfish"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let document: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("the document is JSON");
    assert!(document["paths"]["/api/games"]["post"].is_object());
    let mut operation_ids: Vec<&str> = document["paths"]
        .as_object()
        .expect("paths")
        .values()
        .flat_map(|path| path.as_object().expect("operations").values())
        .filter_map(|operation| operation["operationId"].as_str())
        .collect();
    let count = operation_ids.len();
    operation_ids.sort_unstable();
    operation_ids.dedup();
    assert_eq!(
        operation_ids.len(),
        count,
        "every operationId is unique (OpenAPI requires it)"
    );
    let codes = &document["components"]["schemas"]["ErrorCode"]["enum"];
    assert!(
        codes.as_array().is_some_and(|codes| codes.len() > 10),
        "every error code is listed: {codes}"
    );
}
