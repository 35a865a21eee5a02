//! An analysis started (or answered), admitted within its client's share, tracked, spawned.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

use crate::analysis::{Analysis, AnalysisStatus, Review};
use crate::client_key::ClientKey;
use crate::games::live::slot::GameSlot;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;

use super::tracked::{Progress, Tracked};
use super::{finished_game, Analyses, AnalysisError, BUSY_RETRY_AFTER_SECS};

impl Analyses {
    /// Starts (or answers) the analysis of `slot`'s game; `retry_failed` starts a failed one again.
    pub(super) fn begin(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        retry_failed: bool,
    ) -> Result<Analysis, AnalysisError> {
        if slot.read(GameState::is_aborted) {
            return Err(AnalysisError::GameAborted);
        }
        let game = finished_game(slot).ok_or(AnalysisError::GameNotFinished)?;
        // Held throughout, so two requests for one game start one analysis.
        let mut by_game = self.by_game.lock().unwrap_or_else(PoisonError::into_inner);
        by_game.retain(|_, tracked| tracked.slot.strong_count() > 0);
        if let Some(tracked) = by_game.get(slot.id()).filter(|t| t.is_of(slot)) {
            let tracked = Arc::clone(tracked);
            let failed = tracked.lock().status == AnalysisStatus::Failed;
            // A failed analysis counts for nothing: restarting it takes a place in the queue.
            if retry_failed && failed {
                let own = self.ownership(slot).is_some_and(|(_, own)| own);
                self.admit(&by_game, tracked.client, own)?;
            }
            let mut progress = tracked.lock();
            if retry_failed && progress.status == AnalysisStatus::Failed {
                tracked.set_status(&mut progress, AnalysisStatus::Queued, &*self.store)?;
                self.spawn(Arc::clone(&tracked));
            }
            return Ok(progress.analysis());
        }
        let (client, own) = self
            .ownership(slot)
            .map_or((None, false), |(client, own)| (Some(client), own));
        self.admit(&by_game, client, own)?;
        self.store
            .save_analysis(slot.id(), AnalysisStatus::Queued, self.settings.nodes)?;
        let tracked = Arc::new(Tracked {
            id: slot.id().clone(),
            seq: self.next_seq.fetch_add(1, Ordering::Relaxed),
            slot: Arc::downgrade(slot),
            client,
            nodes: self.settings.nodes,
            progress: Mutex::new(Progress {
                status: AnalysisStatus::Queued,
                review: Review::new(game),
            }),
        });
        by_game.insert(slot.id().clone(), Arc::clone(&tracked));
        drop(by_game);
        tracked.show_in_view();
        let analysis = tracked.lock().analysis();
        // The new one's place, and the places of those it now goes before.
        self.publish_places();
        self.spawn(tracked);
        Ok(analysis)
    }

    /// Whether one more analysis of `client`'s may queue: `client`'s share, its aggregate's
    /// (an IPv6 /56, the clients a proxy does not name) and the queue as a whole have room (an
    /// analysis counts while queued or running). The last quarter of the queue is kept for
    /// clients with none queued (see [`crate::share_cap`]): 256 places were once filled by one
    /// /56 inside its /64s' shares and reviews got "engine busy" (issue #42, M5). A client not
    /// known (`None`) is bounded by the whole queue only.
    ///
    /// A client's `own` played game is always admitted (issue #38: a fifth finished game's
    /// review was refused, shown once and never retried): past the shares, and past the whole
    /// queue's bound (`--analysis-queue`), it waits in the client's backlog, queued, with its
    /// place shown (`queue_place.rs`), and starts by itself when [`FairPlaces`] gives the client
    /// a place, so it still runs only in its client's fair share of the engines. Its memory is
    /// bounded by the games kept (one analysis per game): the client's unfinished games
    /// (`--unfinished-per-client`) and the finished ones until they expire, within `--max-games`.
    /// The bounds still refuse every other analysis, e.g. of a game imported already over.
    pub(super) fn admit(
        &self,
        by_game: &HashMap<GameId, Arc<Tracked>>,
        client: Option<ClientKey>,
        own: bool,
    ) -> Result<(), AnalysisError> {
        let aggregate = client.and_then(ClientKey::aggregate);
        let (mut pending, mut mine, mut network) = (0, 0, 0);
        for tracked in by_game.values() {
            let status = tracked.lock().status;
            if matches!(status, AnalysisStatus::Queued | AnalysisStatus::Running) {
                pending += 1;
                if client.is_some() && tracked.client == client {
                    mine += 1;
                }
                if aggregate.is_some() && tracked.client.and_then(ClientKey::aggregate) == aggregate
                {
                    network += 1;
                }
            }
        }
        let over_share = AnalysisError::OverShare {
            retry_after_secs: BUSY_RETRY_AFTER_SECS,
        };
        let backlog = own && client.is_some();
        if !backlog && client.is_some() && mine >= self.settings.per_client {
            return Err(over_share);
        }
        if !backlog && aggregate.is_some() && network >= self.settings.per_aggregate {
            return Err(over_share);
        }
        if backlog {
            return Ok(());
        }
        let max = self.settings.max_pending;
        let open = if mine == 0 { max } else { max - max / 4 };
        if pending >= open {
            return Err(AnalysisError::QueueFull {
                retry_after_secs: BUSY_RETRY_AFTER_SECS,
            });
        }
        Ok(())
    }

    /// Adds an analysis read back from the store.
    pub(super) fn track(
        &self,
        slot: &Arc<GameSlot>,
        nodes: u64,
        status: AnalysisStatus,
        review: Review,
    ) -> Arc<Tracked> {
        let tracked = Arc::new(Tracked {
            id: slot.id().clone(),
            seq: self.next_seq.fetch_add(1, Ordering::Relaxed),
            slot: Arc::downgrade(slot),
            client: self.owner(slot),
            nodes,
            progress: Mutex::new(Progress { status, review }),
        });
        self.by_game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(slot.id().clone(), Arc::clone(&tracked));
        tracked.show_in_view();
        tracked
    }

    /// The analysis of this very game (not of an expired one that had its id).
    pub(super) fn tracked(&self, slot: &Arc<GameSlot>) -> Option<Arc<Tracked>> {
        self.by_game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(slot.id())
            .filter(|tracked| tracked.is_of(slot))
            .cloned()
    }

    /// Runs `tracked` in the background until it ends, its game goes or the server stops.
    pub(super) fn spawn(self: &Arc<Self>, tracked: Arc<Tracked>) {
        let analyses = Arc::clone(self);
        tokio::spawn(async move {
            let stopping = analyses.stopping.clone();
            tokio::select! {
                biased;
                () = stopping.cancelled() => {}
                () = analyses.run(&tracked) => analyses.publish_places(),
            }
        });
    }
}
