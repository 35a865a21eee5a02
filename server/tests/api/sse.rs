//! Reading a game's live stream (`GET /api/games/{id}/events`) frame by frame.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

/// One parsed Server-Sent Event.
#[derive(Debug, Clone)]
pub struct Event {
    pub name: String,
    pub data: Value,
}

/// A game's stream in either framing (SSE here, NDJSON in `ndjson.rs`), read event by event.
pub(crate) trait EventStream {
    /// The next event (heartbeats skipped).
    async fn next_event(&mut self) -> Event;

    /// Every event up to and including the first `game` event that satisfies `done`.
    async fn until_game(&mut self, done: impl Fn(&Value) -> bool) -> Vec<Event> {
        let mut seen = Vec::new();
        loop {
            let event = self.next_event().await;
            let finished = event.name == "game" && done(&event.data);
            seen.push(event);
            if finished {
                return seen;
            }
        }
    }
}

impl EventStream for Watcher {
    async fn next_event(&mut self) -> Event {
        self.next().await
    }
}

/// A connected watcher of one game, reading frames as they arrive.
pub struct Watcher {
    response: reqwest::Response,
    buffer: String,
}

impl Watcher {
    /// Connects to the stream of game `id`.
    pub async fn connect(app: &TestApp, id: &str) -> Watcher {
        Watcher::connect_to(app, &format!("/api/games/{id}/events"), None).await
    }

    /// Connects to the stream at `path`, sending `accept` as the `Accept` header if given.
    pub async fn connect_to(app: &TestApp, path: &str, accept: Option<&str>) -> Watcher {
        let mut request = app.client.get(app.url(path));
        if let Some(accept) = accept {
            request = request.header("accept", accept);
        }
        let response = request.send().await.expect("the server answers");
        assert_eq!(response.status(), StatusCode::OK);
        let content_type = response.headers()["content-type"]
            .to_str()
            .expect("ASCII")
            .to_owned();
        assert!(
            content_type.starts_with("text/event-stream"),
            "{content_type}"
        );
        Watcher {
            response,
            buffer: String::new(),
        }
    }

    /// The next event (comments such as heartbeats are skipped), within 30 s.
    pub async fn next(&mut self) -> Event {
        self.next_within(Duration::from_secs(30)).await
    }

    /// The next event (comments such as heartbeats are skipped), within `limit`.
    pub async fn next_within(&mut self, limit: Duration) -> Event {
        self.next_or_end(limit)
            .await
            .expect("the stream stays open")
    }

    /// The next event within `limit`, or `None` once the server ended the stream.
    pub async fn next_or_end(&mut self, limit: Duration) -> Option<Event> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let frame: String = self.buffer.drain(..end + 2).collect();
                if let Some(event) = parse_frame(&frame) {
                    return Some(event);
                }
                continue;
            }
            let chunk = tokio::time::timeout(limit, self.response.chunk())
                .await
                .expect("an event in time")
                .expect("the stream reads")?;
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8 frames"));
        }
    }
}

/// `event: NAME` + `data: JSON` (one line each); `None` for a comment-only frame.
fn parse_frame(frame: &str) -> Option<Event> {
    let mut name = None;
    let mut data = None;
    for line in frame.lines() {
        if let Some(value) = line.strip_prefix("event: ") {
            name = Some(value.to_owned());
        } else if let Some(value) = line.strip_prefix("data: ") {
            assert!(data.is_none(), "one data line per event: {frame:?}");
            data = Some(serde_json::from_str(value).expect("data is JSON"));
        } else {
            assert!(
                line.starts_with(':') || line.is_empty(),
                "unexpected line {line:?}"
            );
        }
    }
    Some(Event {
        name: name?,
        data: data.expect("an event has data"),
    })
}
