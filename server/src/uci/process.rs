//! One engine, local (a child process) or remote (a TCP connection): connect, handshake, write
//! commands, read bounded lines. Both transports carry exactly the same guarded commands.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio::time::{timeout_at, Instant};

use super::address::EngineAddress;
use super::error::EngineError;
use super::protocol::{parse_line, EngineLine, EngineOption, UciCommand};

/// The longest engine output line we accept; Stockfish's longest `info ... pv` lines are ~2 KiB.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// How long `uci` → `uciok` and `isready` → `readyok` may take (loading the NNUE net included).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long connecting to a remote engine may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

type Reader = BufReader<Box<dyn AsyncRead + Send + Unpin>>;
type Writer = Box<dyn AsyncWrite + Send + Unpin>;

/// A running engine that answered the UCI handshake. Dropping it kills the child, or closes the
/// connection (the remote engine then reads end of input and quits).
pub struct EngineProcess {
    /// `None` for a remote engine.
    child: Option<Child>,
    stdin: Writer,
    stdout: Reader,
    buffer: Vec<u8>,
    /// What the engine called itself in the handshake (`id name`).
    name: Option<String>,
}

impl std::fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineProcess")
            .field("child", &self.child)
            .finish_non_exhaustive()
    }
}

impl EngineProcess {
    /// Starts or connects to the engine at `address`, completes `uci`/`uciok`, sets `options`,
    /// then waits for `isready`/`readyok`.
    pub async fn start(
        address: &EngineAddress,
        options: &[EngineOption],
    ) -> Result<Self, EngineError> {
        let engine = match address {
            EngineAddress::Local(path) => Self::spawn(path)?,
            EngineAddress::Tcp { host, port } => Self::connect(address, host, *port).await?,
        };
        engine.handshake(options).await
    }

    /// Spawns `path` (no shell, no arguments).
    fn spawn(path: &Path) -> Result<Self, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|source| EngineError::Spawn {
                path: PathBuf::from(path),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(EngineError::Protocol(
                "the engine's pipes are missing".into(),
            ));
        };
        Ok(EngineProcess {
            child: Some(child),
            stdin: Box::new(stdin),
            stdout: BufReader::new(Box::new(stdout)),
            buffer: Vec::new(),
            name: None,
        })
    }

    /// Connects to a remote engine within [`CONNECT_TIMEOUT`].
    async fn connect(address: &EngineAddress, host: &str, port: u16) -> Result<Self, EngineError> {
        let connect_error = |source| EngineError::Connect {
            address: address.to_string(),
            source,
        };
        let stream = tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect((host, port)))
            .await
            .map_err(|_| connect_error(std::io::ErrorKind::TimedOut.into()))?
            .map_err(connect_error)?;
        // Commands are single short lines: send each at once.
        stream.set_nodelay(true).map_err(connect_error)?;
        let (read, write) = stream.into_split();
        Ok(EngineProcess {
            child: None,
            stdin: Box::new(write),
            stdout: BufReader::new(Box::new(read)),
            buffer: Vec::new(),
            name: None,
        })
    }

    /// `uci`/`uciok`, the options, then `isready`/`readyok`, all within [`HANDSHAKE_TIMEOUT`].
    async fn handshake(mut self, options: &[EngineOption]) -> Result<Self, EngineError> {
        let engine = &mut self;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        engine.send(&UciCommand::Uci).await?;
        loop {
            match engine.read_line(deadline).await? {
                EngineLine::UciOk => break,
                EngineLine::IdName(name) => engine.name = Some(name),
                EngineLine::Chatter | EngineLine::Empty | EngineLine::Info(_) => {}
                EngineLine::Garbage(text) => return Err(EngineError::Garbage(text)),
                other => {
                    return Err(EngineError::Protocol(format!(
                        "unexpected {other:?} before uciok"
                    )))
                }
            }
        }
        for option in options {
            engine.send(&UciCommand::SetOption(*option)).await?;
        }
        engine.sync(deadline).await?;
        Ok(self)
    }

    /// The engine's `id name`, if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Sends `isready` and waits for `readyok` until `deadline`.
    pub async fn sync(&mut self, deadline: Instant) -> Result<(), EngineError> {
        self.send(&UciCommand::IsReady).await?;
        self.wait_for(EngineLine::ReadyOk, deadline).await
    }

    /// Writes one command and its newline (after the control-character guard).
    pub async fn send(&mut self, command: &UciCommand) -> Result<(), EngineError> {
        let mut line = command.to_line()?;
        line.push('\n');
        self.stdin
            .write_all(line.as_bytes())
            .await
            .map_err(write_error)?;
        self.stdin.flush().await.map_err(write_error)
    }

    /// Reads the next line, or fails at `deadline`, end of output or an over-long line.
    pub async fn read_line(&mut self, deadline: Instant) -> Result<EngineLine, EngineError> {
        timeout_at(deadline, self.read_line_unbounded())
            .await
            .map_err(|_| EngineError::Timeout)?
    }

    /// Reads the next line with no deadline ([`EngineProcess::read_line`] adds it).
    ///
    /// Cancel-safe: a partial line stays in the buffer for the next call.
    async fn read_line_unbounded(&mut self) -> Result<EngineLine, EngineError> {
        loop {
            let available = self.stdout.fill_buf().await.map_err(EngineError::Io)?;
            if available.is_empty() {
                return Err(EngineError::Eof);
            }
            let (chunk, found_newline) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], true),
                None => (available, false),
            };
            if self.buffer.len() + chunk.len() > MAX_LINE_BYTES {
                return Err(EngineError::Protocol("an over-long output line".into()));
            }
            self.buffer.extend_from_slice(chunk);
            let used = chunk.len() + usize::from(found_newline);
            self.stdout.consume(used);
            if found_newline {
                let line = parse_line(&String::from_utf8_lossy(&self.buffer));
                self.buffer.clear();
                return Ok(line);
            }
        }
    }

    /// Reads lines until `expected`, skipping chatter and search info; anything else is an error.
    async fn wait_for(
        &mut self,
        expected: EngineLine,
        deadline: Instant,
    ) -> Result<(), EngineError> {
        loop {
            match self.read_line(deadline).await? {
                line if line == expected => return Ok(()),
                EngineLine::Chatter
                | EngineLine::IdName(_)
                | EngineLine::Empty
                | EngineLine::Info(_) => {}
                // A stale bestmove from a search we stopped may still arrive before readyok.
                EngineLine::BestMove(_) | EngineLine::NoBestMove => {}
                EngineLine::Garbage(text) => return Err(EngineError::Garbage(text)),
                other => {
                    return Err(EngineError::Protocol(format!(
                        "unexpected {other:?} while waiting for {expected:?}"
                    )))
                }
            }
        }
    }

    /// Kills the child and reaps it; for a remote engine, closes the connection.
    pub async fn kill(mut self) {
        if let Some(child) = self.child.as_mut() {
            // The child may already be gone; either way it is no longer ours to care about.
            let _ = child.kill().await;
        }
    }

    /// Asks the engine to quit, then kills it if it lingers.
    pub async fn shutdown(mut self) {
        if self.send(&UciCommand::Quit).await.is_ok() {
            let Some(child) = self.child.as_mut() else {
                // Remote: the other side quits; closing the connection is all that is left.
                return;
            };
            let exited = tokio::time::timeout(Duration::from_millis(500), child.wait()).await;
            if exited.is_ok() {
                return;
            }
        }
        self.kill().await;
    }
}

/// A broken pipe on write means the engine has exited.
fn write_error(error: std::io::Error) -> EngineError {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        EngineError::Eof
    } else {
        EngineError::Io(error)
    }
}
