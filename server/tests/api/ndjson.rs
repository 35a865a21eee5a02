//! The live stream as NDJSON (`Accept: application/x-ndjson`): the same events as SSE, one JSON
//! object per line.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};
use crate::sse::{Event, EventStream, Watcher};

pub const NDJSON: &str = "application/x-ndjson";

impl EventStream for LineWatcher {
    async fn next_event(&mut self) -> Event {
        self.next().await
    }
}

/// A connected NDJSON reader of one game's stream.
pub struct LineWatcher {
    response: reqwest::Response,
    buffer: String,
}

impl LineWatcher {
    /// Connects to the stream at `path` asking for NDJSON.
    pub async fn connect_to(app: &TestApp, path: &str) -> LineWatcher {
        let response = app
            .client
            .get(app.url(path))
            .header("accept", NDJSON)
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers();
        assert_eq!(headers["content-type"], NDJSON);
        assert_eq!(headers["cache-control"], "no-cache");
        assert_eq!(headers["x-accel-buffering"], "no");
        LineWatcher {
            response,
            buffer: String::new(),
        }
    }

    /// Connects to the stream of game `id`.
    pub async fn connect(app: &TestApp, id: &str) -> LineWatcher {
        LineWatcher::connect_to(app, &format!("/api/games/{id}/events")).await
    }

    /// The next line's object (keep-alives included), within 30 s.
    pub async fn next_line(&mut self) -> Value {
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=end).collect();
                return serde_json::from_str(line.trim_end()).expect("each line is JSON");
            }
            let chunk = tokio::time::timeout(Duration::from_secs(30), self.response.chunk())
                .await
                .expect("a line in time")
                .expect("the stream reads")
                .expect("the stream stays open");
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8 lines"));
        }
    }

    /// The next event (keep-alive lines skipped), as the SSE tests see one.
    pub async fn next(&mut self) -> Event {
        loop {
            let line = self.next_line().await;
            let object = line.as_object().expect("each line is an object");
            let name = object["event"].as_str().expect("an event name").to_owned();
            if name == "keepalive" {
                assert_eq!(object.len(), 1, "a keep-alive has no data: {line}");
                continue;
            }
            assert_eq!(object.len(), 2, "event and data only: {line}");
            return Event {
                name,
                data: object["data"].clone(),
            };
        }
    }
}

#[tokio::test]
async fn an_ndjson_watcher_gets_the_game_then_the_move_and_the_reply_line_by_line() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let mut watcher = LineWatcher::connect(&app, &game.id).await;
    let first = watcher.next_line().await;
    assert_eq!(first["event"], "game", "{first}");
    assert_eq!(
        first["data"],
        app.view(&game).await,
        "a full game event first"
    );
    let reply = app.play(&game, "e2e4").await;
    let events = watcher.until_game(|view| view["ply"] == 2).await;
    assert_eq!(events.last().expect("the reply").data, reply);
    let thinking_view = events
        .iter()
        .find(|e| e.name == "game" && e.data["engine_thinking"] == true)
        .expect("a game line while the engine thinks");
    assert_eq!(thinking_view.data["moves"][0]["san"], "e4");
    assert_eq!(thinking_view.data["ply"], 1);
    assert!(
        events
            .iter()
            .all(|e| ["game", "thinking"].contains(&e.name.as_str())),
        "{events:?}"
    );
}

#[tokio::test]
async fn sse_stays_the_default_and_the_answer_to_event_stream() {
    let app = spawn_app().await;
    let game = app.create(json!({ "color": "white" })).await;
    let path = format!("/api/games/{}/events", game.id);
    for accept in [
        None,
        Some("text/event-stream"),
        Some("*/*"),
        Some("text/event-stream, application/x-ndjson"),
    ] {
        // connect_to asserts the text/event-stream content type.
        let mut watcher = Watcher::connect_to(&app, &path, accept).await;
        let first = watcher.next().await;
        assert_eq!(first.name, "game", "{accept:?}");
        assert_eq!(first.data["id"], game.id.as_str());
    }
}
