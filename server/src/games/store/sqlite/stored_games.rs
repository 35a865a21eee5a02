//! The games a SQLite file held when its store opened, read back later (the server listens
//! meanwhile) from a read transaction begun before the writer started.

use std::sync::{Arc, Mutex, PoisonError};

use rusqlite::Connection;

use super::analyses::load_analyses;
use super::games::load;
use crate::games::model::error::StoreError;
use crate::games::store::analysis_record::AnalysisRecord;
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::StoredGame;

/// The games a [`SqliteStore`](super::SqliteStore) held when it opened, still to be read back
/// (replayed).
pub struct StoredGames {
    /// In a read transaction since the store opened: the file as it was then.
    pub(super) reader: Option<Connection>,
    pub(super) limit: usize,
    pub(super) count: usize,
    pub(super) analyses: Arc<Mutex<Vec<AnalysisRecord>>>,
    pub(super) quarantined: Arc<Mutex<Vec<QuarantinedGame>>>,
}

impl StoredGames {
    /// How many games there are to read back (the `limit` most recently changed at most).
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Reads the games back, the most recently changed first, handing each that loads to `each`;
    /// then their analyses and the games that did not load are waiting in the store (see
    /// [`GameStore::take_stored_analyses`](crate::games::store::GameStore::take_stored_analyses)
    /// and [`GameStore::take_quarantined`](crate::games::store::GameStore::take_quarantined)).
    /// Blocking.
    pub fn read(self, mut each: impl FnMut(StoredGame)) -> Result<(), StoreError> {
        let Some(reader) = self.reader else {
            return Ok(());
        };
        let mut ids = Vec::new();
        let quarantined = load(&reader, self.limit, |game| {
            ids.push(game.id.to_string());
            each(game);
        })
        .map_err(|error| StoreError::backend("reading games", error))?;
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let analyses = load_analyses(&reader, &ids)
            .map_err(|error| StoreError::backend("reading analyses", error))?;
        self.analyses
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(analyses);
        self.quarantined
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(quarantined);
        Ok(())
    }
}
