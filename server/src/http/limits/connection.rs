//! Every accepted connection is counted against its client's share and gets a write timeout
//! from the kernel.
//!
//! The share (`--connections-per-client`): 1,500 connections from one address that send their
//! request head a byte at a time pushed a player's moves to p50 19.5 s (issue #22), holding the
//! server's connection places and its workers' attention. And 64 such connections from each of 8
//! addresses (or of 8 /64s of one /56) filled `--max-connections`: a player's p99 10.5 s (issue
//! #42, M4). So the direct clients' connections are counted per client, per aggregate (an IPv6
//! /56) and in all, with a quarter of the cap kept for clients holding few (see
//! [`crate::share_cap`]); a connection past a share is shut down as soon as it is accepted,
//! before it reads a byte; its place is given back when the connection ends (the permit lives in
//! the connection's data).
//!
//! The write timeout: `TCP_USER_TIMEOUT` drops a connection whose data stays unacknowledged, or
//! unsent because the client's window is shut (a client that stopped reading), for longer than
//! `--write-timeout-secs`. actix-web has no write timeout of its own, and a response it cannot
//! flush would otherwise hold its connection (and file descriptor) for as long as the client likes.

use std::any::Any;
use std::net::Shutdown;
use std::os::fd::AsFd;
use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::Extensions;
use actix_web::rt::net::TcpStream;
use socket2::SockRef;

use super::{ClientKey, Limits};
use crate::share_cap::SharePermit;

/// A connection's place in its client's share, given back when the connection ends.
#[allow(dead_code)] // held for its drop
struct ConnectionPlace(SharePermit);

/// The hook for `HttpServer::on_connect`: counts each TCP connection against its client's share
/// (shutting it down past it) and sets its write timeout.
pub fn on_connect(
    write_timeout: Duration,
    limits: Arc<Limits>,
) -> impl Fn(&dyn Any, &mut Extensions) + Send + Sync {
    move |connection, extensions| {
        let Some(stream) = connection.downcast_ref::<TcpStream>() else {
            return;
        };
        if let Ok(peer) = stream.peer_addr() {
            match limits.connection(peer.ip()) {
                Ok(Some(place)) => {
                    extensions.insert(ConnectionPlace(place));
                }
                Ok(None) => {}
                Err(refused) => {
                    tracing::debug!(client = %ClientKey::of(peer.ip()), ?refused, "connection past its share closed");
                    let _ = SockRef::from(stream).shutdown(Shutdown::Both);
                    return;
                }
            }
        }
        if let Err(error) = set_write_timeout(stream, write_timeout) {
            tracing::warn!(%error, "cannot set TCP_USER_TIMEOUT on a connection");
        }
    }
}

/// Drops `socket`'s connection when what it sends stays unacknowledged for `timeout`.
pub fn set_write_timeout(socket: &impl AsFd, timeout: Duration) -> std::io::Result<()> {
    SockRef::from(socket).set_tcp_user_timeout(Some(timeout))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;
    use tokio::net::TcpListener;

    #[tokio::test]
    async fn a_connection_whose_client_stops_reading_is_dropped_after_the_write_timeout() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("its address");
        // The client connects and never reads.
        let _client = std::net::TcpStream::connect(address).expect("connects");
        let (mut server, _) = listener.accept().await.expect("accepted");
        let timeout = Duration::from_millis(500);
        set_write_timeout(&server, timeout).expect("the option is set");
        assert_eq!(
            SockRef::from(&server)
                .tcp_user_timeout()
                .expect("read back"),
            Some(timeout)
        );

        let chunk = vec![b'x'; 64 * 1024];
        let written = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                if let Err(error) = server.write_all(&chunk).await {
                    return error;
                }
            }
        })
        .await
        .expect("the write failed within 20 s instead of waiting forever");
        assert_eq!(written.kind(), std::io::ErrorKind::TimedOut, "{written}");
    }
}
