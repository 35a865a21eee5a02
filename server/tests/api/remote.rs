//! Engines on other machines: the real Stockfish served over TCP by socat on loopback, as
//! `socat TCP-LISTEN:port,fork EXEC:stockfish` does in production.

use std::net::{Ipv4Addr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use alphachess_server::uci::{EngineAddress, EngineStatus};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    expect_error, free_port, spawn_with, stockfish, test_config, without_version, TestApp, TestGame,
};
use crate::injection::{allowed, recording_engine};

const SOCAT: &str = "/usr/bin/socat";

/// A socat serving Stockfish on a loopback port; killed (with every engine it started) on drop.
struct RemoteEngine {
    port: u16,
    engine: PathBuf,
    socat: Option<Child>,
}

impl RemoteEngine {
    /// Serves Stockfish on a free port.
    fn start() -> RemoteEngine {
        RemoteEngine::serving(stockfish())
    }

    /// Serves `engine` (an executable speaking UCI on stdin/stdout) on a free port.
    fn serving(engine: PathBuf) -> RemoteEngine {
        let port = free_port();
        let mut engine = RemoteEngine {
            port,
            engine,
            socat: None,
        };
        engine.restart();
        engine
    }

    /// (Re)starts socat on the same port and waits until it listens.
    fn restart(&mut self) {
        assert!(
            Path::new(SOCAT).is_file(),
            "socat is required (apt-get install -y socat)"
        );
        let socat = Command::new(SOCAT)
            .arg(format!(
                "TCP-LISTEN:{},bind=127.0.0.1,reuseaddr,fork,max-children=2,nodelay",
                self.port
            ))
            .arg(format!("EXEC:{}", self.engine.display()))
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("socat starts");
        self.socat = Some(socat);
        for _ in 0..500 {
            // The probe's engine reads end of input at once and quits.
            if TcpStream::connect((Ipv4Addr::LOCALHOST, self.port)).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("socat never listened on port {}", self.port);
    }

    fn address(&self) -> EngineAddress {
        format!("tcp://127.0.0.1:{}", self.port)
            .parse()
            .expect("a valid address")
    }

    /// Kills socat and every process it started (its engines), like a machine going away.
    fn kill(&mut self) {
        let Some(mut socat) = self.socat.take() else {
            return;
        };
        let mut doomed = vec![socat.id()];
        let mut i = 0;
        while i < doomed.len() {
            doomed.extend(children_of(doomed[i]));
            i += 1;
        }
        for pid in doomed.iter().skip(1) {
            // A child may have exited meanwhile; that is fine.
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .stderr(Stdio::null())
                .status();
        }
        let _ = socat.kill();
        let _ = socat.wait();
    }
}

impl Drop for RemoteEngine {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The pids whose parent is `pid` (from /proc).
fn children_of(pid: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&child| {
            std::fs::read_to_string(format!("/proc/{child}/stat"))
                .ok()
                .and_then(|stat| {
                    // `pid (comm) state ppid ...`; comm may contain spaces.
                    let after = stat.rsplit_once(')')?.1;
                    after.split_whitespace().nth(1)?.parse::<u32>().ok()
                })
                == Some(pid)
        })
        .collect()
}

/// A server on `engines`; searches at full level take the whole move-time cap (depth 40).
async fn spawn_pool(engines: Vec<EngineAddress>, move_time_cap_ms: u64) -> TestApp {
    let mut config = test_config();
    config.stockfish = engines;
    config.engines = 1;
    config.depth = 40;
    config.move_time_cap_ms = move_time_cap_ms;
    spawn_with(config).await
}

fn status(app: &TestApp) -> Vec<EngineStatus> {
    app.lifecycle.engines().status()
}

/// Waits (polling, up to 20 s: the restart backoff is at most 5 s) until engine `index` is healthy.
async fn wait_until_healthy(app: &TestApp, index: usize) {
    for _ in 0..400 {
        if status(app)[index].healthy {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("engine {index} never came back: {:?}", status(app));
}

/// Waits (polling, up to 20 s) until both engines of the pool are searching.
async fn wait_until_both_search(app: &TestApp) {
    for _ in 0..400 {
        if status(app).iter().all(|engine| engine.searching) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("both engines never searched at once: {:?}", status(app));
}

/// A quick game (step 9, the weakest step Stockfish plays, searches depth 3).
async fn quick_game(app: &TestApp) -> TestGame {
    app.create(json!({ "color": "white", "level": 9 })).await
}

/// A full-strength game: every engine reply takes the whole move-time cap.
async fn slow_game(app: &TestApp) -> TestGame {
    app.create(json!({ "color": "white" })).await
}

#[tokio::test]
async fn a_remote_engine_plays_a_whole_game() {
    let remote = RemoteEngine::start();
    let app = spawn_pool(vec![remote.address()], 5_000).await;
    let game = quick_game(&app).await;
    let mut view = game.view.clone();
    for m in ["e2e4", "g1f3", "f1c4"] {
        let legal = view["legal_moves"]
            .as_array()
            .expect("legal moves")
            .iter()
            .any(|l| l["uci"] == m);
        if !legal {
            break;
        }
        let before = view["ply"].as_u64().expect("a ply");
        view = app.play(&game, m).await;
        assert_eq!(view["ply"], before + 2, "the remote engine replied to {m}");
    }
    assert!(view["ply"].as_u64().is_some_and(|ply| ply >= 2));
    let engines = status(&app);
    assert_eq!(engines.len(), 1);
    assert_eq!(engines[0].address, remote.address().to_string());
    assert!(engines[0].healthy);
    assert!(engines[0].searches >= 1, "{engines:?}");
    assert_eq!(
        app.get("/api/ready").await.status(),
        StatusCode::OK,
        "a remote engine answers the readiness probe"
    );
}

#[tokio::test]
async fn a_remote_engine_lost_mid_search_fails_one_request_and_the_pool_goes_on() {
    let mut remote = RemoteEngine::start();
    let local = EngineAddress::Local(stockfish());
    let app = spawn_pool(vec![remote.address(), local], 1_500).await;

    // Keep both engines busy, then pull the remote one's plug.
    let games = [slow_game(&app).await, slow_game(&app).await];
    let before: Vec<Value> = [app.view(&games[0]).await, app.view(&games[1]).await].into();
    let (first, second) = play_both(&app, &games);
    for game in &games {
        wait_for_thinking(&app, game).await;
    }
    // Both searches have been handed to an engine (each worker takes one job at a time).
    wait_until_both_search(&app).await;
    remote.kill();
    let responses = [
        first.await.expect("the request task"),
        second.await.expect("the request task"),
    ];
    let failed: Vec<usize> = (0..2)
        .filter(|&i| responses[i].0 != StatusCode::OK)
        .collect();
    assert_eq!(
        failed.len(),
        1,
        "exactly the lost engine's request fails: {responses:?}"
    );
    let lost = failed[0];
    let (code, body) = &responses[lost];
    assert!(
        (*code == StatusCode::BAD_GATEWAY && body["error"] == "engine_failed")
            || (*code == StatusCode::GATEWAY_TIMEOUT && body["error"] == "engine_timeout"),
        "{code} {body}"
    );
    assert_eq!(
        without_version(&app.view(&games[lost]).await),
        without_version(&before[lost]),
        "the game is exactly as it was"
    );
    assert_eq!(responses[1 - lost].1["ply"], 2);
    assert!(
        !status(&app)[0].healthy,
        "the lost engine is out of the pool"
    );

    // The healthy engine serves the next requests while the remote one is down.
    let view = app.play(&games[lost], "e2e4").await;
    assert_eq!(view["ply"], 2);
    let view = app.play(&quick_game(&app).await, "d2d4").await;
    assert_eq!(view["ply"], 2);

    // The machine comes back: the pool reconnects and uses it again.
    remote.restart();
    wait_until_healthy(&app, 0).await;
    let served = status(&app)[0].searches;
    let games = [slow_game(&app).await, slow_game(&app).await];
    let (first, second) = play_both(&app, &games);
    for response in [first.await, second.await] {
        let (code, body) = response.expect("the request task");
        assert_eq!(code, StatusCode::OK, "{body}");
    }
    assert!(
        status(&app)[0].searches > served,
        "the remote engine took one of two simultaneous searches: {:?}",
        status(&app)
    );
}

#[tokio::test]
async fn a_lone_remote_engine_that_is_gone_gives_502_until_it_is_back() {
    let mut remote = RemoteEngine::start();
    let app = spawn_pool(vec![remote.address()], 2_000).await;
    let game = quick_game(&app).await;
    remote.kill();
    let before = app.view(&game).await;
    let response = app.play_raw(&game, json!({ "move": "e2e4" })).await;
    let body = expect_error(response, StatusCode::BAD_GATEWAY, "engine_failed").await;
    assert!(
        !body.to_string().contains("tcp://")
            && !body
                .to_string()
                .contains(&format!("127.0.0.1:{}", remote.port)),
        "the engine's address stays in the log: {body}"
    );
    assert_eq!(
        without_version(&app.view(&game).await),
        without_version(&before),
        "the game is untouched"
    );

    remote.restart();
    wait_until_healthy(&app, 0).await;
    let view = app.play(&game, "e2e4").await;
    assert_eq!(view["ply"], 2, "the engine that came back is used again");
}

#[tokio::test]
async fn a_server_starts_with_one_of_its_engines_down_and_adds_it_when_it_answers() {
    let mut remote = RemoteEngine::start();
    remote.kill();
    let app = spawn_pool(
        vec![EngineAddress::Local(stockfish()), remote.address()],
        2_000,
    )
    .await;
    let engines = status(&app);
    assert!(engines[0].healthy && !engines[1].healthy, "{engines:?}");
    assert_eq!(app.play(&quick_game(&app).await, "e2e4").await["ply"], 2);
    remote.restart();
    wait_until_healthy(&app, 1).await;
}

#[tokio::test]
async fn a_remote_engine_receives_only_allow_listed_lines() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let remote = RemoteEngine::serving(recording_engine(dir.path()));
    let app = spawn_pool(vec![remote.address()], 2_000).await;
    let game = quick_game(&app).await;
    for text in [
        "e2e4\ngo infinite",
        "e2e4\rquit",
        "setoption name Threads value 8",
    ] {
        let response = app.play_raw(&game, json!({ "move": text })).await;
        expect_error(response, StatusCode::BAD_REQUEST, "invalid_move_notation").await;
    }
    let hostile_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ngo infinite";
    let response = app
        .create_raw(&json!({ "color": "black", "fen": hostile_fen }))
        .await;
    expect_error(response, StatusCode::BAD_REQUEST, "invalid_fen").await;
    app.play(&game, "e2e4").await;
    app.play(&game, "d2d4").await;

    let log = std::fs::read_to_string(dir.path().join("stdin.log")).expect("the wrapper logged");
    assert!(
        log.contains("go depth 3 movetime 2000"),
        "the remote engine was used: {log}"
    );
    for line in log.lines() {
        assert!(allowed(line), "the remote engine received {line:?}");
    }
}

/// Waits (polling) until the engine is searching for `game`.
async fn wait_for_thinking(app: &TestApp, game: &TestGame) {
    for _ in 0..500 {
        if app.view(game).await["engine_thinking"] == true {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the engine never started thinking for {}", game.id);
}

/// A request running in its own task: its status and JSON body.
type Pending = tokio::task::JoinHandle<(StatusCode, Value)>;

/// Plays e2e4 in both games at once, each in its own task; yields the tasks' handles.
fn play_both(app: &TestApp, games: &[TestGame; 2]) -> (Pending, Pending) {
    let spawn = |game: &TestGame| {
        let request = app
            .client
            .post(app.url(&format!("/api/games/{}/moves", game.id)))
            .bearer_auth(&game.token)
            .json(&json!({ "move": "e2e4" }));
        tokio::spawn(async move {
            let response = request.send().await.expect("the server answers");
            let code = response.status();
            (code, response.json::<Value>().await.expect("JSON"))
        })
    };
    (spawn(&games[0]), spawn(&games[1]))
}
