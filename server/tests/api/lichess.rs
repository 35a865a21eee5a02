//! The lichess Board API (`src/http/lichess/`): keys, and the stream guarantees of both NDJSON streams
//! (lichess's and ours): the first line is the full state, keep-alives at most 15 s apart,
//! several streams of one key never close each other, a reconnect resumes with the running clocks.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, spawn_with, test_config, TestApp};
use crate::ndjson::LineWatcher;
use crate::sse::EventStream;

/// A key with 256 random-looking bits (43 base64url characters).
pub const KEY: &str = "kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE";

/// One lichess NDJSON stream, line by line (an empty line is a keep-alive).
pub struct LichessLines {
    response: reqwest::Response,
    buffer: String,
}

impl LichessLines {
    /// Opens the stream at `path` with `key`.
    pub async fn open(app: &TestApp, path: &str, key: &str) -> LichessLines {
        let response = app
            .client
            .get(app.url(path))
            .bearer_auth(key)
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["content-type"], "application/x-ndjson");
        LichessLines {
            response,
            buffer: String::new(),
        }
    }

    /// The next line as it came (`None`: the stream ended), within `limit`.
    pub async fn raw_line(&mut self, limit: Duration) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=end).collect();
                return Some(line.trim_end_matches('\n').to_owned());
            }
            let chunk = tokio::time::timeout(limit, self.response.chunk())
                .await
                .expect("a line in time")
                .expect("the stream reads")?;
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8 lines"));
        }
    }

    /// The next JSON line (keep-alives skipped), within 30 s; panics if the stream ended.
    pub async fn next(&mut self) -> Value {
        loop {
            let line = self
                .raw_line(Duration::from_secs(30))
                .await
                .expect("the stream stays open");
            if !line.is_empty() {
                return serde_json::from_str(&line).expect("each line is JSON");
            }
        }
    }

    /// Whether the stream ends (within 30 s, keep-alives skipped).
    pub async fn ends(&mut self) -> bool {
        loop {
            match self.raw_line(Duration::from_secs(30)).await {
                None => return true,
                Some(line) if line.is_empty() => continue,
                Some(_) => return false,
            }
        }
    }
}

impl TestApp {
    /// `POST /api/challenge/ai` with a form body and `key`.
    pub async fn challenge_ai(&self, form: &[(&str, &str)], key: &str) -> reqwest::Response {
        self.client
            .post(self.url("/api/challenge/ai"))
            .bearer_auth(key)
            .form(form)
            .send()
            .await
            .expect("the server answers")
    }

    /// `GET path` with `key`: its JSON answer.
    pub async fn get_as(&self, path: &str, key: &str) -> Value {
        self.client
            .get(self.url(path))
            .bearer_auth(key)
            .send()
            .await
            .expect("the server answers")
            .json()
            .await
            .expect("JSON")
    }

    /// A game against the computer for `key`; its id.
    pub async fn ai_game(&self, form: &[(&str, &str)], key: &str) -> String {
        let response = self.challenge_ai(form, key).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let created: Value = response.json().await.expect("JSON");
        created["id"].as_str().expect("an id").to_owned()
    }

    /// `POST /api/board/game/{id}/{action}` with `key`, which must answer `{"ok": true}`.
    pub async fn board(&self, id: &str, action: &str, key: &str) {
        let response = self
            .client
            .post(self.url(&format!("/api/board/game/{id}/{action}")))
            .bearer_auth(key)
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), StatusCode::OK, "{action}");
        let body: Value = response.json().await.expect("JSON");
        assert_eq!(body, json!({"ok": true}));
    }
}

#[tokio::test]
async fn a_short_or_missing_key_is_refused_with_a_lichess_401_that_states_the_rule() {
    let app = spawn_app().await;
    for key in [
        Some("short"),
        Some("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
        Some("has spaces in it but long enough"),
        None,
    ] {
        let mut request = app.client.post(app.url("/api/challenge/ai"));
        if let Some(key) = key {
            request = request.bearer_auth(key);
        }
        let response = request
            .form(&[("level", "1")])
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{key:?}");
        let body: Value = response.json().await.expect("JSON");
        let error = body["error"].as_str().expect("lichess's error field");
        assert_eq!(body.as_object().expect("an object").len(), 1, "{body}");
        if key.is_some() {
            assert!(error.contains("22 to 256 characters"), "{error}");
        }
    }
    assert!(app.lifecycle.games().is_empty());
}

#[tokio::test]
async fn a_keys_game_is_its_own_and_no_other_keys() {
    let app = spawn_app().await;
    let id = app
        .ai_game(&[("level", "1"), ("color", "white")], KEY)
        .await;
    let stranger = "Zm9vYmFyYmF6cXV4cXV1eA_stranger";
    let response = app
        .client
        .post(app.url(&format!("/api/board/game/{id}/move/e2e4")))
        .bearer_auth(stranger)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body, json!({"error": "Not found."}));
    // Our own API takes the key as the game's token, and lists the key's games.
    let response = app
        .client
        .post(app.url(&format!("/api/v1/games/{id}/moves")))
        .bearer_auth(KEY)
        .json(&json!({"move": "e2e4"}))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let listed = |key: &'static str| {
        let request = app
            .client
            .get(app.url("/api/v1/account/games"))
            .bearer_auth(key);
        async move {
            let games: Value = request
                .send()
                .await
                .expect("answers")
                .json()
                .await
                .expect("JSON");
            games["games"].as_array().expect("a list").clone()
        }
    };
    let mine = listed(KEY).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["id"], id.as_str());
    assert_eq!(mine[0]["ply"], 2);
    assert!(listed(stranger).await.is_empty());
}

#[tokio::test]
async fn three_streams_of_one_key_all_stay_open_and_all_see_every_change() {
    // Nine streams from one address: more than its default share of live streams.
    let mut config = test_config();
    config.watchers_per_client = 9;
    let app = spawn_with(config).await;
    let mut events = Vec::new();
    for _ in 0..3 {
        events.push(LichessLines::open(&app, "/api/stream/event", KEY).await);
    }
    let id = app
        .ai_game(
            &[("level", "1"), ("color", "white"), ("clock.limit", "300")],
            KEY,
        )
        .await;
    for stream in &mut events {
        let start = stream.next().await;
        assert_eq!(start["type"], "gameStart");
        assert_eq!(start["game"]["gameId"], id.as_str());
    }
    let path = format!("/api/board/game/stream/{id}");
    let mut boards = Vec::new();
    for _ in 0..3 {
        let mut board = LichessLines::open(&app, &path, KEY).await;
        assert_eq!(board.next().await["type"], "gameFull");
        boards.push(board);
    }
    // Ours too: three NDJSON watchers of the game.
    let mut ours = Vec::new();
    for _ in 0..3 {
        let mut watcher = LineWatcher::connect(&app, &id).await;
        assert_eq!(watcher.next_line().await["event"], "game");
        ours.push(watcher);
    }
    app.board(&id, "move/e2e4", KEY).await;
    for board in &mut boards {
        assert_eq!(board.next().await["moves"], "e2e4");
        let reply = board.next().await;
        assert_eq!(
            reply["moves"].as_str().expect("moves").split(' ').count(),
            2
        );
    }
    for watcher in &mut ours {
        watcher.until_game(|view| view["ply"] == 2).await;
    }
    // Two moves each, so the resignation is one (before, it would abort the game).
    app.board(&id, "move/h2h3", KEY).await;
    for board in &mut boards {
        board.next().await;
        board.next().await;
    }
    for watcher in &mut ours {
        watcher.until_game(|view| view["ply"] == 4).await;
    }
    app.board(&id, "resign", KEY).await;
    for board in &mut boards {
        let end = board.next().await;
        assert_eq!(
            (&end["status"], &end["winner"]),
            (&json!("resign"), &json!("black"))
        );
        assert!(board.ends().await, "the stream closes when the game ends");
    }
    for stream in &mut events {
        let finish = stream.next().await;
        assert_eq!(finish["type"], "gameFinish");
        assert_eq!(finish["game"]["status"]["name"], "resign");
    }
}

#[tokio::test]
async fn a_reconnect_mid_game_resumes_with_the_full_state_and_the_running_clocks() {
    let app = spawn_app().await;
    let id = app
        .ai_game(
            &[
                ("level", "1"),
                ("color", "white"),
                ("clock.limit", "60"),
                ("clock.increment", "1"),
            ],
            KEY,
        )
        .await;
    let path = format!("/api/board/game/stream/{id}");
    let mut first = LichessLines::open(&app, &path, KEY).await;
    first.next().await;
    app.board(&id, "move/e2e4", KEY).await;
    first.next().await;
    let replied = first.next().await;
    drop(first);
    // White's clock runs from the engine's reply on.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let mut again = LichessLines::open(&app, &path, KEY).await;
    let full = again.next().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["state"]["moves"], replied["moves"]);
    let (before, now) = (replied["wtime"].as_u64(), full["state"]["wtime"].as_u64());
    let (before, now) = (before.expect("ms"), now.expect("ms"));
    assert!(
        now + 1_000 <= before,
        "white's clock ran: {before} then {now}"
    );
    assert_eq!(
        full["state"]["btime"], replied["btime"],
        "black's clock stands"
    );
    // Ours: the first line is the whole view, its clock running too.
    let mut ours = LineWatcher::connect(&app, &id).await;
    let view = ours.next_line().await;
    assert_eq!(view["event"], "game");
    assert_eq!(view["data"]["ply"], 2);
    assert_eq!(view["data"]["clock"]["running"], "white");
    assert!(view["data"]["clock"]["white_ms"].as_u64().expect("ms") <= now);
}

#[tokio::test]
async fn both_ndjson_streams_send_a_keep_alive_within_15_seconds_of_silence() {
    let app = spawn_app().await;
    let id = app
        .ai_game(&[("level", "1"), ("color", "white")], KEY)
        .await;
    let mut lichess = LichessLines::open(&app, &format!("/api/board/game/stream/{id}"), KEY).await;
    let mut events = LichessLines::open(&app, "/api/stream/event", KEY).await;
    let mut ours = LineWatcher::connect(&app, &id).await;
    let json_line = |line: Option<String>| !line.expect("open").is_empty();
    assert!(
        json_line(lichess.raw_line(Duration::from_secs(5)).await),
        "gameFull"
    );
    assert!(
        json_line(events.raw_line(Duration::from_secs(5)).await),
        "gameStart"
    );
    assert_eq!(ours.next_line().await["event"], "game");
    // Silence now: the next line of each is its keep-alive, well within 15 s (plus slack).
    let limit = Duration::from_secs(17);
    let (board_line, event_line) = tokio::join!(lichess.raw_line(limit), events.raw_line(limit));
    assert_eq!(
        board_line.as_deref(),
        Some(""),
        "lichess's keep-alive is an empty line"
    );
    assert_eq!(event_line.as_deref(), Some(""));
    assert_eq!(ours.next_line().await, json!({"event": "keepalive"}));
}

#[tokio::test]
async fn a_keys_games_are_still_its_own_after_a_restart_on_sqlite() {
    use alphachess_server::Application;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = crate::helpers::test_config_on_disk(&dir);
    let app = Application::build(&config).await.expect("starts");
    let (first, stopper) = (TestApp::of(&app), app.stopper());
    let running = tokio::spawn(app.run_until_stopped());
    let id = first
        .ai_game(&[("level", "1"), ("color", "white")], KEY)
        .await;
    first.board(&id, "move/e2e4", KEY).await;
    stopper.cancel();
    running.await.expect("ends").expect("a clean stop");

    let app = Application::build(&config).await.expect("starts again");
    let second = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());
    let listed = second.get_as("/api/v1/account/games", KEY).await;
    assert_eq!(listed["games"][0]["id"], id.as_str());
    let mut stream =
        LichessLines::open(&second, &format!("/api/board/game/stream/{id}"), KEY).await;
    let full = stream.next().await;
    assert_eq!(full["type"], "gameFull");
    assert!(
        full["state"]["moves"]
            .as_str()
            .expect("moves")
            .starts_with("e2e4"),
        "{full}"
    );
    second.board(&id, "resign", KEY).await;
}
