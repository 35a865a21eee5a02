//! Failures read as sentences with the right exit code, never as a panic or a Debug dump.

use crate::helpers::{alphachess, Run};

/// The signs of an error shown the wrong way.
fn assert_no_internals(run: &Run) {
    for sign in ["panicked", "RUST_BACKTRACE", "Error {", "Os {", "kind:"] {
        assert!(!run.stderr.contains(sign), "{sign:?} in {run:#?}");
        assert!(!run.stdout.contains(sign), "{sign:?} in {run:#?}");
    }
}

#[test]
fn a_server_that_is_down_is_named_with_how_to_start_one() {
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(&["play", "--server", "http://127.0.0.1:1"], "", home.path());
    assert_eq!(run.code, Some(1), "{run:#?}");
    assert!(
        run.stderr
            .starts_with("alphachess: no AlphaChess server answers at http://127.0.0.1:1."),
        "{run:#?}"
    );
    assert!(run.stderr.contains("`./build.sh`"), "{run:#?}");
    assert!(run.stderr.contains("`alphachess-server`"), "{run:#?}");
    assert_no_internals(&run);
}

#[test]
fn usage_errors_exit_with_code_two() {
    let home = tempfile::tempdir().expect("a config folder");
    for args in [
        &["play", "--level", "22"][..],
        &["play", "--color", "green"],
        &["play", "--server", "ftp://example.test"],
        &["play", "--fen", "x", "--pgn", "y"],
        &["castle"],
        &[],
    ] {
        let run = alphachess(args, "", home.path());
        assert_eq!(run.code, Some(2), "{args:?}: {run:#?}");
        assert_no_internals(&run);
    }
}

#[test]
fn a_refused_fen_shows_the_servers_message() {
    let server = crate::helpers::spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        "",
        home.path(),
    );
    assert_eq!(run.code, Some(1), "{run:#?}");
    assert!(
        run.stderr
            .starts_with("alphachess: Invalid FEN: impossible position"),
        "{run:#?}"
    );
    assert_no_internals(&run);
}

#[test]
fn an_unreadable_pgn_file_is_named() {
    let home = tempfile::tempdir().expect("a config folder");
    let missing = home.path().join("missing.pgn");
    let run = alphachess(
        &["play", "--pgn", missing.to_str().expect("UTF-8 path")],
        "",
        home.path(),
    );
    assert_eq!(run.code, Some(1), "{run:#?}");
    assert!(
        run.stderr
            .starts_with(&format!("alphachess: cannot read {}", missing.display())),
        "{run:#?}"
    );
    assert_no_internals(&run);
}

#[test]
fn an_https_server_is_spoken_to_over_tls_never_in_the_clear() {
    // The test server speaks plain HTTP: over https:// the TLS handshake fails, and the CLI says
    // so as a sentence (exit 1), instead of refusing https:// as a usage error (exit 2) or
    // falling back to plain HTTP.
    let server = crate::helpers::spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let https = server.url.replacen("http://", "https://", 1);
    let run = alphachess(&["play", "--server", &https], "", home.path());
    assert_eq!(run.code, Some(1), "{run:#?}");
    assert!(run.stderr.starts_with("alphachess: "), "{run:#?}");
    assert_no_internals(&run);
}
