//! Issue #26: a position's moves for an analysis board, move trees read from and written to
//! PGN, and the tree a player keeps with a finished game: shown, exported as variations around
//! the game's moves, kept on disk across a restart and when the game leaves memory.

use std::collections::BTreeSet;

use alphachess_engine::{pgn, GameTree, NodeId};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{
    expect_error, spawn_app, spawn_with, test_config, test_config_on_disk, Stoppable, TestApp,
    TestGame,
};
use alphachess_server::Application;

/// Fool's mate: a game over on the board, to review.
const FOOLS_MATE: &str = "1. f3 e5 2. g4 Qh4# 0-1";

/// A tree around fool's mate in which the game is a side line: 1. e4 is the main line.
fn board_tree() -> Value {
    json!({ "nodes": [
        { "parent": null, "uci": "e2e4", "comment": "the king's pawn instead" },
        { "parent": 0, "uci": "e7e5" },
        { "parent": null, "uci": "f2f3" },
        { "parent": 2, "uci": "e7e5" },
        { "parent": 3, "uci": "g2g4", "comment": "a blunder" },
        { "parent": 3, "uci": "e2e4", "comment": "no mate in sight" },
        { "parent": 4, "uci": "d8h4" },
        { "parent": 5, "uci": "d8h4" }
    ]})
}

impl TestApp {
    async fn post(&self, path: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("the server answers")
    }

    async fn put_tree(&self, game: &TestGame, body: &Value) -> Response {
        self.client
            .put(self.url(&format!("/api/games/{}/tree", game.id)))
            .bearer_auth(&game.token)
            .json(body)
            .send()
            .await
            .expect("the server answers")
    }

    async fn tree(&self, game: &TestGame) -> Value {
        let response = self.get(&format!("/api/games/{}/tree", game.id)).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("JSON")
    }
}

/// Every line of `tree` from its start, as UCI moves: its moves, whatever their order.
fn lines(tree: &GameTree) -> BTreeSet<Vec<String>> {
    let mut all = BTreeSet::new();
    let mut stack: Vec<NodeId> = vec![tree.root()];
    while let Some(id) = stack.pop() {
        let path = tree.path(id).expect("a live node");
        all.insert(path.iter().map(ToString::to_string).collect());
        stack.extend(tree.children(id).expect("a live node"));
    }
    all
}

/// The lines of a `TreeView` or `TreeBody`, by following each node's parent.
fn lines_of_view(view: &Value) -> BTreeSet<Vec<String>> {
    let nodes = view["nodes"].as_array().expect("nodes");
    let mut paths: Vec<Vec<String>> = Vec::new();
    for node in nodes {
        let mut path = match node["parent"].as_u64() {
            Some(parent) => paths[usize::try_from(parent).expect("an index")].clone(),
            None => Vec::new(),
        };
        path.push(node["uci"].as_str().expect("uci").to_owned());
        paths.push(path);
    }
    std::iter::once(Vec::new()).chain(paths).collect()
}

#[tokio::test]
async fn a_positions_moves_come_with_their_san_and_the_position_after_each() {
    let app = spawn_app().await;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let response = app
        .post("/api/positions/moves", &json!({ "fen": start }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let board: Value = response.json().await.expect("JSON");
    assert_eq!(board["fen"], start);
    assert_eq!(board["turn"], "white");
    assert_eq!(board["status"], "playing");
    assert_eq!(board["check"], false);
    let moves = board["legal_moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 20, "Stockfish's perft 1");
    let e4 = moves.iter().find(|m| m["uci"] == "e2e4").expect("e4");
    assert_eq!(e4["san"], "e4");
    assert_eq!(
        e4["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );

    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let board: Value = app
        .post("/api/positions/moves", &json!({ "fen": mated }))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(board["status"], "checkmate");
    assert_eq!(board["check"], true);
    assert_eq!(board["legal_moves"], json!([]));

    let promotion = "7k/P7/8/8/8/8/8/K7 w - - 0 1";
    let board: Value = app
        .post("/api/positions/moves", &json!({ "fen": promotion }))
        .await
        .json()
        .await
        .expect("JSON");
    let sans: Vec<&str> = board["legal_moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["san"].as_str())
        .filter(|san| san.starts_with("a8"))
        .collect();
    assert_eq!(sans.len(), 4, "one move per promotion piece: {sans:?}");
    assert!(
        sans.contains(&"a8=Q+") && sans.contains(&"a8=N"),
        "{sans:?}"
    );

    let bad = app
        .post(
            "/api/positions/moves",
            &json!({ "fen": "8/8/8/8/8/8/8/8 w - - 0 1" }),
        )
        .await;
    expect_error(bad, StatusCode::BAD_REQUEST, "invalid_fen").await;
}

#[tokio::test]
async fn a_pgn_reads_into_a_flat_tree_that_writes_back_to_the_same_tree() {
    let app = spawn_app().await;
    let text = "1. e4 e5 (1... c5 { the Sicilian } 2. Nf3 (2. c3)) 2. Nf3 Nc6 *";
    let response = app.post("/api/trees", &json!({ "pgn": text })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("JSON");
    let read = pgn::read_tree(text).expect("a valid PGN").tree;
    assert_eq!(lines_of_view(&view), lines(&read));
    // Depth first, the main continuation first: e4 e5 Nf3 Nc6, then c5 Nf3 c3.
    let c5 = &view["nodes"][4];
    assert_eq!(
        (&c5["san"], &c5["ply"], &c5["parent"], &c5["comment"]),
        (&json!("c5"), &json!(2), &json!(0), &json!("the Sicilian"))
    );

    // What the server sends is a TreeBody: sent back as it came.
    let response = app.post("/api/trees/pgn", &view).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/x-chess-pgn"
    );
    let written = response.text().await.expect("text");
    assert!(written.starts_with("[Event \"?\"]"), "{written}");
    assert_eq!(pgn::read_tree(&written).expect("reads back").tree, read);

    let empty = app
        .post(
            "/api/trees",
            &json!({ "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1" }),
        )
        .await;
    let empty: Value = empty.json().await.expect("JSON");
    assert_eq!(
        empty,
        json!({ "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "nodes": [] })
    );
    let from_fen = app
        .post(
            "/api/trees/pgn",
            &json!({ "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                     "nodes": [{ "parent": null, "uci": "e1g1" }] }),
        )
        .await
        .text()
        .await
        .expect("text");
    assert!(from_fen.contains("[SetUp \"1\"]"), "{from_fen}");
    assert!(from_fen.contains("1. O-O"), "{from_fen}");

    let both = app
        .post("/api/trees", &json!({ "pgn": text, "fen": "x" }))
        .await;
    expect_error(both, StatusCode::BAD_REQUEST, "invalid_request").await;
    let illegal = app
        .post("/api/trees", &json!({ "pgn": "1. e4 (1. e5) *" }))
        .await;
    expect_error(illegal, StatusCode::BAD_REQUEST, "invalid_pgn").await;
}

#[tokio::test]
async fn each_refusal_of_a_flat_tree_names_its_entry() {
    let app = spawn_app().await;
    let write = |nodes: Value| {
        let app = &app;
        async move { app.post("/api/trees/pgn", &json!({ "nodes": nodes })).await }
    };
    let illegal = write(json!([
        { "parent": null, "uci": "e2e4" },
        { "parent": 0, "uci": "e7e5" },
        { "parent": 1, "uci": "e4e5" }
    ]))
    .await;
    let body = expect_error(illegal, StatusCode::UNPROCESSABLE_ENTITY, "illegal_move").await;
    assert!(
        body["message"]
            .as_str()
            .expect("text")
            .starts_with("Entry 2:"),
        "{body}"
    );

    let cases = [
        (
            json!([{ "parent": 0, "uci": "e2e4" }]),
            "Entry 0: its parent 0",
        ),
        (
            json!([{ "parent": null, "uci": "e2e4" }, { "parent": 5, "uci": "e7e5" }]),
            "Entry 1: its parent 5",
        ),
        (
            json!([{ "parent": null, "uci": "e2e4" }, { "parent": null, "uci": "e2e4" }]),
            "Entry 1 repeats entry 0",
        ),
        (
            json!([{ "parent": null, "uci": "e2e4", "comment": "x".repeat(2001) }]),
            "Entry 0: the comment is longer than 2000 characters",
        ),
        (
            json!([{ "parent": null, "uci": "e2e4", "comment": "a } b" }]),
            "Entry 0: invalid comment",
        ),
    ];
    for (nodes, message) in cases {
        let body = expect_error(write(nodes).await, StatusCode::BAD_REQUEST, "invalid_tree").await;
        assert!(
            body["message"].as_str().expect("text").starts_with(message),
            "{body}"
        );
    }
    let notation = write(json!([{ "parent": null, "uci": "e2e9" }])).await;
    let body = expect_error(notation, StatusCode::BAD_REQUEST, "invalid_move_notation").await;
    assert!(
        body["message"]
            .as_str()
            .expect("text")
            .starts_with("Entry 0:"),
        "{body}"
    );
    let fen = app
        .post("/api/trees/pgn", &json!({ "fen": "nonsense", "nodes": [] }))
        .await;
    expect_error(fen, StatusCode::BAD_REQUEST, "invalid_fen").await;
}

#[tokio::test]
async fn a_kept_tree_is_shown_exported_around_the_game_and_survives_a_restart() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = test_config_on_disk(&dir);
    let server = Stoppable::start(&config).await;
    let first = &server.app;
    let game = first
        .create(json!({ "color": "white", "pgn": FOOLS_MATE }))
        .await;

    // None kept yet: the game's moves.
    let own = first.tree(&game).await;
    let sans: Vec<&str> = own["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter_map(|n| n["san"].as_str())
        .collect();
    assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(own["nodes"][3]["parent"], 2);

    let anonymous = first
        .client
        .put(first.url(&format!("/api/games/{}/tree", game.id)))
        .json(&board_tree())
        .send()
        .await
        .expect("the server answers");
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "missing_token").await;
    let without_the_game = json!({ "nodes": [
        { "parent": null, "uci": "f2f3" }, { "parent": 0, "uci": "e7e5" },
        { "parent": 1, "uci": "g2g3" }
    ]});
    let refused = first.put_tree(&game, &without_the_game).await;
    let body = expect_error(refused, StatusCode::BAD_REQUEST, "invalid_tree").await;
    assert!(
        body["message"]
            .as_str()
            .expect("text")
            .contains("move 3 (g4)"),
        "{body}"
    );
    let elsewhere = json!({ "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "nodes": [] });
    let refused = first.put_tree(&game, &elsewhere).await;
    expect_error(refused, StatusCode::BAD_REQUEST, "invalid_tree").await;

    let response = first.put_tree(&game, &board_tree()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let kept: Value = response.json().await.expect("JSON");
    assert_eq!(lines_of_view(&kept), lines_of_view(&board_tree()));
    assert_eq!(kept["nodes"][0]["comment"], "the king's pawn instead");
    assert_eq!(first.tree(&game).await, kept);

    let exported = first.pgn(&game.id).await;
    let read = pgn::read_tree(&exported).expect("the export reads back");
    assert_eq!(lines(&read.tree), lines_of_view(&kept), "{exported}");
    let mainline: Vec<String> = read
        .tree
        .mainline()
        .iter()
        .filter_map(|&id| read.tree.node(id)?.san())
        .map(|san| san.to_string())
        .collect();
    assert_eq!(
        mainline,
        ["f3", "e5", "g4", "Qh4#"],
        "the game stays the main line"
    );
    assert!(exported.contains("{ no mate in sight }"), "{exported}");
    assert!(exported.contains("[Result \"0-1\"]"), "{exported}");
    server.stop().await;

    let app = Application::build(&config)
        .await
        .expect("the application starts again");
    let second = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());
    second.lifecycle.games().wait_loaded().await;
    assert_eq!(second.tree(&game).await, kept, "the tree is read back");
    assert_eq!(second.pgn(&game.id).await, exported);
}

#[tokio::test]
async fn only_a_finished_game_keeps_a_tree_and_a_game_dropped_from_memory_keeps_it() {
    let mut config = test_config();
    config.max_games = 1;
    let app = spawn_with(config).await;
    let ongoing = app.create(json!({ "color": "white", "level": 1 })).await;
    let refused = app
        .put_tree(
            &ongoing,
            &json!({ "nodes": [{ "parent": null, "uci": "e2e4" }] }),
        )
        .await;
    expect_error(refused, StatusCode::CONFLICT, "game_not_finished").await;
    assert_eq!(
        app.action(&ongoing, "resign").await.status(),
        StatusCode::OK
    );
    let side_line = json!({ "nodes": [
        { "parent": null, "uci": "d2d4", "comment": "a better start" },
    ]});
    let response = app.put_tree(&ongoing, &side_line).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the game has no moves: any tree holds it"
    );
    let kept: Value = response.json().await.expect("JSON");

    // At the cap, a new game pushes the finished one out of memory, not out of the store.
    app.create(json!({ "color": "white", "level": 1 })).await;
    assert_eq!(app.lifecycle.games().len(), 1, "memory holds one game");
    assert_eq!(app.tree(&ongoing).await, kept);
    assert!(app.pgn(&ongoing.id).await.contains("{ a better start }"));
    let unknown = app.get("/api/games/abcdefghijkl/tree").await;
    expect_error(unknown, StatusCode::NOT_FOUND, "game_not_found").await;
}

#[tokio::test]
async fn a_tree_the_disk_refused_is_not_kept_in_memory_either() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = test_config_on_disk(&dir);
    let db = dir.path().join("games.db");
    let app = spawn_with(config).await;
    let game = app
        .create(json!({ "color": "white", "pgn": FOOLS_MATE }))
        .await;
    let own = app.tree(&game).await;

    // Another connection holds the write lock past the writer's 5 s busy timeout.
    let conn = rusqlite::Connection::open(&db).expect("a second connection");
    conn.execute_batch("BEGIN IMMEDIATE")
        .expect("takes the write lock");
    let holder = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(7));
        conn.execute_batch("ROLLBACK").expect("lets go");
    });
    let response = app.put_tree(&game, &board_tree()).await;
    assert!(response.status().is_server_error(), "{}", response.status());
    holder.join().expect("the lock holder ends");
    assert_eq!(app.tree(&game).await, own, "memory agrees with the disk");
    let conn = rusqlite::Connection::open(&db).expect("a second connection");
    let stored: Option<String> = conn
        .query_row("SELECT tree FROM games WHERE id = ?1", [&game.id], |row| {
            row.get(0)
        })
        .expect("the game is stored");
    assert_eq!(stored, None);
    let response = app.put_tree(&game, &board_tree()).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "kept once the disk takes it"
    );
}

/// Issue #42, M3: the PGN and the tree are kept as made until the game changes (see
/// `export_cache.rs`); a kept tree is a change, so neither is served stale after it.
#[tokio::test]
async fn a_games_pgn_and_tree_follow_each_change_though_kept_as_made() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "pgn": FOOLS_MATE }))
        .await;
    let (pgn, tree) = (app.pgn(&game.id).await, app.tree(&game).await);
    assert_eq!(app.pgn(&game.id).await, pgn, "read again, the same");
    assert_eq!(app.tree(&game).await, tree);
    assert!(!pgn.contains("no mate in sight"), "{pgn}");

    let response = app.put_tree(&game, &board_tree()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let kept: Value = response.json().await.expect("JSON");
    assert_eq!(
        app.tree(&game).await,
        kept,
        "the kept tree, not the cached one"
    );
    let exported = app.pgn(&game.id).await;
    assert!(exported.contains("{ no mate in sight }"), "{exported}");
}

/// Issue #42, L4: a kept tree's comments are cleaned as player names are (control and bidi
/// characters become spaces) and cannot forge the review's `[%eval]` in the export.
#[tokio::test]
async fn a_kept_trees_comments_are_cleaned_and_forge_no_evaluation() {
    let app = spawn_app().await;
    let game = app
        .create(json!({ "color": "white", "pgn": FOOLS_MATE }))
        .await;
    let hostile = "\u{0}\u{1b}[31mgreat\u{202E} move [%eval 99.0] [%clk 0:00:01]";
    let tree = json!({ "nodes": [
        { "parent": null, "uci": "f2f3", "comment": hostile },
        { "parent": 0, "uci": "e7e5" }, { "parent": 1, "uci": "g2g4" },
        { "parent": 2, "uci": "d8h4" }
    ]});
    let response = app.put_tree(&game, &tree).await;
    assert_eq!(response.status(), StatusCode::OK);
    let kept: Value = response.json().await.expect("JSON");
    let comment = kept["nodes"][0]["comment"].as_str().expect("a comment");
    assert_eq!(comment, "[31mgreat move [ %eval 99.0] [ %clk 0:00:01]");
    assert_eq!(app.tree(&game).await, kept);
    let exported = app.pgn(&game.id).await;
    assert!(!exported.contains("[%eval 99"), "{exported}");
    assert!(!exported.contains("[%clk 0:00:01"), "{exported}");
    assert!(
        !exported.contains(|c: char| c.is_control() && c != '\n'),
        "{exported:?}"
    );
    pgn::read_tree(&exported).expect("the export reads back");
}
