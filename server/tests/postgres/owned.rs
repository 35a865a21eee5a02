//! A key's games on a shared store: created through one server, listed and streamed through
//! another (issue #28's "My games on a second device" behind a load balancer).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use super::cluster::{cluster, connect};
use super::server::Server;

const KEY: &str = "kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE";

#[tokio::test]
async fn a_keys_games_made_on_one_server_are_listed_and_streamed_on_another() {
    let db = cluster().database().await;
    let (a, b) = tokio::join!(
        Server::start(&db, 2, 1_500, &[]),
        Server::start(&db, 2, 1_500, &[])
    );
    let mut ids = Vec::new();
    for _ in 0..2 {
        let created: Value = a
            .client
            .post(a.url("/api/challenge/ai"))
            .bearer_auth(KEY)
            .form(&[("level", "1"), ("color", "white")])
            .send()
            .await
            .expect("answers")
            .json()
            .await
            .expect("JSON");
        ids.push(created["id"].as_str().expect("an id").to_owned());
    }
    // Ownership is the stored token hash; the migration's index serves this lookup.
    let index: i64 = connect(&db)
        .await
        .query_one(
            "SELECT count(*) FROM pg_indexes WHERE indexname = 'games_by_token_hash'",
            &[],
        )
        .await
        .expect("pg_indexes")
        .get(0);
    assert_eq!(index, 1);
    // B has never seen these games: it finds them by the key.
    let listed: Value = b
        .client
        .get(b.url("/api/v1/account/games"))
        .bearer_auth(KEY)
        .send()
        .await
        .expect("answers")
        .json()
        .await
        .expect("JSON");
    let mut found: Vec<String> = listed["games"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|game| game["id"].as_str().expect("an id").to_owned())
        .collect();
    found.sort();
    ids.sort();
    assert_eq!(found, ids);
    // And B streams one of them the lichess way: its full state first.
    let mut stream = b
        .client
        .get(b.url(&format!("/api/board/game/stream/{}", ids[0])))
        .bearer_auth(KEY)
        .send()
        .await
        .expect("answers");
    assert_eq!(stream.status(), StatusCode::OK);
    let chunk = tokio::time::timeout(Duration::from_secs(30), stream.chunk())
        .await
        .expect("in time")
        .expect("reads")
        .expect("a line");
    let first: Value =
        serde_json::from_slice(chunk.split(|&b| b == b'\n').next().expect("a line")).expect("JSON");
    assert_eq!(first["type"], "gameFull");
    assert_eq!(first["id"], ids[0].as_str());
    // Another key lists none of them.
    let other: Value = b
        .client
        .get(b.url("/api/v1/account/games"))
        .bearer_auth("Zm9vYmFyYmF6cXV4cXV1eA_another")
        .send()
        .await
        .expect("answers")
        .json()
        .await
        .expect("JSON");
    assert_eq!(other["games"], serde_json::json!([]));
}
