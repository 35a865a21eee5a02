//! Where game changes go besides memory. The in-memory registry is the source of truth while the
//! server runs; a [`GameStore`] sees every change of every game, in order, under that game's lock,
//! so a durable store (SQLite, or PostgreSQL shared by several servers) sits behind it without
//! touching the handlers.
//!
//! Saving is split in two so a request never blocks the async runtime on a disk write: `save`
//! only queues the change (cheap, under the game's lock, which keeps each game's writes in order)
//! and hands back a [`WriteTicket`]; the request then awaits `durable(ticket)` before it answers.
//!
//! A store may be shared by several servers (PostgreSQL, [`GameStore::shared`]): then memory is
//! only a cache. Every write names the version it was made on and is refused
//! ([`StoreError::Conflict`]) when the store holds another; [`GameStore::lookup`] reads a game the
//! cache lacks or revalidates a cached one; a lease per game says which server searches the
//! engine's reply (the [`SharedStore`] capability). The default methods are the single-server
//! behaviour: the cache is the truth.
//!
//! A store keeps more than games: the keys' ratings ([`RatingStore`]) and the practice cards'
//! schedules ([`PracticeStore`]) have storage interfaces of their own, which a store hands out
//! ([`GameStore::ratings`], [`GameStore::practice`]) so each use case names only its own.

pub mod analysis_record;
pub mod cache_quota;
pub mod db_lock;
pub mod failed_writes;
pub mod migrations;
pub mod position_cache;
pub mod postgres;
pub mod practice;
pub mod practice_record;
pub mod quarantine;
pub mod ratings;
pub mod record;
pub mod shared;
pub mod sqlite;
pub mod write_queue;

pub use practice::PracticeStore;
pub use ratings::RatingStore;
pub use shared::SharedStore;

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use crate::analysis::{AnalysedPosition, AnalysisStatus};
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::store::analysis_record::AnalysisRecord;
use crate::games::store::position_cache::{CacheKey, CachedAnswer};
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::StoredGame;
use crate::token::TokenHash;

/// One game as a store sees it after a change.
#[derive(Debug)]
pub struct GameSnapshot<'a> {
    pub id: &'a GameId,
    pub token: &'a TokenHash,
    pub state: &'a GameState,
    /// The version this change was made on; `None` for a new game. A shared store writes the
    /// change only if it still holds that version.
    pub base: Option<u64>,
    /// Which in-memory copy of the game made the change: once one of its writes lost a race,
    /// a shared store refuses the copy's later writes too (they build on the lost one).
    pub copy: u64,
}

/// Names one queued write. A store makes writes durable in the order it numbered them, so waiting
/// for a game's latest ticket also waits for every earlier write of that game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WriteTicket(pub u64);

/// An answer of the store that may need I/O.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What [`SharedStore::hold_lease`] returns: a future that never ends (it renews while polled).
pub type Holding<'a> = Pin<Box<dyn Future<Output = Infallible> + Send + 'a>>;

/// What [`GameStore::durable`] returns: resolves once the write is on disk (or failed).
pub type Durable<'a> = Pending<'a, ()>;

/// What the store holds of a game, compared with the version a server has cached.
#[derive(Debug)]
pub enum Lookup {
    /// The cached copy is current (or newer: its own write is on its way).
    Unchanged,
    /// The store holds a newer version (or the game was not cached); boxed, as a game is large.
    Changed(Box<Fresh>),
    /// The store does not hold the game.
    Missing,
}

/// A game as a shared store holds it now.
#[derive(Debug)]
pub struct Fresh {
    pub game: StoredGame,
    /// Another server is searching the engine's reply (it holds the lease): this server's views
    /// say the engine is thinking.
    pub searched_elsewhere: bool,
    /// How long nobody has changed the game: a game read back keeps its idle clock (a stranger
    /// reading it does not make it look freshly played).
    pub silent: Duration,
}

/// A game changed in a shared store (another server's write, or this one's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The game is now at `version`.
    Game { id: GameId, version: u64 },
    /// Changes may have been missed (the listening connection was re-established): revalidate.
    Resync,
}

/// A game whose engine reply this server took over from a server that stopped renewing its lease.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    pub id: GameId,
    pub version: u64,
}

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

    /// The server has stopped and flushed: lets go of what keeps other servers out (SQLite's
    /// lock file), so a new server may open the database now.
    fn close(&self) {}

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

    /// The cached answers for `keys` (see `position_cache.rs`), in the same order, `None` for a
    /// miss; a hit counts as a use (the least recently used are forgotten first). A store that
    /// keeps nothing misses every time.
    fn cached_answers(&self, keys: &[CacheKey]) -> Pending<'_, Vec<Option<CachedAnswer>>> {
        let misses = vec![None; keys.len()];
        Box::pin(std::future::ready(Ok(misses)))
    }

    /// Queues one answer for the cache, replacing any under the same key; past the store's bound
    /// the least recently used answers are forgotten. Best effort: nothing waits for it.
    fn cache_answer(&self, _key: &CacheKey, _answer: &CachedAnswer) -> Result<(), StoreError> {
        Ok(())
    }

    /// The analyses read back when the store was opened, for the games it read back; handed over
    /// once (the service takes them at startup), empty afterwards.
    fn take_stored_analyses(&self) -> Vec<AnalysisRecord>;

    /// The stored games that did not load when the store was opened (see `quarantine.rs`);
    /// handed over once (the registry takes them), empty afterwards. A store that rebuilds
    /// nothing has none.
    fn take_quarantined(&self) -> Vec<QuarantinedGame> {
        Vec::new()
    }

    /// The stored analysis of a game (another server may have run it); `None` when there is none.
    /// Alone, a server knows its analyses from memory.
    fn load_analysis(&self, _id: &GameId) -> Pending<'_, Option<AnalysisRecord>> {
        Box::pin(std::future::ready(Ok(None)))
    }

    /// Where the keys' ratings are kept (`ratings.rs`). A store that keeps nothing keeps no
    /// rating either.
    fn ratings(&self) -> &dyn RatingStore {
        &MemoryStore
    }

    /// Resolves once the store answers now (a query, or the writer's turn): `/api/ready` fails
    /// while it does not. Memory alone always answers.
    fn ping(&self) -> Pending<'_, ()> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// The duties of a store other servers write too (then memory is only a cache); `None`
    /// alone, where the single-server behaviour holds: no leases, no changes but this server's.
    fn shared(&self) -> Option<&dyn SharedStore> {
        None
    }

    /// Whether a game dropped from memory can be read back (memory is then only a cache, and
    /// leaving it never deletes a game): a durable store's games are; the [`MemoryStore`]'s are
    /// not. A store that reloads also enforces the live-game cap (a new game over it is refused
    /// with [`StoreError::Full`]) and forgets idle games on its own clock
    /// ([`GameStore::expire_idle`]).
    fn reloads(&self) -> bool {
        self.shared().is_some()
    }

    /// The game as the store holds it, compared with the `cached` version (`None`: not cached).
    /// Alone, the cache is the truth: a cached game is current, an uncached one is gone.
    fn lookup(&self, _id: &GameId, cached: Option<u64>) -> Pending<'_, Lookup> {
        let lookup = match cached {
            Some(_) => Lookup::Unchanged,
            None => Lookup::Missing,
        };
        Box::pin(std::future::ready(Ok(lookup)))
    }

    /// Forgets the games nobody changed for `idle` (a durable store's own clock); how many.
    fn expire_idle(&self, _idle: Duration) -> Pending<'_, u64> {
        Box::pin(std::future::ready(Ok(0)))
    }

    /// Where the practice cards' schedules are kept (`practice.rs`, issue #41). A store that
    /// keeps nothing has none: its cards stay new.
    fn practice(&self) -> &dyn PracticeStore {
        &MemoryStore
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
