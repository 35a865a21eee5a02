//! Where the practice cards' schedules are kept (issue #41): a storage interface of its own, so
//! the practice use case names only what it needs. SQLite and PostgreSQL keep the schedules
//! beside their games (and forget them with their game); the [`MemoryStore`](super::MemoryStore)
//! keeps none, so its cards stay new. A store hands it out through
//! [`GameStore::practice`](super::GameStore::practice).

use crate::games::model::id::GameId;
use crate::games::store::practice_record::PracticeRecord;
use crate::games::store::Pending;

/// The schedules of the practice cards, one per card (a game's ply).
pub trait PracticeStore: Send + Sync {
    /// The schedules stored for the cards of `games`; a card never graded has none.
    fn records(&self, games: &[GameId]) -> Pending<'_, Vec<PracticeRecord>>;

    /// Keeps a card's schedule (replacing the one stored); resolves once it is durable.
    fn save_record(&self, record: &PracticeRecord) -> Pending<'_, ()>;
}

/// A store that keeps nothing has no schedules, and keeping one is a no-op.
impl PracticeStore for super::MemoryStore {
    fn records(&self, _games: &[GameId]) -> Pending<'_, Vec<PracticeRecord>> {
        Box::pin(std::future::ready(Ok(Vec::new())))
    }

    fn save_record(&self, _record: &PracticeRecord) -> Pending<'_, ()> {
        Box::pin(std::future::ready(Ok(())))
    }
}
