//! Issue #26: the move tree kept with a finished game is stored in PostgreSQL with the game, so
//! another server reads it back, and exports it, as the one that kept it.

use alphachess_engine::pgn;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cluster::{cluster, connect};
use crate::server::Server;

#[tokio::test]
async fn a_tree_kept_through_one_server_is_stored_and_read_back_by_another() {
    let url = cluster().database().await;
    let (a, b) = tokio::join!(
        Server::start(&url, 2, 1_500, &[]),
        Server::start(&url, 2, 1_500, &[])
    );
    let created: Value = a
        .client
        .post(a.url("/api/games"))
        .json(&json!({ "color": "white", "pgn": "1. f3 e5 2. g4 Qh4# 0-1" }))
        .send()
        .await
        .expect("answers")
        .json()
        .await
        .expect("JSON");
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    let tree = json!({ "nodes": [
        { "parent": null, "uci": "f2f3" },
        { "parent": 0, "uci": "e7e5" },
        { "parent": 1, "uci": "g2g4" },
        { "parent": 1, "uci": "e2e4", "comment": "no mate in sight" },
        { "parent": 2, "uci": "d8h4" }
    ]});
    let response = a
        .client
        .put(a.url(&format!("/api/games/{id}/tree")))
        .bearer_auth(token)
        .json(&tree)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let kept: Value = response.json().await.expect("JSON");

    let shown: Value = b
        .client
        .get(b.url(&format!("/api/games/{id}/tree")))
        .send()
        .await
        .expect("answers")
        .json()
        .await
        .expect("JSON");
    assert_eq!(shown, kept, "the other server reads the stored tree");
    let exported = b
        .client
        .get(b.url(&format!("/api/games/{id}/pgn")))
        .send()
        .await
        .expect("answers")
        .text()
        .await
        .expect("a PGN");
    let read = pgn::read_tree(&exported).expect("the export reads back");
    assert_eq!(read.tree.len(), 5, "{exported}");
    assert!(exported.contains("{ no mate in sight }"), "{exported}");

    let db = connect(&url).await;
    let row = db
        .query_one("SELECT record->>'tree' FROM games WHERE id = $1", &[&id])
        .await
        .expect("the game is stored");
    let stored: Option<String> = row.get(0);
    let stored = stored.expect("the tree is in the game's record");
    assert_eq!(
        pgn::read_tree(&stored)
            .expect("write_tree's PGN")
            .tree
            .len(),
        5
    );
}
