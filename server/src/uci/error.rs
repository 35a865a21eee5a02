//! What can go wrong with an engine, from the supervisor's point of view.

use std::path::PathBuf;

use super::protocol::UnsafeLineError;

/// A failed engine interaction. Every variant except [`EngineError::Busy`] means the process was
/// killed and will be restarted.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("could not start the engine {}: {source}", path.display())]
    Spawn {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("could not connect to the engine at {address}: {source}")]
    Connect {
        address: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the engine's pipe failed: {0}")]
    Io(#[source] std::io::Error),
    #[error("the engine exited")]
    Eof,
    #[error("the engine did not answer in time")]
    Timeout,
    #[error("the engine printed something unexpected: {0:?}")]
    Garbage(String),
    #[error("the engine broke the protocol: {0}")]
    Protocol(String),
    #[error("the engine replied with an illegal move: {0}")]
    IllegalReply(String),
    #[error("the engine found no move in a position that has one")]
    NoMove,
    #[error(transparent)]
    Unsafe(#[from] UnsafeLineError),
    #[error("every engine is busy and the queue is full")]
    Busy,
    #[error("the engine supervisor has stopped")]
    Stopped,
}
