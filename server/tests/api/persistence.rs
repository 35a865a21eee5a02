//! Durability against the real server binary: games are played, the process is killed with
//! SIGKILL (at random points, and in the middle of a search), and a new process on the same
//! database must show every acknowledged change, only legal games, and the engine moving where
//! it was to move.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use alphachess_engine::{Game, Position};
use alphachess_server::games::stores::{SCHEMA_V1, SCHEMA_VERSION};
use alphachess_server::token::TokenHash;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{free_port, maia_dir, stockfish};

/// A host name for one server process of this test run alone (its `--allowed-host`).
fn own_name() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("server-{}-{n}.test", std::process::id())
}

/// How long a start may take before the test gives up: far longer than one takes, even for the
/// debug binary on a loaded machine (it starts Stockfish and loads Maia first), which took more
/// than the 6 s once allowed here; only a failure waits this long.
const START_GIVE_UP: Duration = Duration::from_secs(60);

/// The server binary on a database, killed with SIGKILL when dropped.
struct Server {
    child: Child,
    base: String,
    client: reqwest::Client,
}

impl Server {
    /// Starts the built binary on `db` (level 8 thinks up to `MOVE_TIME_MS`; levels 1–3 search
    /// depth 1–3) and waits until it answers. A port named by `free_port` can be taken by another
    /// test's server before the child binds it; the child then exits, and another port is tried.
    async fn start(db: &Path) -> Server {
        for _ in 0..3 {
            if let Some(server) = Server::try_start(db).await {
                return server;
            }
        }
        panic!(
            "the server exited on three ports; logs beside {}",
            db.display()
        );
    }

    /// One start on a free port: the server once it answers, `None` if it exited first.
    async fn try_start(db: &Path) -> Option<Server> {
        let port = free_port();
        let log = db.with_extension(format!("{port}.log"));
        let name = own_name();
        let child = Command::new(env!("CARGO_BIN_EXE_alphachess-server"))
            .args(["--bind", &format!("127.0.0.1:{port}"), "--depth", "30"])
            .args(["--move-time-cap-ms", &MOVE_TIME_MS.to_string()])
            .args(["--analysis-nodes", "20000"])
            .args(["--static-dir", "/nonexistent/alphachess-client"])
            .arg("--maia-dir")
            .arg(maia_dir())
            // Every player of this test is on loopback, one address: let them all search at once.
            .args(["--searches-per-client", "100"])
            .args(["--allowed-host", &name])
            .arg("--stockfish")
            .arg(stockfish())
            .arg("--db")
            .arg(db)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("a log file"))
            .spawn()
            .expect("the server binary starts");
        let mut server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::new(),
        };
        let give_up = Instant::now() + START_GIVE_UP;
        while Instant::now() < give_up {
            if server.answers_as(&name).await {
                return Some(server);
            }
            if server
                .child
                .try_wait()
                .expect("the child can be waited for")
                .is_some()
            {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the server never answered; log: {}", log.display());
    }

    /// Whether this server's own process answers its health check: asked by the name only it
    /// answers to, as any other server on loopback refuses that name (`421 unknown_host`).
    async fn answers_as(&self, name: &str) -> bool {
        let response = self
            .client
            .get(self.url("/api/health"))
            .header(reqwest::header::HOST, name)
            .send()
            .await;
        response.is_ok_and(|response| response.status().is_success())
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// SIGKILL: no destructor, no flush, no goodbye.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL is delivered");
        self.child.wait().expect("the killed server is reaped");
    }

    /// SIGTERM, then waits (at most `limit`) for the process to exit; its exit status.
    async fn terminate(&mut self, limit: Duration) -> ExitStatus {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIGTERM is delivered");
        let give_up = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server can be waited for") {
                return status;
            }
            assert!(
                Instant::now() < give_up,
                "the server still runs {limit:?} after SIGTERM"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn view(&self, id: &str) -> (StatusCode, Value) {
        let response = self
            .client
            .get(self.url(&format!("/api/games/{id}")))
            .send()
            .await
            .expect("the server answers");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Polls until the engine has replied where it was to move (after a restart).
    async fn wait_for_player_turn(&self, id: &str) -> Value {
        for _ in 0..400 {
            let (status, view) = self.view(id).await;
            assert_eq!(status, StatusCode::OK, "game {id} is there");
            if view["status"] == "finished" || view["turn"] == view["player_color"] {
                return view;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the engine never moved in game {id} after the restart");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The most one level-8 search may take in these tests.
const MOVE_TIME_MS: u64 = 1_000;

/// What the client knows about one game: the moves it knows are on disk, the view it plays
/// from, and the request it sent but got no answer to.
#[derive(Debug, Clone)]
struct Tracked {
    id: String,
    token: String,
    player_color: String,
    /// The moves of the last answer received, or, after a restart, what the database held.
    acknowledged: Vec<String>,
    in_flight: Option<Action>,
    /// The last view the client saw. It runs ahead of `acknowledged` only after a restart,
    /// by what the server did on its own (the engine's resumed reply, or the player's move
    /// taken back when that search failed): shown, but acknowledged to nobody.
    last_view: Value,
}

#[derive(Debug, Clone, PartialEq)]
enum Action {
    Move(String),
    TakeBack,
}

fn uci_moves(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .expect("a move list")
        .iter()
        .map(|m| m["uci"].as_str().expect("uci").to_owned())
        .collect()
}

/// The moves replayed from the start position by the engine crate; panics on an illegal one.
fn replay(moves: &[String]) -> Game {
    Game::from_uci_moves(Position::startpos(), moves)
        .unwrap_or_else(|error| panic!("{error} in {moves:?}"))
}

/// Whether ply `index` (0-based) of a standard game is the engine's move.
fn engine_moved(tracked: &Tracked, index: usize) -> bool {
    let white_moved = index.is_multiple_of(2);
    white_moved == (tracked.player_color == "black")
}

/// `moves` after a takeback: up to and including the player's last move goes (nothing, when
/// the player has not moved: the server answers 409 `nothing_to_take_back`).
fn taken_back(tracked: &Tracked, moves: &[String]) -> Vec<String> {
    match (0..moves.len())
        .rev()
        .find(|&index| !engine_moved(tracked, index))
    {
        Some(last_player_move) => moves[..last_player_move].to_vec(),
        None => moves.to_vec(),
    }
}

/// Whether the database may hold `stored` for this game after a kill: any state the server
/// went through since the client's last acknowledgement. That is the acknowledged moves, the
/// view the client was shown since (a restart's own engine turn, committed or not), and the
/// unanswered request applied to that view: the player's move, then perhaps a reply (whose
/// legality `replay` checks), or exactly the takeback.
fn may_be_on_disk(tracked: &Tracked, stored: &[String]) -> bool {
    let seen = uci_moves(&tracked.last_view);
    if stored == tracked.acknowledged || stored == seen {
        return true;
    }
    match &tracked.in_flight {
        None => false,
        Some(Action::Move(m)) => {
            stored.starts_with(&seen)
                && matches!(&stored[seen.len()..], [first] | [first, _] if first == m)
        }
        Some(Action::TakeBack) => stored == taken_back(tracked, &seen),
    }
}

/// Whether a restarted server may show `shown` for a game stored as `stored`: exactly that,
/// or, where the engine was to move, that plus its resumed reply, or the player's move taken
/// back because that search failed.
fn restored_from(tracked: &Tracked, stored: &[String], shown: &[String]) -> bool {
    let engine_to_move = !stored.is_empty() && engine_moved(tracked, stored.len());
    shown == stored
        || engine_to_move
            && (shown.len() == stored.len() + 1 && shown.starts_with(stored)
                || shown == &stored[..stored.len() - 1])
}

/// Every game's moves as the database holds them. The server is dead, so nothing it held in
/// memory can hide what it failed to commit.
fn moves_on_disk(db: &Path) -> HashMap<String, Vec<String>> {
    let conn = rusqlite::Connection::open(db).expect("the database opens");
    let mut query = conn
        .prepare("SELECT id, moves FROM games")
        .expect("a query");
    query
        .query_map([], |row| {
            let moves: String = row.get(1)?;
            Ok((
                row.get(0)?,
                moves.split_whitespace().map(str::to_owned).collect(),
            ))
        })
        .expect("the games are read")
        .collect::<Result<_, _>>()
        .expect("every row reads")
}

/// Checks what the killed server left on disk against what the client was told.
fn check_on_disk(db: &Path, games: &[Tracked]) -> HashMap<String, Vec<String>> {
    let on_disk = moves_on_disk(db);
    for tracked in games {
        let stored = on_disk
            .get(&tracked.id)
            .unwrap_or_else(|| panic!("acknowledged game {} is lost", tracked.id));
        assert!(
            may_be_on_disk(tracked, stored),
            "game {} acked {:?} seen {:?} in flight {:?}, on disk {stored:?}",
            tracked.id,
            tracked.acknowledged,
            uci_moves(&tracked.last_view),
            tracked.in_flight
        );
    }
    on_disk
}

/// Polls the database (read alongside the running server) until game `id` has `moves`.
async fn wait_until_on_disk(db: &Path, id: &str, moves: &[&str]) {
    let conn = rusqlite::Connection::open(db).expect("the database opens");
    let expected = moves.join(" ");
    for _ in 0..2_000 {
        let stored: Option<String> = conn
            .query_row("SELECT moves FROM games WHERE id = ?1", [id], |row| {
                row.get(0)
            })
            .ok();
        if stored.as_deref() == Some(expected.as_str()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("game {id} never had {moves:?} on disk");
}

/// Checks the restarted server shows what was on disk, then lets it catch up: what it loaded
/// is the new acknowledged baseline, the view where the player is to move the one to play from.
async fn check_restored(server: &Server, tracked: &mut Tracked, stored: &[String]) {
    let (status, view) = server.view(&tracked.id).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "acknowledged game {} is lost",
        tracked.id
    );
    let check = |view: &Value, tracked: &Tracked| {
        let shown = uci_moves(view);
        let game = replay(&shown);
        assert_eq!(view["ply"], shown.len(), "{view}");
        assert_eq!(view["fen"], game.position().to_fen(), "{view}");
        assert!(
            restored_from(tracked, stored, &shown),
            "game {} stored {stored:?}, shown {shown:?}",
            tracked.id
        );
    };
    check(&view, tracked);
    let caught_up = server.wait_for_player_turn(&tracked.id).await;
    check(&caught_up, tracked);
    tracked.acknowledged = stored.to_vec();
    tracked.in_flight = None;
    tracked.last_view = caught_up;
}

/// Plays random legal moves and the odd takeback until the server goes away or the game ends.
async fn play_until_killed(base: String, mut tracked: Tracked, seed: u64) -> Tracked {
    let client = reqwest::Client::new();
    let mut rng = Rng(seed | 1);
    loop {
        if tracked.last_view["status"] == "finished" {
            return tracked;
        }
        let legal = tracked.last_view["legal_moves"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let action = if rng.below(8) == 0 || legal.is_empty() {
            Action::TakeBack
        } else {
            let pick = &legal[rng.below(legal.len() as u64) as usize];
            Action::Move(pick["uci"].as_str().expect("uci").to_owned())
        };
        let request = match &action {
            Action::Move(m) => client
                .post(format!("{base}/api/games/{}/moves", tracked.id))
                .json(&json!({ "move": m })),
            Action::TakeBack => client.post(format!("{base}/api/games/{}/takeback", tracked.id)),
        };
        tracked.in_flight = Some(action);
        let Ok(response) = request.bearer_auth(&tracked.token).send().await else {
            return tracked;
        };
        let status = response.status();
        let Ok(body) = response.json::<Value>().await else {
            return tracked;
        };
        if status == StatusCode::OK {
            tracked.acknowledged = uci_moves(&body);
            tracked.in_flight = None;
            tracked.last_view = body;
        } else {
            assert_eq!(body["error"], "nothing_to_take_back", "{status} {body}");
            tracked.in_flight = None;
        }
    }
}

/// A small xorshift generator: the seed is printed so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

async fn create(server: &Server, body: Value) -> Tracked {
    let response = server
        .client
        .post(server.url("/api/games"))
        .json(&body)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.expect("JSON");
    Tracked {
        id: created["id"].as_str().expect("id").to_owned(),
        token: created["token"].as_str().expect("token").to_owned(),
        player_color: created["game"]["player_color"]
            .as_str()
            .expect("colour")
            .to_owned(),
        acknowledged: uci_moves(&created["game"]),
        in_flight: None,
        last_view: created["game"].clone(),
    }
}

#[tokio::test]
async fn every_acknowledged_change_survives_kill_9_at_random_points() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let seed = std::env::var("PERSISTENCE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(7, |d| d.as_nanos() as u64)
        });
    eprintln!("PERSISTENCE_SEED={seed}");
    let mut rng = Rng(seed | 1);
    let mut games: Vec<Tracked> = Vec::new();
    let mut on_disk: HashMap<String, Vec<String>> = HashMap::new();
    for round in 0..5 {
        let server = Server::start(&db).await;
        for tracked in &mut games {
            check_restored(&server, tracked, &on_disk[&tracked.id]).await;
        }
        for _ in 0..2 {
            let color = ["white", "black"][rng.below(2) as usize];
            let level = 1 + rng.below(3);
            games.push(create(&server, json!({ "color": color, "level": level })).await);
        }
        let players: Vec<_> = games
            .iter()
            .cloned()
            .map(|tracked| {
                tokio::spawn(play_until_killed(
                    server.base.clone(),
                    tracked,
                    rng.below(u64::MAX),
                ))
            })
            .collect();
        let uptime = 100 + rng.below(400);
        tokio::time::sleep(Duration::from_millis(uptime)).await;
        server.kill();
        for (slot, player) in games.iter_mut().zip(players) {
            *slot = player.await.expect("the player task ends");
        }
        on_disk = check_on_disk(&db, &games);
        let plies: usize = games.iter().map(|g| g.acknowledged.len()).sum();
        let unanswered = games.iter().filter(|g| g.in_flight.is_some()).count();
        let engine_to_move = games
            .iter()
            .filter(|g| {
                let stored = &on_disk[&g.id];
                !stored.is_empty() && engine_moved(g, stored.len())
            })
            .count();
        eprintln!(
            "round {round}: killed after {uptime} ms, {plies} acknowledged plies, \
             {unanswered} requests unanswered, {engine_to_move} games stored with the engine to move"
        );
    }
    let server = Server::start(&db).await;
    for tracked in &mut games {
        check_restored(&server, tracked, &on_disk[&tracked.id]).await;
    }
}

#[tokio::test]
async fn a_server_killed_while_the_engine_thinks_plays_its_reply_after_restart() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let server = Server::start(&db).await;
    let game = create(&server, json!({ "color": "white", "level": 21 })).await;
    let request = server
        .client
        .post(server.url(&format!("/api/games/{}/moves", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({ "move": "e2e4" }))
        .send();
    let pending = tokio::spawn(request);
    // Kill once the player's move is on disk: Stockfish is then thinking (for up to
    // MOVE_TIME_MS), far longer than this takes.
    wait_until_on_disk(&db, &game.id, &["e2e4"]).await;
    let (_, thinking) = server.view(&game.id).await;
    assert_eq!(thinking["engine_thinking"], true, "{thinking}");
    server.kill();
    assert!(
        pending.await.expect("the task ends").is_err(),
        "the move was never answered"
    );

    let server = Server::start(&db).await;
    let view = server.wait_for_player_turn(&game.id).await;
    // Versions keep counting across the restart, so a client orders the views it was sent
    // before and after by version alone.
    let before = thinking["version"].as_u64().expect("a version");
    let after = view["version"].as_u64().expect("a version");
    assert!(
        after > before,
        "version {after} after the restart, {before} before"
    );
    let moves = uci_moves(&view);
    assert_eq!(
        moves.len(),
        2,
        "the player's move and the engine's reply: {moves:?}"
    );
    assert_eq!(moves[0], "e2e4");
    replay(&moves);
    // Same token, same game: the player goes on.
    let response = server
        .client
        .post(server.url(&format!("/api/games/{}/moves", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({ "move": "g1f3", "expected_ply": 2 }))
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    let body: Value = response.json().await.expect("JSON");
    // g1f3 is legal after any reply to e4 except one that blocks f3 (none at ply 2 does).
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["ply"], 4);
}

#[tokio::test]
async fn sigterm_ends_the_live_streams_answers_the_move_in_progress_and_exits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let mut server = Server::start(&db).await;
    let game = create(&server, json!({ "color": "white", "level": 21 })).await;
    let mut stream = server
        .client
        .get(server.url(&format!("/api/games/{}/events", game.id)))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status(), StatusCode::OK);
    let pending = tokio::spawn(
        server
            .client
            .post(server.url(&format!("/api/games/{}/moves", game.id)))
            .bearer_auth(&game.token)
            .json(&json!({ "move": "e2e4" }))
            .send(),
    );
    // The watcher sees the engine start thinking (for up to MOVE_TIME_MS).
    let mut seen = String::new();
    while !seen.contains(r#""engine_thinking":true"#) {
        let chunk = stream
            .chunk()
            .await
            .expect("the stream reads")
            .expect("the stream is open");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }

    let status = server.terminate(Duration::from_secs(15)).await;
    assert!(status.success(), "a clean exit: {status}");
    // The stream ended rather than being cut when the process went away...
    while let Some(chunk) = stream.chunk().await.expect("the stream ends cleanly") {
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    // ...and the move being searched was answered, and kept.
    let response = pending
        .await
        .expect("the task ends")
        .expect("the move is answered");
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("JSON");
    assert_eq!(view["ply"], 2, "{view}");
    assert_eq!(moves_on_disk(&db)[&game.id], uci_moves(&view));
}

/// Writes a database as the first release did: schema version 1, one good game, one damaged.
fn write_v1_database(path: &PathBuf) {
    let conn = rusqlite::Connection::open(path).expect("a database file");
    conn.execute_batch(SCHEMA_V1).expect("the v1 schema");
    conn.pragma_update(None, "user_version", 1)
        .expect("version 1");
    let insert = "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level,
                      status, result, created_at, updated_at)
                  VALUES (?1, ?2, ?3, ?4, 'white', 2, 'ongoing', '*', 0, 0)";
    let hash = TokenHash::of("old-token").to_hex();
    let start = Position::startpos().to_fen();
    conn.execute(insert, ["oldgame00001", &hash, &start, "e2e4 e7e5"])
        .expect("a good row");
    conn.execute(insert, ["damaged00001", &hash, &start, "e2e4 e2e4"])
        .expect("a damaged row");
}

#[tokio::test]
async fn a_version_1_database_is_migrated_and_a_damaged_row_is_quarantined() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("old.db");
    write_v1_database(&db);

    let server = Server::start(&db).await;
    let (status, view) = server.view("oldgame00001").await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(uci_moves(&view), ["e2e4", "e7e5"]);
    let (status, body) = server.view("damaged00001").await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a damaged row is not served as a game"
    );
    assert_eq!(body["error"], "game_quarantined", "{body}");
    let response = server
        .client
        .post(server.url("/api/games/oldgame00001/moves"))
        .bearer_auth("old-token")
        .json(&json!({ "move": "Nf3" }))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the old token still works"
    );
    server.kill();

    let conn = rusqlite::Connection::open(&db).expect("the file opens");
    let version: u32 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .expect("user_version");
    assert_eq!(version, SCHEMA_VERSION);
    let moves: String = conn
        .query_row(
            "SELECT moves FROM games WHERE id = 'oldgame00001'",
            [],
            |row| row.get(0),
        )
        .expect("the game is stored");
    assert!(moves.starts_with("e2e4 e7e5 g1f3 "), "{moves}");
}

#[test]
fn a_database_that_cannot_be_opened_is_a_startup_error_naming_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_alphachess-server"))
        .args([
            "--bind",
            "127.0.0.1:0",
            "--db",
            "/nonexistent/folder/games.db",
        ])
        .arg("--stockfish")
        .arg(stockfish())
        .arg("--maia-dir")
        .arg(maia_dir())
        .output()
        .expect("the binary runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot open the database /nonexistent/folder/games.db"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
