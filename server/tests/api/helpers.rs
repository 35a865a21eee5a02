//! Spawning the real application on 127.0.0.1:0 and talking to it.

use std::path::PathBuf;
use std::time::Duration;

use actix_web::web;
use alphachess_server::games::Lifecycle;
use alphachess_server::uci::{EnginePool, EngineSettings};
use alphachess_server::{Application, Config};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

// Shared with the PostgreSQL and CLI suites; re-exported so every test file imports helpers.
pub use alphachess_testkit::{free_port, game_after, maia_dir, stockfish};

/// A pool of ONE real Stockfish with room for `queue_len` waiting searches.
pub async fn one_engine(queue_len: usize) -> EnginePool {
    EnginePool::start(EngineSettings {
        engines: vec![stockfish().into()],
        queue_len,
        queue_per_client: queue_len,
        queue_per_aggregate: queue_len,
        preempt_after: Duration::from_secs(600),
        movetime: Duration::from_secs(20),
        queue_wait: Duration::from_secs(600),
    })
    .await
    .expect("Stockfish starts")
}

/// The fake engine used by the fault tests.
pub fn fake_engine() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines/fake-uci.sh")
}

/// A configuration for tests: loopback port 0, real Stockfish at depth 4, no client folder, and
/// cheap analyses (20,000 nodes per position) of the games that end.
pub fn test_config() -> Config {
    let mut config = Config::with_defaults();
    config.bind = "127.0.0.1:0".parse().expect("a valid address");
    config.stockfish = vec![stockfish().into()];
    // The suites were written for one engine (the default was 1); `--engines` now defaults to
    // one per core, so a test that wants more says so.
    config.engines = 1;
    config.depth = 4;
    config.move_time_cap_ms = 5_000;
    config.analysis_nodes = 20_000;
    config.static_dir = PathBuf::from("/nonexistent/alphachess-client");
    config.maia_dir = maia_dir();
    config.db = ":memory:".into();
    config
}

/// [`test_config`] with its SQLite database in a file under `dir`, for tests that restart the
/// server on the same games.
pub fn test_config_on_disk(dir: &tempfile::TempDir) -> Config {
    let mut config = test_config();
    config.db = dir
        .path()
        .join("games.db")
        .to_str()
        .expect("UTF-8")
        .to_owned();
    config
}

/// A running server and a client for it.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    /// The server's games and engines, to look inside.
    pub lifecycle: web::Data<Lifecycle>,
}

/// A created game.
pub struct TestGame {
    pub id: String,
    pub token: String,
    pub view: Value,
}

impl TestGame {
    /// The game a `201` of `POST /api/games` describes.
    pub fn from_created(created: &Value) -> TestGame {
        TestGame {
            id: created["id"].as_str().expect("an id").to_owned(),
            token: created["token"].as_str().expect("a token").to_owned(),
            view: created["game"].clone(),
        }
    }
}

/// Starts the application with `config` on a free port; returns once its stored games are read
/// back (see `loading.rs` for the server while it reads them).
pub async fn spawn_with(config: Config) -> TestApp {
    let app = Application::build(&config)
        .await
        .expect("the application starts");
    let test_app = TestApp::of(&app);
    tokio::spawn(app.run_until_stopped());
    test_app.lifecycle.games().wait_loaded().await;
    test_app
}

/// A running server a test stops, to start another on the same database.
pub struct Stoppable {
    pub app: TestApp,
    stopper: tokio_util::sync::CancellationToken,
    running: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Stoppable {
    /// Starts the application with `config` (not waiting for its stored games).
    pub async fn start(config: &Config) -> Stoppable {
        let app = Application::build(config)
            .await
            .expect("the application starts");
        let (test_app, stopper) = (TestApp::of(&app), app.stopper());
        let running = tokio::spawn(app.run_until_stopped());
        Stoppable {
            app: test_app,
            stopper,
            running,
        }
    }

    /// Stops the server as a signal would, and waits for its clean stop.
    pub async fn stop(self) {
        self.stopper.cancel();
        self.running
            .await
            .expect("the server task ends")
            .expect("a clean stop");
    }
}

/// Starts the application with the test defaults.
pub async fn spawn_app() -> TestApp {
    spawn_with(test_config()).await
}

impl TestApp {
    /// A client for `app` (which the caller runs, and may stop).
    pub fn of(app: &Application) -> TestApp {
        TestApp {
            base: format!("http://127.0.0.1:{}", app.port()),
            client: reqwest::Client::new(),
            lifecycle: app.lifecycle(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// `POST /api/games` with `body`.
    pub async fn create_raw(&self, body: &Value) -> Response {
        self.client
            .post(self.url("/api/games"))
            .json(body)
            .send()
            .await
            .expect("the server answers")
    }

    /// Creates a game that must succeed.
    pub async fn create(&self, body: Value) -> TestGame {
        let response = self.create_raw(&body).await;
        assert_eq!(response.status(), StatusCode::CREATED, "creating {body}");
        TestGame::from_created(&response.json().await.expect("JSON"))
    }

    /// `POST /api/games/{id}/moves` with the game's token.
    pub async fn play_raw(&self, game: &TestGame, body: Value) -> Response {
        self.client
            .post(self.url(&format!("/api/games/{}/moves", game.id)))
            .bearer_auth(&game.token)
            .json(&body)
            .send()
            .await
            .expect("the server answers")
    }

    /// Plays a move that must be accepted; returns the view after the engine's reply.
    pub async fn play(&self, game: &TestGame, text: &str) -> Value {
        let response = self.play_raw(game, json!({ "move": text })).await;
        assert_eq!(response.status(), StatusCode::OK, "playing {text}");
        response.json().await.expect("JSON")
    }

    /// Plays the player's moves (the first legal one each turn, the engine replying) until the
    /// game can no longer be aborted: each side has made two moves here (`abortable.rs`; moves
    /// imported with a PGN do not count). A test whose resignation, draw offer or review must be
    /// a real game's calls it first, as a player would have played; the view after it.
    pub async fn play_opening(&self, game: &TestGame) -> Value {
        let mut view = self.view(game).await;
        while view["can_abort"] == true {
            let first = view["legal_moves"][0]["uci"]
                .as_str()
                .expect("a legal move");
            view = self.play(game, first).await;
        }
        view
    }

    /// `GET /api/games/{id}/hint` with the game's token.
    pub async fn hint(&self, game: &TestGame) -> Response {
        self.client
            .get(self.url(&format!("/api/games/{}/hint", game.id)))
            .bearer_auth(&game.token)
            .send()
            .await
            .expect("the server answers")
    }

    /// `POST /api/games/{id}/{action}` (takeback, resign) with the game's token.
    pub async fn action(&self, game: &TestGame, action: &str) -> Response {
        self.client
            .post(self.url(&format!("/api/games/{}/{action}", game.id)))
            .bearer_auth(&game.token)
            .send()
            .await
            .expect("the server answers")
    }

    /// `GET` a path.
    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the server answers")
    }

    /// Waits (briefly, polling) until the game reaches `ply`, e.g. the player's move is in and
    /// the engine is thinking.
    pub async fn wait_for_ply(&self, game: &TestGame, ply: u64) {
        for _ in 0..200 {
            if self.view(game).await["ply"] == ply {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        panic!("game {} never reached ply {ply}", game.id);
    }

    /// The game's view as the server has it now.
    pub async fn view(&self, game: &TestGame) -> Value {
        let response = self.get(&format!("/api/games/{}", game.id)).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("JSON")
    }

    /// The game's PGN export, which must be served.
    pub async fn pgn(&self, id: &str) -> String {
        let response = self.get(&format!("/api/games/{id}/pgn")).await;
        assert_eq!(response.status(), StatusCode::OK, "the PGN of {id}");
        response.text().await.expect("a PGN body")
    }

    /// The API document as served.
    pub async fn openapi(&self) -> Value {
        let response = self.get("/api/openapi.json").await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("JSON")
    }
}

/// Asserts an error response's status and code; returns its body.
/// A game's view without its `version`: the game as a player sees it. A change that failed and
/// was put back (a takeback of the player's move after the engine failed) still counts versions,
/// so clients holding a view from during it take the one after it.
pub fn without_version(view: &Value) -> Value {
    let mut view = view.clone();
    if let Some(fields) = view.as_object_mut() {
        fields.remove("version");
    }
    view
}

pub async fn expect_error(response: Response, status: StatusCode, code: &str) -> Value {
    assert_eq!(response.status(), status, "expected {code}");
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["error"], code, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    body
}

/// Polls `condition` until it holds (the engine's state changes within milliseconds).
pub async fn wait_until(condition: impl Fn() -> bool) {
    for _ in 0..2_000 {
        if condition() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the condition never held");
}

/// Creates a game as `client` (the `X-Forwarded-For` a trusted loopback proxy names).
pub async fn create_as(app: &TestApp, client: &str, body: Value) -> TestGame {
    let response = app
        .client
        .post(app.url("/api/games"))
        .header("X-Forwarded-For", client)
        .json(&body)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::CREATED, "creating {body}");
    TestGame::from_created(&response.json().await.expect("JSON"))
}

/// `POST /moves` as `client`; `wait: false` answers once the move is stored.
pub async fn play_as(
    app: &TestApp,
    client: &str,
    game: &TestGame,
    m: &str,
    wait: bool,
) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/games/{}/moves?wait={wait}", game.id)))
        .bearer_auth(&game.token)
        .header("X-Forwarded-For", client)
        .json(&json!({ "move": m }))
        .send()
        .await
        .expect("the server answers")
}
