//! Where game changes go besides memory. The in-memory registry is the source of truth while the
//! server runs; a [`GameStore`] sees every change of every game, in order, under that game's lock,
//! so a durable store (SQLite today, PostgreSQL later) can be added without touching the handlers.
//!
//! Saving is split in two so a request never blocks the async runtime on a disk write: `save`
//! only queues the change (cheap, under the game's lock, which keeps each game's writes in order)
//! and hands back a [`WriteTicket`]; the request then awaits `durable(ticket)` before it answers.

use std::future::Future;
use std::pin::Pin;

use super::analysis_record::AnalysisRecord;
use super::error::StoreError;
use super::id::GameId;
use super::quarantine::QuarantinedGame;
use super::state::GameState;
use crate::analysis::{AnalysedPosition, AnalysisStatus};
use crate::token::TokenHash;

/// One game as a store sees it after a change.
#[derive(Debug)]
pub struct GameSnapshot<'a> {
    pub id: &'a GameId,
    pub token: &'a TokenHash,
    pub state: &'a GameState,
}

/// Names one queued write. A store makes writes durable in the order it numbered them, so waiting
/// for a game's latest ticket also waits for every earlier write of that game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct WriteTicket(pub u64);

/// What [`GameStore::durable`] returns: resolves once the write is on disk (or failed).
pub type Durable<'a> = Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>>;

/// Receives every change of every game.
pub trait GameStore: Send + Sync + 'static {
    /// Queues `game` as it is now. Called with the game's lock held, so it must not wait on I/O;
    /// an error (the store is gone) cancels the change.
    fn save(&self, game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError>;

    /// Queues forgetting a game (it expired or its creation failed).
    fn delete(&self, id: &GameId) -> Result<WriteTicket, StoreError>;

    /// Resolves when the write named by `ticket` is durable; an error if it could not be kept.
    fn durable(&self, ticket: WriteTicket) -> Durable<'_>;

    /// Resolves when every write queued so far is durable (the server is stopping: what was
    /// queued but not yet acknowledged, such as a reply computed at the last moment, is kept too).
    fn flush(&self) -> Durable<'_>;

    /// Queues the status of a game's analysis (the first call creates its record), searched at
    /// `nodes` per position. Ignored if the game is not stored (it was forgotten meanwhile).
    fn save_analysis(
        &self,
        id: &GameId,
        status: AnalysisStatus,
        nodes: u64,
    ) -> Result<WriteTicket, StoreError>;

    /// Queues one analysed position of a game's analysis, as soon as the engine answered it, so a
    /// restart resumes after it. Ignored if the analysis is not stored.
    fn save_analysed_position(
        &self,
        id: &GameId,
        position: &AnalysedPosition,
    ) -> Result<WriteTicket, StoreError>;

    /// The analyses read back when the store was opened, for the games it read back; handed over
    /// once (the service takes them at startup), empty afterwards.
    fn take_stored_analyses(&self) -> Vec<AnalysisRecord>;

    /// The stored games that did not load when the store was opened (see `quarantine.rs`);
    /// handed over once (the registry takes them), empty afterwards. A store that rebuilds
    /// nothing has none.
    fn take_quarantined(&self) -> Vec<QuarantinedGame> {
        Vec::new()
    }
}

/// Keeps nothing beyond the live registry: games (and their analyses) last as long as the process.
#[derive(Debug, Default, Clone, Copy)]
pub struct MemoryStore;

impl GameStore for MemoryStore {
    fn save(&self, _game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError> {
        Ok(WriteTicket::default())
    }

    fn delete(&self, _id: &GameId) -> Result<WriteTicket, StoreError> {
        Ok(WriteTicket::default())
    }

    fn durable(&self, _ticket: WriteTicket) -> Durable<'_> {
        Box::pin(std::future::ready(Ok(())))
    }

    fn flush(&self) -> Durable<'_> {
        Box::pin(std::future::ready(Ok(())))
    }

    fn save_analysis(
        &self,
        _id: &GameId,
        _status: AnalysisStatus,
        _nodes: u64,
    ) -> Result<WriteTicket, StoreError> {
        Ok(WriteTicket::default())
    }

    fn save_analysed_position(
        &self,
        _id: &GameId,
        _position: &AnalysedPosition,
    ) -> Result<WriteTicket, StoreError> {
        Ok(WriteTicket::default())
    }

    fn take_stored_analyses(&self) -> Vec<AnalysisRecord> {
        Vec::new()
    }
}
