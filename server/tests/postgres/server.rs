//! The real server binary, started on a database of the test cluster, and its HTTP client.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use alphachess_testkit::{free_port, maia_dir, stockfish};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

/// One `alphachess-server` process (killed when dropped), or a proxy in front of several.
pub struct Server {
    process: Option<Child>,
    pub base: String,
    pub client: reqwest::Client,
}

/// A game created through some server: its id and its player's token.
pub struct Created {
    pub id: String,
    pub token: String,
}

impl Server {
    /// Starts the binary on `db` with Stockfish at `depth`, a lease of `lease_ms`, and `extra`
    /// flags; waits until it answers.
    pub async fn start(db: &str, depth: u32, lease_ms: u64, extra: &[&str]) -> Server {
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_alphachess-server"));
        command
            .args(["--bind", &format!("127.0.0.1:{port}"), "--db", db])
            .arg("--stockfish")
            .arg(stockfish())
            .args(["--depth", &depth.to_string()])
            .args(["--lease-ms", &lease_ms.to_string()])
            .args(["--static-dir", "/nonexistent/alphachess-client"])
            .arg("--maia-dir")
            .arg(maia_dir())
            .args(["--games-per-minute", "1000", "--games-burst", "1000"])
            .args(extra)
            .env("RUST_LOG", "warn,alphachess_server::games=info")
            .stdin(Stdio::null());
        // The server logs to stdout: shown with SERVER_LOGS=1 (and --nocapture), else dropped.
        if std::env::var_os("SERVER_LOGS").is_none() {
            command.stdout(Stdio::null());
        }
        let process = command.spawn().expect("the server binary starts");
        let server = Server {
            process: Some(process),
            base: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::new(),
        };
        server.wait_healthy().await;
        server
    }

    /// The servers behind the proxy at `base` (nothing to kill).
    pub async fn behind(base: String) -> Server {
        let server = Server {
            process: None,
            base,
            client: reqwest::Client::new(),
        };
        server.wait_healthy().await;
        server
    }

    async fn wait_healthy(&self) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(30) {
            if let Ok(response) = self.client.get(self.url("/api/health")).send().await {
                if response.status().is_success() {
                    return;
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server at {} never answered", self.base);
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// `kill -9`: nothing is flushed, nothing is said goodbye.
    pub fn kill(&mut self) {
        let process = self.process.as_mut().expect("a process of our own");
        process.kill().expect("SIGKILL");
        process.wait().expect("reaped");
    }

    /// Creates a game (the player white at `level`).
    pub async fn create(&self, level: u8) -> Created {
        self.create_with(json!({ "color": "white", "level": level }))
            .await
    }

    /// Creates a game from a `POST /api/games` body.
    pub async fn create_with(&self, body: Value) -> Created {
        let response = self
            .client
            .post(self.url("/api/games"))
            .json(&body)
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.expect("JSON");
        Created {
            id: body["id"].as_str().expect("an id").to_owned(),
            token: body["token"].as_str().expect("a token").to_owned(),
        }
    }

    /// `POST …/moves` with `body`.
    pub async fn play_raw(&self, game: &Created, body: Value) -> Response {
        self.client
            .post(self.url(&format!("/api/games/{}/moves", game.id)))
            .bearer_auth(&game.token)
            .json(&body)
            .send()
            .await
            .expect("answers")
    }

    /// `POST …/{action}` (e.g. `resign`, `analysis`) with the game's token.
    pub async fn post(&self, game: &Created, action: &str) -> Response {
        self.client
            .post(self.url(&format!("/api/games/{}/{action}", game.id)))
            .bearer_auth(&game.token)
            .send()
            .await
            .expect("answers")
    }

    /// `GET` a path.
    async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("answers")
    }

    /// The game's analysis as this server answers it: status and body.
    pub async fn analysis(&self, game: &Created) -> (StatusCode, Value) {
        let response = self.get(&format!("/api/games/{}/analysis", game.id)).await;
        let status = response.status();
        (status, response.json().await.expect("JSON"))
    }

    /// Polls the analysis until it is done (or fails after a minute).
    pub async fn analysis_done(&self, game: &Created) -> Value {
        let started = Instant::now();
        loop {
            let (status, body) = self.analysis(game).await;
            if status == StatusCode::OK && body["status"] == "done" {
                return body;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "{status} {body}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A move that must be accepted; the view after the reply.
    pub async fn play(&self, game: &Created, text: &str) -> Value {
        let response = self.play_raw(game, json!({ "move": text })).await;
        assert_eq!(response.status(), StatusCode::OK, "playing {text}");
        response.json().await.expect("JSON")
    }

    /// The game's view as this server answers it.
    pub async fn view(&self, game: &Created) -> Value {
        let response = self.get(&format!("/api/games/{}", game.id)).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("JSON")
    }

    /// Polls the view until `done` holds (or fails after `limit`).
    pub async fn view_until(
        &self,
        game: &Created,
        limit: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let started = Instant::now();
        loop {
            let view = self.view(game).await;
            if done(&view) {
                return view;
            }
            assert!(started.elapsed() < limit, "never came: {view}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(process) = &mut self.process {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// A live stream, read frame by frame: each `game` event's view.
pub struct Watcher {
    response: Response,
    buffer: String,
}

impl Watcher {
    pub async fn connect(base: &str, id: &str) -> Watcher {
        let response = reqwest::get(format!("{base}/api/games/{id}/events"))
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::OK);
        Watcher {
            response,
            buffer: String::new(),
        }
    }

    /// The next `game` event's view, within `limit`.
    pub async fn next_game(&mut self, limit: Duration) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let frame: String = self.buffer.drain(..end + 2).collect();
                let mut name = "";
                let mut data = String::new();
                for line in frame.lines() {
                    if let Some(value) = line.strip_prefix("event:") {
                        name = value.trim();
                    } else if let Some(value) = line.strip_prefix("data:") {
                        data.push_str(value.trim_start());
                    }
                }
                if name == "game" {
                    return serde_json::from_str(&data).expect("a GameView");
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let chunk = tokio::time::timeout(left, self.response.chunk())
                .await
                .expect("a game event in time")
                .expect("the stream reads")
                .expect("the stream stays open");
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
        }
    }
}

/// Asserts 503 `storage_busy` with `Retry-After`.
pub async fn assert_storage_busy(response: Response, what: &str) {
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{what}");
    assert!(
        response.headers().contains_key("retry-after"),
        "{what}: a client is told when to try again"
    );
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["error"], "storage_busy", "{what}: {body}");
}
