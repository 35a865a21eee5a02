//! A stalled PostgreSQL (issue #22, item 8): a TCP proxy in front of the cluster that stops
//! passing bytes on demand, as a frozen database host or a dead network path does (the
//! connections stay open; nothing answers). The server must answer its requests with an error in
//! bounded time, and `/api/ready` must fail until the database answers again.

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use super::cluster::cluster;
use super::server::{assert_storage_busy, Server};

/// Far past the server's own bounds (10 s per database wait); a hang fails the test here.
const HANG: Duration = Duration::from_secs(60);

/// Forwards loopback connections to `upstream` until told to stall.
struct StallingProxy {
    port: u16,
    stalled: Arc<watch::Sender<bool>>,
}

impl StallingProxy {
    async fn start(upstream: u16) -> StallingProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let port = listener.local_addr().expect("bound").port();
        let stalled = Arc::new(watch::channel(false).0);
        let flag = Arc::clone(&stalled);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)).await else {
                    continue;
                };
                let (client_read, client_write) = client.into_split();
                let (server_read, server_write) = server.into_split();
                tokio::spawn(pipe(client_read, server_write, flag.subscribe()));
                tokio::spawn(pipe(server_read, client_write, flag.subscribe()));
            }
        });
        StallingProxy { port, stalled }
    }

    fn stall(&self, stalled: bool) {
        self.stalled.send_replace(stalled);
    }
}

/// Copies `from` to `to`, holding every byte while stalled.
async fn pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut stalled: watch::Receiver<bool>,
) {
    let mut buffer = vec![0; 16 * 1024];
    loop {
        let Ok(read) = from.read(&mut buffer).await else {
            return;
        };
        if read == 0 {
            return;
        }
        if stalled.wait_for(|stalled| !stalled).await.is_err() {
            return;
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}

#[tokio::test]
async fn a_stalled_database_fails_requests_in_bounded_time_and_readiness_until_it_answers() {
    let db = cluster().database().await;
    let proxy = StallingProxy::start(cluster().port).await;
    let behind = db.replace(
        &format!("127.0.0.1:{}", cluster().port),
        &format!("127.0.0.1:{}", proxy.port),
    );
    let server = Server::start(&behind, 1, 5_000, &[]).await;
    let game = server.create(1).await;
    assert_eq!(server.play(&game, "e2e4").await["ply"], 2);
    let client = reqwest::Client::builder()
        .timeout(HANG)
        .build()
        .expect("a client");
    let ready = |client: &reqwest::Client| {
        let url = server.url("/api/ready");
        let client = client.clone();
        async move {
            client
                .get(url)
                .send()
                .await
                .expect("the server answers /api/ready")
        }
    };
    assert_eq!(ready(&client).await.status(), StatusCode::OK);

    proxy.stall(true);
    let response = ready(&client).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let started = Instant::now();
    let moved = client
        .post(server.url(&format!("/api/games/{}/moves", game.id)))
        .bearer_auth(&game.token)
        .json(&json!({ "move": "d2d4" }))
        .send()
        .await
        .expect("a move is answered while the database stalls, not held");
    println!(
        "a move answered {} in {:?}",
        moved.status(),
        started.elapsed()
    );
    assert_storage_busy(moved, "a move while the database stalls").await;
    let started = Instant::now();
    let created = client
        .post(server.url("/api/games"))
        .json(&json!({ "color": "white", "level": 1 }))
        .send()
        .await
        .expect("a creation is answered while the database stalls, not held");
    println!(
        "a creation answered {} in {:?}",
        created.status(),
        started.elapsed()
    );
    assert_storage_busy(created, "a creation while the database stalls").await;
    let started = Instant::now();
    let view = client
        .get(server.url(&format!("/api/games/{}", game.id)))
        .send()
        .await
        .expect("a read is answered while the database stalls, not held");
    println!(
        "a read answered {} in {:?}",
        view.status(),
        started.elapsed()
    );
    assert_storage_busy(view, "a read while the database stalls").await;

    proxy.stall(false);
    let mut answers = false;
    for _ in 0..100 {
        if ready(&client).await.status() == StatusCode::OK {
            answers = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(answers, "ready again once the database answers");
}
