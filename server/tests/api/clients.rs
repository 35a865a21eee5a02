//! Per-client bounds, told apart by address (here through a trusted proxy's `X-Forwarded-For`,
//! since every test client is on loopback): new games per minute, engine requests in progress,
//! and live streams per game, per client and in all.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{expect_error, spawn_with, test_config, TestApp, TestGame};
use crate::lichess::KEY;

/// A test configuration that believes loopback's `X-Forwarded-For`.
fn behind_a_proxy() -> alphachess_server::Config {
    let mut config = test_config();
    config.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
    config
}

async fn create_as(app: &TestApp, client: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/games"))
        .header("X-Forwarded-For", client)
        .json(&json!({ "color": "white", "level": 1 }))
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn a_client_creating_games_too_fast_gets_429_with_retry_after_and_others_do_not() {
    let mut config = behind_a_proxy();
    config.games_burst = 2;
    config.games_per_minute = 1;
    let app = spawn_with(config).await;
    for _ in 0..2 {
        assert_eq!(
            create_as(&app, "203.0.113.5").await.status(),
            StatusCode::CREATED
        );
    }
    let refused = create_as(&app, "203.0.113.5").await;
    let retry: u64 = refused
        .headers()
        .get("retry-after")
        .and_then(|value| value.to_str().ok()?.parse().ok())
        .expect("a Retry-After in seconds");
    assert!((1..=60).contains(&retry), "{retry}");
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    // A forged first hop does not make the same client someone else.
    let forged = create_as(&app, "198.51.100.1, 203.0.113.5").await;
    assert_eq!(forged.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        create_as(&app, "198.51.100.1").await.status(),
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_the_proxy_is_trusted() {
    let mut config = test_config();
    config.games_burst = 1;
    let app = spawn_with(config).await;
    assert_eq!(
        create_as(&app, "203.0.113.5").await.status(),
        StatusCode::CREATED
    );
    let response = create_as(&app, "198.51.100.1").await;
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
}

#[tokio::test]
async fn a_client_may_have_only_so_many_engine_requests_in_progress() {
    let mut config = behind_a_proxy();
    config.searches_per_client = 1;
    // Hints search at full depth: this one runs into the move time cap.
    config.depth = 40;
    config.move_time_cap_ms = 1_500;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let hint = |client: &'static str| {
        app.client
            .get(app.url(&format!("/api/games/{}/hint", game.id)))
            .bearer_auth(&game.token)
            .header("X-Forwarded-For", client)
            .send()
    };
    let first = tokio::spawn(hint("203.0.113.5"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let second = hint("203.0.113.5").await.expect("the server answers");
    expect_error(second, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    let first = first.await.expect("joined").expect("the server answers");
    assert_eq!(
        first.status(),
        StatusCode::OK,
        "the first hint was answered"
    );
    let again = hint("203.0.113.5").await.expect("the server answers");
    assert_eq!(again.status(), StatusCode::OK, "its place was given back");
}

/// Opens `GET /api/games/{id}/events` as `client` on a raw connection; returns the status and the
/// connection (kept open while the caller holds it).
async fn watch(app: &TestApp, game: &TestGame, client: &str) -> (u16, TcpStream) {
    open_as(app, &format!("/api/games/{}/events", game.id), client, "").await
}

/// Opens the lichess event stream of [`KEY`] as `client`, as [`watch`] does.
async fn watch_key(app: &TestApp, client: &str) -> (u16, TcpStream) {
    let headers = format!("Authorization: Bearer {KEY}\r\n");
    open_as(app, "/api/stream/event", client, &headers).await
}

/// Sends `GET path` as `client` with `headers` (each ending in CRLF) on a raw connection; returns
/// the status and the connection.
async fn open_as(app: &TestApp, path: &str, client: &str, headers: &str) -> (u16, TcpStream) {
    let address = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await.expect("connects");
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nX-Forwarded-For: {client}\r\n{headers}\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).await.expect("a status line");
    let status = std::str::from_utf8(&head[9..12])
        .ok()
        .and_then(|code| code.parse().ok())
        .expect("a status code");
    (status, stream)
}

/// Waits until `client` may watch `game` again (a closed stream's place comes back once the
/// server notices).
async fn watch_eventually(app: &TestApp, game: &TestGame, client: &str) -> TcpStream {
    for _ in 0..100 {
        let (status, stream) = watch(app, game, client).await;
        if status == 200 {
            return stream;
        }
        assert_eq!(status, 429);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the place never came back");
}

#[tokio::test]
async fn live_streams_are_capped_per_game_and_a_closed_one_gives_its_place_back() {
    let mut config = behind_a_proxy();
    config.watchers_per_game = 2;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let other = app.create(json!({ "color": "white", "level": 1 })).await;
    let (first, first_stream) = watch(&app, &game, "203.0.113.1").await;
    let (second, _second_stream) = watch(&app, &game, "203.0.113.2").await;
    assert_eq!((first, second), (200, 200));
    assert_eq!(watch(&app, &game, "203.0.113.3").await.0, 429);
    assert_eq!(
        watch(&app, &other, "203.0.113.3").await.0,
        200,
        "another game"
    );
    drop(first_stream);
    watch_eventually(&app, &game, "203.0.113.3").await;
}

#[tokio::test]
async fn live_streams_are_capped_per_client_and_in_all() {
    let mut config = behind_a_proxy();
    config.watchers_per_client = 2;
    config.max_watchers = 3;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let mut open = Vec::new();
    for _ in 0..2 {
        let (status, stream) = watch(&app, &game, "203.0.113.1").await;
        assert_eq!(status, 200);
        open.push(stream);
    }
    assert_eq!(watch(&app, &game, "203.0.113.1").await.0, 429, "per client");
    let (status, _third) = watch(&app, &game, "203.0.113.2").await;
    assert_eq!(status, 200);
    assert_eq!(watch(&app, &game, "203.0.113.3").await.0, 429, "in all");
    open.clear();
    watch_eventually(&app, &game, "203.0.113.3").await;
}

#[tokio::test]
async fn a_lichess_event_stream_holds_one_of_its_clients_places_for_live_streams() {
    let mut config = behind_a_proxy();
    config.watchers_per_client = 2;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let (status, event_stream) = watch_key(&app, "203.0.113.1").await;
    assert_eq!(status, 200);
    let (status, _game_stream) = watch(&app, &game, "203.0.113.1").await;
    assert_eq!(status, 200);
    assert_eq!(watch(&app, &game, "203.0.113.1").await.0, 429, "a game's");
    assert_eq!(
        watch_key(&app, "203.0.113.1").await.0,
        429,
        "an event stream"
    );

    // Refused as the board game stream refuses: a lichess 429 saying which bound is full.
    let refused = app
        .client
        .get(app.url("/api/stream/event"))
        .bearer_auth(KEY)
        .header("X-Forwarded-For", "203.0.113.1")
        .send()
        .await
        .expect("the server answers");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: serde_json::Value = refused.json().await.expect("JSON");
    let message = body["error"].as_str().expect("lichess's error sentence");
    assert!(
        message.contains("live streams from your address"),
        "{message}"
    );
    assert_eq!(
        watch_key(&app, "203.0.113.2").await.0,
        200,
        "another client"
    );

    drop(event_stream);
    let mut again = None;
    for _ in 0..100 {
        let (status, stream) = watch_key(&app, "203.0.113.1").await;
        if status == 200 {
            again = Some(stream);
            break;
        }
        assert_eq!(status, 429);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        again.is_some(),
        "the closed event stream's place never came back"
    );
}

/// A position every search runs to the move time cap in (issue #22): accepted, but slow.
const SLOW_FEN: &str = "1nbqkbn1/qqqqqqqq/8/8/8/8/QQQQQQQQ/1NBQKBN1 w - - 0 1";

#[tokio::test]
async fn a_client_that_hangs_up_mid_move_keeps_its_search_counted_until_the_reply() {
    let mut config = behind_a_proxy();
    config.searches_per_client = 1;
    config.depth = 40;
    config.move_time_cap_ms = 3_000;
    let app = spawn_with(config).await;
    let created = app
        .client
        .post(app.url("/api/games"))
        .header("X-Forwarded-For", "203.0.113.5")
        .json(&json!({ "color": "white", "level": 21, "fen": SLOW_FEN }))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(created.status(), StatusCode::CREATED);
    let game = TestGame::from_created(&created.json().await.expect("JSON"));

    // The move is sent on a raw connection that is closed while the engine searches the reply.
    let address = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await.expect("connects");
    let body = r#"{"move":"b1c3"}"#;
    let request = format!(
        "POST /api/games/{}/moves HTTP/1.1\r\nHost: {address}\r\nX-Forwarded-For: 203.0.113.5\r\n\
         Authorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        game.id,
        game.token,
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    app.wait_for_ply(&game, 1).await;
    drop(stream);

    // Until the reply is in, the client's one engine request is still in progress.
    let mut probes = 0;
    while app.view(&game).await["ply"] == 1 {
        let probe = create_as(&app, "203.0.113.5").await;
        if app.view(&game).await["ply"] != 1 {
            break;
        }
        expect_error(probe, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
        probes += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(probes > 3, "the search ran while the client was probed");
    assert_eq!(
        create_as(&app, "203.0.113.5").await.status(),
        StatusCode::CREATED,
        "the place came back with the reply"
    );
}

#[tokio::test]
async fn ipv6_addresses_of_one_64_are_one_client_for_streams_and_searches() {
    let mut config = behind_a_proxy();
    config.watchers_per_client = 2;
    config.searches_per_client = 1;
    config.depth = 40;
    config.move_time_cap_ms = 1_500;
    let app = spawn_with(config).await;
    let game = app.create(json!({ "color": "white", "level": 1 })).await;
    let mut open = Vec::new();
    for client in ["2001:db8:1:2::1", "2001:db8:1:2::2"] {
        let (status, stream) = watch(&app, &game, client).await;
        assert_eq!(status, 200);
        open.push(stream);
    }
    assert_eq!(
        watch(&app, &game, "2001:db8:1:2:ffff::3").await.0,
        429,
        "a third address of the same /64"
    );
    assert_eq!(
        watch(&app, &game, "2001:db8:1:3::1").await.0,
        200,
        "another /64"
    );

    let hint = |client: &'static str| {
        app.client
            .get(app.url(&format!("/api/games/{}/hint", game.id)))
            .bearer_auth(&game.token)
            .header("X-Forwarded-For", client)
            .send()
    };
    let first = tokio::spawn(hint("2001:db8:1:2::1"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let second = hint("2001:db8:1:2::9").await.expect("the server answers");
    expect_error(second, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    let first = first.await.expect("joined").expect("the server answers");
    assert_eq!(first.status(), StatusCode::OK);
}

/// Issue #42, M3: writing a large tree as PGN (or reading one) needs no game and cost up to
/// 368 ms of a worker's CPU; a client gets its burst, then 429 with Retry-After, and another
/// client is not held back.
#[tokio::test]
async fn stateless_tree_work_is_rated_per_client() {
    let mut config = behind_a_proxy();
    config.tree_work_per_minute = 1;
    let app = spawn_with(config).await;
    let write = |client: &'static str| {
        let app = &app;
        async move {
            app.client
                .post(app.url("/api/trees/pgn"))
                .header("X-Forwarded-For", client)
                .json(&json!({ "nodes": [{ "parent": null, "uci": "e2e4" }] }))
                .send()
                .await
                .expect("the server answers")
        }
    };
    // The burst (20), reading and writing together.
    for n in 0..20 {
        let response = if n % 2 == 0 {
            write("203.0.113.5").await
        } else {
            app.client
                .post(app.url("/api/trees"))
                .header("X-Forwarded-For", "203.0.113.5")
                .json(&json!({ "pgn": "1. e4 *" }))
                .send()
                .await
                .expect("the server answers")
        };
        assert_eq!(response.status(), StatusCode::OK, "request {n}");
    }
    let refused = write("203.0.113.5").await;
    assert!(refused.headers().contains_key("retry-after"));
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    assert_eq!(write("198.51.100.1").await.status(), StatusCode::OK);
}

/// Issue #42, M5: unfinished games are counted per client and per /56; a finished one gives
/// its place back, and another network is not held back.
#[tokio::test]
async fn unfinished_games_are_shared_per_client_and_per_network() {
    let mut config = behind_a_proxy();
    config.unfinished_per_client = 2;
    config.unfinished_per_network = 3;
    let app = spawn_with(config).await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let created = create_as(&app, "2001:db8:5:100::1").await;
        assert_eq!(created.status(), StatusCode::CREATED);
        games.push(TestGame::from_created(&created.json().await.expect("JSON")));
    }
    let refused = create_as(&app, "2001:db8:5:100::2").await;
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    // Another /64 of the same /56: one more, then the network's share is full.
    assert_eq!(
        create_as(&app, "2001:db8:5:101::1").await.status(),
        StatusCode::CREATED
    );
    let refused = create_as(&app, "2001:db8:5:102::1").await;
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    assert_eq!(
        create_as(&app, "2001:db8:6::1").await.status(),
        StatusCode::CREATED,
        "another /56"
    );
    assert_eq!(
        app.action(&games[0], "resign").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        create_as(&app, "2001:db8:5:100::1").await.status(),
        StatusCode::CREATED,
        "a finished game's place came back"
    );
}
