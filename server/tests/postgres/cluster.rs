//! A throwaway PostgreSQL for the tests: `initdb` in a temporary folder, the server on a free
//! loopback port with its socket in that folder, run as an unprivileged user (PostgreSQL refuses
//! root: as root the tests run it as Debian's `postgres` user through `setpriv`), and torn down
//! (server stopped, folder removed) when dropped, or by a guardian shell when the test process
//! ends without dropping it (a static, a panic that aborts, a kill).
//!
//! One cluster per test binary ([`cluster`]); one database per test ([`PgCluster::database`]).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use alphachess_testkit::free_port;
use tokio_postgres::NoTls;

/// The role the tests connect as (trust authentication on loopback only).
const ROLE: &str = "alpha";

/// How long the server may take to accept connections.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// A running PostgreSQL server of our own.
pub struct PgCluster {
    dir: PathBuf,
    server: Child,
    pub port: u16,
}

/// The binary's cluster, started by the first test that asks.
pub fn cluster() -> &'static PgCluster {
    static CLUSTER: OnceLock<PgCluster> = OnceLock::new();
    CLUSTER.get_or_init(PgCluster::start)
}

/// Debian's PostgreSQL programs: `$PG_BIN`, else the newest `/usr/lib/postgresql/<version>/bin`.
fn pg_bin() -> PathBuf {
    if let Some(dir) = std::env::var_os("PG_BIN") {
        return PathBuf::from(dir);
    }
    let root = Path::new("/usr/lib/postgresql");
    let newest = std::fs::read_dir(root)
        .ok()
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|version| root.join(version.to_string()).join("bin/initdb").is_file())
        .max();
    let version = newest.unwrap_or_else(|| {
        panic!("PostgreSQL is required (apt-get install -y postgresql, or set PG_BIN)")
    });
    root.join(version.to_string()).join("bin")
}

/// Whether this process runs as root (PostgreSQL then needs another user).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("Uid:"))?;
            Some(line.split_whitespace().nth(2)? == "0")
        })
        .unwrap_or(false)
}

/// The uid and gid of Debian's `postgres` user.
fn postgres_user() -> (u32, u32) {
    let passwd = std::fs::read_to_string("/etc/passwd").expect("/etc/passwd");
    let line = passwd
        .lines()
        .find(|line| line.starts_with("postgres:"))
        .expect("the postgres user (apt-get install -y postgresql creates it)");
    let fields: Vec<&str> = line.split(':').collect();
    (
        fields[2].parse().expect("a uid"),
        fields[3].parse().expect("a gid"),
    )
}

/// `program` from the PostgreSQL folder, as the unprivileged user when we are root.
fn pg_command(program: &str) -> Command {
    let path = pg_bin().join(program);
    if is_root() {
        let mut command = Command::new("/usr/bin/setpriv");
        command.args([
            "--reuid=postgres",
            "--regid=postgres",
            "--clear-groups",
            "--",
        ]);
        command.arg(path);
        command
    } else {
        Command::new(path)
    }
}

impl PgCluster {
    /// initdb, start, wait until it accepts connections.
    pub fn start() -> PgCluster {
        static STARTED: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "alphachess-pg-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        if is_root() {
            let (uid, gid) = postgres_user();
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).expect("chown to postgres");
        }
        let data = dir.join("data");
        let status = pg_command("initdb")
            .args(["-A", "trust", "-U", ROLE, "--no-sync", "-E", "UTF8", "-D"])
            .arg(&data)
            .stdout(Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(status.success(), "initdb failed: {status}");
        let port = free_port();
        let server = pg_command("postgres")
            .arg("-D")
            .arg(&data)
            .args(["-p", &port.to_string(), "-k"])
            .arg(&dir)
            .args([
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "max_connections=300",
                // A test cluster: a crash of the tests' machine loses nothing worth keeping.
                "-c",
                "fsync=off",
            ])
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("server.log")).expect("a log file"))
            .spawn()
            .expect("postgres starts");
        let cluster = PgCluster { dir, server, port };
        cluster.guard();
        cluster.wait_ready();
        cluster
    }

    /// A shell that tears the cluster down once this process is gone, whatever ended it.
    #[expect(
        clippy::zombie_processes,
        reason = "the guardian outlives this process on purpose; init reaps it"
    )]
    fn guard(&self) {
        let script = format!(
            "while kill -0 {test} 2>/dev/null; do sleep 0.5; done; \
             kill -INT {server} 2>/dev/null; sleep 3; kill -KILL {server} 2>/dev/null; \
             rm -rf '{dir}'",
            test = std::process::id(),
            server = self.server.id(),
            dir = self.dir.display()
        );
        Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the guardian shell starts");
    }

    fn wait_ready(&self) {
        let pid_file = self.dir.join("data/postmaster.pid");
        let started = Instant::now();
        loop {
            let ready = std::fs::read_to_string(&pid_file)
                .map(|text| text.lines().any(|line| line.trim() == "ready"))
                .unwrap_or(false);
            if ready {
                return;
            }
            assert!(
                started.elapsed() < START_TIMEOUT,
                "PostgreSQL did not start: {}",
                std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The URL of `database` on this cluster.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://{ROLE}@127.0.0.1:{}/{database}", self.port)
    }

    /// A new, empty database for one test; its URL.
    pub async fn database(&self) -> String {
        static CREATED: AtomicU32 = AtomicU32::new(0);
        let name = format!("test_{}", CREATED.fetch_add(1, Ordering::Relaxed));
        let client = self.connect("postgres").await;
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("a new database");
        self.url(&name)
    }

    /// A client of `database` (the caller looks inside).
    pub async fn connect(&self, database: &str) -> tokio_postgres::Client {
        connect(&self.url(database)).await
    }

    /// Ends every session of `database` but the caller's, as a restart or an administrator's
    /// `pg_terminate_backend` does under a running server.
    pub async fn end_sessions(&self, database: &str) {
        self.connect("postgres")
            .await
            .execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = $1 AND pid <> pg_backend_pid()",
                &[&database],
            )
            .await
            .expect("its sessions end");
    }
}

/// A client for `url`, its connection driven in the background.
pub async fn connect(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, NoTls)
        .await
        .expect("the test cluster accepts a connection");
    tokio::spawn(connection);
    client
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-INT", &self.server.id().to_string()])
            .status();
        let _ = self.server.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
