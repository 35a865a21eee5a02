//! Slow and idle clients cannot hold the server's connections (and file descriptors, which the
//! engines' pipes need too): the request head and body each have a deadline, and the number of
//! connections is capped (the rest wait in the kernel's listen queue).

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{spawn_with, test_config, TestApp};

/// Far above every deadline these tests set, even on a loaded machine.
const GIVE_UP: Duration = Duration::from_secs(10);

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .expect("connects")
}

/// Everything the server sends until it closes the connection (or [`GIVE_UP`] fails the test).
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    tokio::time::timeout(GIVE_UP, stream.read_to_end(&mut received))
        .await
        .expect("the server closed the connection in time")
        .ok();
    String::from_utf8_lossy(&received).into_owned()
}

#[tokio::test]
async fn a_client_that_sends_its_body_too_slowly_gets_408_and_is_disconnected() {
    let mut config = test_config();
    config.body_timeout_ms = 300;
    let app = spawn_with(config).await;
    let mut stream = connect(&app).await;
    let head = "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                Content-Length: 100\r\n\r\n{\"color\":";
    stream.write_all(head.as_bytes()).await.expect("sent");
    let answer = read_until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"request_timeout\""), "{answer}");
}

#[tokio::test]
async fn a_body_sent_in_time_still_reaches_its_handler() {
    let mut config = test_config();
    config.body_timeout_ms = 2_000;
    let app = spawn_with(config).await;
    let mut stream = connect(&app).await;
    let body = "{\"color\":\"white\",\"level\":1}";
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.expect("sent");
    for piece in body.as_bytes().chunks(8) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        stream.write_all(piece).await.expect("sent");
    }
    let answer = read_until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

#[tokio::test]
async fn a_client_that_never_finishes_its_request_head_is_disconnected() {
    let mut config = test_config();
    config.head_timeout_ms = 300;
    let app = spawn_with(config).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0")
        .await
        .expect("sent");
    let started = std::time::Instant::now();
    let answer = read_until_closed(&mut stream).await;
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
}

/// Connections the server on `port` has accepted (each holds a descriptor): sockets on its
/// local port that have an inode. Ones still waiting in the listen queue have none yet.
fn accepted(port: u16) -> usize {
    let table = std::fs::read_to_string("/proc/self/net/tcp").expect("/proc/self/net/tcp");
    let local = format!(":{port:04X}");
    table
        .lines()
        .skip(1)
        .filter(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // local address, state 01 (established), inode
            fields.len() > 9 && fields[1].ends_with(&local) && fields[3] == "01" && fields[9] != "0"
        })
        .count()
}

#[tokio::test]
async fn idle_connections_past_the_cap_take_no_descriptor_and_the_server_keeps_answering() {
    let mut config = test_config();
    config.max_connections = 4;
    config.head_timeout_ms = 30_000;
    let app = spawn_with(config).await;
    let port: u16 = app
        .base
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    let mut idle = Vec::new();
    for _ in 0..60 {
        let mut stream = connect(&app).await;
        stream.write_all(b"GET / HTTP/1.1\r\n").await.expect("sent");
        idle.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let accepted = accepted(port);
    // actix counts per worker: at most one place more per worker than the cap.
    assert!(accepted <= 4 + 2, "the server holds {accepted} connections");
    assert!(accepted > 0, "the idle clients are seen");
    drop(idle);
    let answered = tokio::time::timeout(GIVE_UP, app.get("/api/health")).await;
    assert!(
        answered.is_ok(),
        "the server answers once the idle clients leave"
    );
}

/// A whole request on a connection that stays open.
const HEALTH: &[u8] = b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n";

#[tokio::test]
async fn a_client_past_its_connection_share_is_closed_at_once_and_its_place_comes_back() {
    let mut config = test_config();
    config.connections_per_client = 4;
    // Far longer than the test: only the share can close these connections.
    config.head_timeout_ms = 120_000;
    config.keep_alive_secs = 120;
    let app = spawn_with(config).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = connect(&app).await;
        // Answered once (so the server surely counts it), then kept open.
        stream.write_all(HEALTH).await.expect("sent");
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).await.expect("answered");
        assert_eq!(&head[9..12], b"200");
        held.push(stream);
    }
    let mut fifth = connect(&app).await;
    let _ = fifth.write_all(HEALTH).await;
    let answer = read_until_closed(&mut fifth).await;
    assert!(answer.is_empty(), "closed unanswered, not {answer:?}");

    drop(held.pop());
    // The place comes back once the server sees the connection end.
    for attempt in 0.. {
        let response = reqwest::Client::new()
            .get(app.url("/api/health"))
            .send()
            .await;
        if response.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        assert!(attempt < 100, "the place never came back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn connections_from_a_trusted_proxy_are_not_capped_as_one_client() {
    let mut config = test_config();
    config.connections_per_client = 2;
    config.head_timeout_ms = 120_000;
    config.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
    let app = spawn_with(config).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = connect(&app).await;
        stream
            .write_all(b"GET /api/health HTTP/1.1\r\n")
            .await
            .expect("sent");
        held.push(stream);
    }
    let response = app.get("/api/health").await;
    assert!(response.status().is_success());
}
