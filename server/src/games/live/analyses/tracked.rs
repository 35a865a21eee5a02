//! One game's analysis as it runs: where it stands, what it publishes and stores.

use std::sync::{Arc, Mutex, PoisonError, Weak};

use crate::analysis::{
    AnalysedPly, Analysis, AnalysisEvent, AnalysisStatus, Answered, Pass, Review,
};
use crate::client_key::ClientKey;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::store::position_cache::CachedAnswer;
use crate::games::store::GameStore;
use crate::games::view::review_status::ReviewStatus;

use super::cache::{Cache, FROM_CACHE};

/// One game's analysis.
pub(super) struct Tracked {
    pub(super) id: GameId,
    /// Creation order, for the place in the queue (`queue_place.rs`).
    pub(super) seq: u64,
    pub(super) slot: Weak<GameSlot>,
    /// Whose share the analysis runs in.
    pub(super) client: Option<ClientKey>,
    /// Nodes per position, kept for the whole analysis (a resumed one keeps its budget).
    pub(super) nodes: u64,
    pub(super) progress: Mutex<Progress>,
}

/// Where one analysis stands.
pub(super) struct Progress {
    pub(super) status: AnalysisStatus,
    pub(super) review: Review,
}

impl Progress {
    /// The analysis as the API shows it: accuracy and summary only once it is done.
    pub(super) fn analysis(&self) -> Analysis {
        let mut analysis = self.review.to_analysis(self.status);
        if self.status != AnalysisStatus::Done {
            analysis.accuracy = None;
            analysis.summary = None;
            analysis.key_moments = None;
            analysis.phases = None;
        }
        analysis
    }

    /// The event that says the status changed.
    pub(super) fn status_event(&self) -> AnalysisEvent {
        let analysis = self.analysis();
        AnalysisEvent {
            status: analysis.status,
            progress: analysis.progress,
            ply: None,
            accuracy: analysis.accuracy,
            summary: analysis.summary,
            key_moments: analysis.key_moments,
            phases: analysis.phases,
            ahead: None,
        }
    }

    /// The event that carries a newly analysed ply.
    pub(super) fn ply_event(&self, ply: AnalysedPly) -> AnalysisEvent {
        AnalysisEvent {
            status: self.status,
            progress: self.review.progress(),
            ply: Some(ply),
            accuracy: None,
            summary: None,
            key_moments: None,
            phases: None,
            ahead: None,
        }
    }
}

/// Why a running analysis stopped before its end.
pub(super) enum Stop {
    /// The game was forgotten.
    Gone,
    /// An answer did not fit the review (a bug, not the engine's fault: it was checked).
    Invalid(String),
}

impl Tracked {
    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn is_of(&self, slot: &Arc<GameSlot>) -> bool {
        std::ptr::eq(self.slot.as_ptr(), Arc::as_ptr(slot))
    }

    /// Sends `event` to the game's watchers, if the game is still there.
    pub(super) fn publish(&self, event: AnalysisEvent) {
        if let Some(slot) = self.slot.upgrade() {
            slot.events().publish_analysis(event);
        }
    }

    /// Tells the game's view that it has a review (its `review` field, which says whether, not
    /// the status).
    pub(super) fn show_in_view(&self) {
        if let Some(slot) = self.slot.upgrade() {
            slot.set_review(ReviewStatus::Requested);
        }
    }

    /// Stores and publishes a new status.
    pub(super) fn set_status(
        &self,
        progress: &mut Progress,
        status: AnalysisStatus,
        store: &dyn GameStore,
    ) -> Result<(), StoreError> {
        store.save_analysis(&self.id, status, self.nodes)?;
        progress.status = status;
        self.publish(progress.status_event());
        Ok(())
    }

    /// Keeps and publishes one answer: a final one is stored (a restart resumes after it) and,
    /// unless it came from the cache, cached for other games; a quick one is only shown.
    pub(super) fn record(
        &self,
        answered: &Answered,
        store: &dyn GameStore,
        cache: &Cache,
    ) -> Result<(), Stop> {
        if self.slot.strong_count() == 0 {
            return Err(Stop::Gone);
        }
        let position = &answered.position;
        let mut progress = self.lock();
        let plies = progress
            .review
            .set(position.index, position.analysis.clone(), answered.pass)
            .map_err(|error| Stop::Invalid(error.to_string()))?;
        if answered.pass == Pass::Final {
            if let Err(error) = store.save_analysed_position(&self.id, position) {
                tracing::warn!(%error, game = %self.id, "an analysed position could not be stored");
            }
            if answered.chunk != FROM_CACHE {
                let key = cache.key(progress.review.game(), position.index);
                if let Err(error) = store.cache_answer(&key, &CachedAnswer::of(&position.analysis))
                {
                    tracing::debug!(%error, "an answer could not be cached");
                }
            }
        }
        for ply in plies {
            self.publish(progress.ply_event(ply));
        }
        Ok(())
    }

    /// The analysis got a place: it is running (stored and published once); `true` the first
    /// time, when the queue has moved.
    pub(super) fn mark_running(&self, store: &dyn GameStore) -> bool {
        let mut progress = self.lock();
        if progress.status == AnalysisStatus::Running {
            return false;
        }
        if let Err(error) = self.set_status(&mut progress, AnalysisStatus::Running, store) {
            tracing::warn!(%error, game = %self.id, "the analysis status could not be stored");
        }
        true
    }

    /// Stores and publishes the end of a run; a store failure is only logged (the analysis is
    /// in memory, and a restart would redo what was not kept).
    pub(super) fn finish(&self, status: AnalysisStatus, store: &dyn GameStore) {
        let mut progress = self.lock();
        if let Err(error) = self.set_status(&mut progress, status, store) {
            tracing::warn!(%error, game = %self.id, "the analysis status could not be stored");
        }
    }
}
