//! What goes on the SQLite store's queue: each change a request makes, and each read that must
//! see every change queued before it (answered by the writer thread after its batch commits).

use crate::games::model::error::StoreError;
use crate::games::model::ladder::{Glicko2, KeyRating, RatedGame};
use crate::games::store::analysis_record::{AnalysisRecord, PositionRecord};
use crate::games::store::cache_quota::CachePermit;
use crate::games::store::position_cache::{CacheKey, CachedAnswer};
use crate::games::store::practice_record::PracticeRecord;
use crate::games::store::record::GameRecord;

/// One queued change, or a read that must see every change queued before it.
pub(super) enum Write {
    /// A game as it is now; `true` for a new game (refused when the live-game cap is reached).
    /// Boxed: a record is several times the size of every other write.
    Save(Box<GameRecord>, bool),
    /// Forgets a game and its analysis.
    Delete(String),
    /// A game's analysis status: (game id, status, nodes).
    Analysis(String, &'static str, i64),
    /// One analysed position of a game's analysis.
    Position(String, PositionRecord),
    /// Reads a game dropped from memory (or never loaded), after the writes queued before it.
    LoadGame(String, Reply<Option<(GameRecord, i64)>>),
    /// Reads a game's analysis, after the writes queued before it.
    LoadAnalysis(String, Reply<Option<AnalysisRecord>>),
    /// Forgets the games (and their analyses) nobody changed for this many milliseconds.
    Expire(i64, Reply<u64>),
    /// Answers once the writer reaches it and the file answers a query (readiness).
    Ping(Reply<()>),
    /// Reads a key's rating (by its token hash).
    LoadRating(String, Reply<Option<KeyRating>>),
    /// Counts a rated game for a key (once per game), answering the rating after it.
    Rate(String, Box<RatedGame>, Reply<KeyRating>),
    /// Keeps a practice card's schedule (boxed, as a game record is).
    Practice(Box<PracticeRecord>),
    /// Reads the practice cards' schedules of these games.
    LoadPractice(Vec<String>, Reply<Vec<PracticeRecord>>),
    /// Starts a key with no rated game from an estimate, answering its rating.
    Estimate(String, Glicko2, Reply<KeyRating>),
    /// Keeps an answer in the position cache.
    CacheAnswer {
        key: CacheKey,
        answer: CachedAnswer,
        _permit: CachePermit,
    },
    /// Reads the position cache (and marks the hits used).
    CacheRead {
        keys: Vec<CacheKey>,
        reply: Reply<Vec<Option<CachedAnswer>>>,
        _permit: CachePermit,
    },
}

impl Write {
    /// Whether it changes the file (the others are reads, answered after the commit).
    pub(super) fn is_change(&self) -> bool {
        matches!(
            self,
            Write::Save(..)
                | Write::Delete(..)
                | Write::Analysis(..)
                | Write::Position(..)
                | Write::Practice(..)
        )
    }
}

/// Where the writer thread sends the answer of a read.
pub(super) type Reply<T> = tokio::sync::oneshot::Sender<rusqlite::Result<T>>;

/// The writer's answer to a read.
pub(super) async fn answered<T>(
    answer: tokio::sync::oneshot::Receiver<rusqlite::Result<T>>,
) -> Result<T, StoreError> {
    answer
        .await
        .map_err(|_| StoreError::Stopped)?
        .map_err(|error| StoreError::backend("reading the database", error))
}
