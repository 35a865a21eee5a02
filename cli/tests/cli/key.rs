//! The player's key (issue #38): the CLI keeps its own or uses a given one, creates its games
//! under it as the browser does, and shows the one rating the server keeps for it.

use crate::helpers::{alphachess, alphachess_with_env, saved_ids, spawn_server};

/// A browser's key, as its settings show it.
const BROWSER_KEY: &str = "Br0wserK3yAb9Zx8Yv7Ut6Sr5Pq";

/// The key `alphachess key` prints (its first line).
fn printed_key(stdout: &str) -> String {
    stdout.lines().next().expect("a line").to_owned()
}

/// `GET /api/v1/account` for `key`: its perf.
fn perf(server: &str, key: &str) -> serde_json::Value {
    let account: serde_json::Value = reqwest::blocking::Client::new()
        .get(format!("{server}/api/v1/account"))
        .bearer_auth(key)
        .send()
        .expect("the server answers")
        .json()
        .expect("JSON");
    account["perfs"]["correspondence"].clone()
}

#[test]
fn the_cli_makes_its_own_key_once_and_keeps_a_given_one() {
    let home = tempfile::tempdir().expect("a config folder");
    let first = alphachess(&["key"], "", home.path());
    first.assert_success();
    let own = printed_key(&first.stdout);
    assert!(own.len() >= 22, "{own}");
    assert!(
        first.stdout.contains("browser's settings"),
        "{}",
        first.stdout
    );
    let again = alphachess(&["key"], "", home.path());
    assert_eq!(printed_key(&again.stdout), own, "the same key every time");

    // The browser's key given for one run, then kept.
    let given = alphachess(&["--key", BROWSER_KEY, "key"], "", home.path());
    assert_eq!(printed_key(&given.stdout), BROWSER_KEY);
    assert_eq!(
        printed_key(&alphachess(&["key"], "", home.path()).stdout),
        own
    );
    alphachess(&["key", BROWSER_KEY], "", home.path()).assert_success();
    assert_eq!(
        printed_key(&alphachess(&["key"], "", home.path()).stdout),
        BROWSER_KEY
    );

    let refused = alphachess(&["key", "short"], "", home.path());
    assert_eq!(refused.code, Some(2), "{refused:#?}");
    assert!(refused.stderr.contains("not a usable key"), "{refused:#?}");
}

#[test]
fn a_game_played_in_the_cli_counts_for_the_keys_one_rating() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let env = [("ALPHACHESS_KEY", BROWSER_KEY)];
    // Quiet moves legal whatever the engine answers, two each, then resign: a rated loss.
    let run = alphachess_with_env(
        &["play", "--server", &server.url, "--level", "1", "--ascii"],
        "a3\nh3\nresign\nquit\n",
        home.path(),
        &env,
    );
    run.assert_success();
    let after = perf(&server.url, BROWSER_KEY);
    assert_eq!(after["games"], 1, "{after}");
    let rating = after["rating"].as_i64().expect("a rating");
    assert!(rating < 1500, "{after}");
    let shown = format!("Your rating: about {rating} ± ");
    assert!(run.stdout.contains(&shown), "{}", run.stdout);

    // The game's token is the key, as in the browser: the key's games list it.
    let id = saved_ids(home.path()).remove(0);
    let listed = reqwest::blocking::Client::new()
        .get(format!("{}/api/v1/account/games", server.url))
        .bearer_auth(BROWSER_KEY)
        .send()
        .expect("the server answers")
        .text()
        .expect("text");
    assert!(listed.contains(&id), "{listed}");

    // `levels` shows the same rating, the server's, with no local one.
    let levels = alphachess_with_env(&["levels", "--server", &server.url], "", home.path(), &env);
    levels.assert_success();
    assert!(levels.stdout.contains(&shown), "{}", levels.stdout);
    assert!(
        !home.path().join("alphachess/key").exists(),
        "a given key is not stored"
    );
}
