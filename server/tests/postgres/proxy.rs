//! nginx in front of two servers, configured from `deploy/nginx.conf.template` (the deploy
//! script's own): round-robin sends consecutive requests to different servers, so every request
//! of a game checks that any server serves it as it is, and the live stream passes through.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use alphachess_testkit::free_port;

use super::cluster::cluster;
use super::server::{Server, Watcher};

/// An nginx of our own; stopped and its folder removed when dropped.
struct Nginx {
    process: Child,
    /// Removed when dropped, after nginx stopped.
    _dir: tempfile::TempDir,
    port: u16,
}

impl Nginx {
    fn start(upstream_ports: &[u16]) -> Nginx {
        let dir = tempfile::tempdir().expect("a temporary folder");
        // As root nginx's worker runs as nobody, which must reach the folder.
        std::fs::set_permissions(
            dir.path(),
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .expect("chmod");
        std::fs::create_dir(dir.path().join("tmp")).expect("a folder");
        let template = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/nginx.conf.template"),
        )
        .expect("the deploy template");
        let port = free_port();
        let upstreams: String = upstream_ports
            .iter()
            .map(|port| format!("server 127.0.0.1:{port}; "))
            .collect();
        let config = template
            .replace("@PREFIX@", dir.path().to_str().expect("utf-8"))
            .replace("@LISTEN@", &format!("127.0.0.1:{port}"))
            .replace("@UPSTREAMS@", &upstreams);
        let config_path: PathBuf = dir.path().join("nginx.conf");
        std::fs::write(&config_path, config).expect("written");
        let process = Command::new("/usr/sbin/nginx")
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&config_path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts (apt-get install -y nginx)");
        Nginx {
            process,
            _dir: dir,
            port,
        }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: nginx's fast shutdown, workers included.
        let _ = Command::new("kill")
            .arg(self.process.id().to_string())
            .status();
        let _ = self.process.wait();
    }
}

/// The port a server's base URL names.
fn port_of(server: &Server) -> u16 {
    server
        .base
        .rsplit(':')
        .next()
        .and_then(|port| port.parse().ok())
        .expect("a port")
}

#[tokio::test]
async fn through_nginx_round_robin_every_request_sees_the_game_as_it_is_and_the_stream_follows() {
    let db = cluster().database().await;
    let flags = ["--trusted-proxy", "127.0.0.1"];
    let (a, b) = tokio::join!(
        Server::start(&db, 2, 1_500, &flags),
        Server::start(&db, 2, 1_500, &flags)
    );
    let nginx = Nginx::start(&[port_of(&a), port_of(&b)]);
    let front = Server::behind(format!("http://127.0.0.1:{}", nginx.port)).await;
    let game = front.create(1).await;
    let mut watcher = Watcher::connect(&front.base, &game.id).await;
    assert_eq!(watcher.next_game(Duration::from_secs(5)).await["ply"], 0);
    let mut ply = 0;
    for _ in 0..3 {
        let view = front.view(&game).await;
        assert_eq!(view["ply"], ply, "every server shows the last move");
        let text = view["legal_moves"][0]["uci"]
            .as_str()
            .expect("a move")
            .to_owned();
        let after = front.play(&game, &text).await;
        ply += 2;
        assert_eq!(after["ply"], ply);
        loop {
            let seen = watcher.next_game(Duration::from_secs(5)).await;
            if seen["ply"] == ply {
                assert_eq!(
                    seen["fen"], after["fen"],
                    "the stream through nginx follows"
                );
                break;
            }
        }
    }
    for server in [&a, &b, &front] {
        assert_eq!(server.view(&game).await["ply"], ply);
    }
}
