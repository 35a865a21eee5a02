//! Saved games: kept privately, listed, resumed.

use crate::helpers::{alphachess, alphachess_with_env, saved_ids, spawn_server};

#[test]
fn a_saved_game_is_private_listed_and_resumed_where_it_stopped() {
    use std::os::unix::fs::PermissionsExt;

    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let first = alphachess(
        &["play", "--server", &server.url, "--level", "2", "--ascii"],
        "d4\nquit\n",
        home.path(),
    );
    first.assert_success();
    let [id] = <[String; 1]>::try_from(saved_ids(home.path())).expect("one saved game");

    let mode = |path: std::path::PathBuf| {
        std::fs::metadata(path)
            .expect("exists")
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode(home.path().join("alphachess/games.json")), 0o600);
    assert_eq!(mode(home.path().join("alphachess")), 0o700);

    let list = alphachess(&["list"], "", home.path());
    list.assert_success();
    let row = list
        .stdout
        .lines()
        .find(|line| line.starts_with(&id))
        .unwrap_or_else(|| panic!("{id} listed: {list:#?}"));
    assert!(row.contains("white"), "{row}");
    assert!(row.contains(&server.url), "{row}");
    assert!(row.ends_with("ply 2, your move"), "{row}");

    // A prefix of the id is enough; the moves played before are there.
    // A move more each, so the resignation is one (before two moves each it aborts the game).
    let resumed = alphachess(
        &["resume", &id[..6], "--ascii"],
        "h3\nresign\n",
        home.path(),
    );
    resumed.assert_success();
    assert!(
        resumed
            .stdout
            .starts_with(&format!("Game {id} against Stockfish at level 2")),
        "{resumed:#?}"
    );
    assert!(resumed.stdout.contains("\n1. d4 "), "{resumed:#?}");
    assert!(
        resumed.stdout.contains("wins by resignation"),
        "{resumed:#?}"
    );

    let list = alphachess(&["list"], "", home.path());
    assert!(list.stdout.contains("over, 0-1"), "{list:#?}");
}

#[test]
fn resuming_an_unknown_game_says_so() {
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(&["resume", "nope"], "", home.path());
    assert_eq!(run.code, Some(1), "{run:#?}");
    assert!(run.stderr.contains("no saved game \"nope\""), "{run:#?}");
    let list = alphachess(&["list"], "", home.path());
    list.assert_success();
    assert!(list.stdout.contains("No saved games yet"), "{list:#?}");
}

#[test]
fn a_resumed_game_goes_back_to_its_own_server_unless_another_is_typed() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let down = "http://127.0.0.1:1";
    alphachess(
        &["play", "--server", &server.url, "--level", "1", "--ascii"],
        "quit\n",
        home.path(),
    )
    .assert_success();

    // ALPHACHESS_SERVER says where new games go, not where a saved one is.
    let resumed = alphachess_with_env(
        &["resume", "--ascii"],
        "quit\n",
        home.path(),
        &[("ALPHACHESS_SERVER", down)],
    );
    resumed.assert_success();
    assert!(resumed.stdout.starts_with("Game "), "{resumed:#?}");

    // A typed --server, before or after the command, is another address for the game's server.
    for args in [
        &["--server", down, "resume"][..],
        &["resume", "--server", down],
    ] {
        let moved = alphachess(args, "", home.path());
        assert_eq!(moved.code, Some(1), "{args:?}: {moved:#?}");
        assert!(
            moved.stderr.starts_with(&format!(
                "alphachess: no AlphaChess server answers at {down}."
            )),
            "{args:?}: {moved:#?}"
        );
    }
}
