//! The service's own work beside the requests: reading the stored games back at startup, and the
//! tasks it keeps running for as long as it lives — the engine's turns left by a restart, idle
//! games forgotten, and with a store other servers share, their abandoned engine turns taken
//! over and their changes followed. The edge starts them; it does not reach into the registry.

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;

use super::clock_watch::watch_clock;
use super::lifecycle::Lifecycle;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::StoreError;
use crate::games::store::record::StoredGame;
use crate::games::store::sqlite::StoredGames;
use crate::games::store::Change;

/// Games taken over per look at the expired leases (the next look takes the rest).
const TAKEN_OVER_PER_LOOK: usize = 8;

/// What reading the stored games back found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loaded {
    /// Rows read.
    pub found: usize,
    /// Games in memory after it.
    pub restored: usize,
    /// Rows that did not load, kept read-only (409 `game_quarantined`).
    pub quarantined: usize,
}

impl Lifecycle {
    /// Says `total` stored games are about to be read back: until [`Lifecycle::load`] has
    /// read them, `/api/ready` reports the progress and analyses wait.
    pub fn expect_stored(&self, total: usize) {
        self.games.begin_loading(total);
    }

    /// Reads the stored games back into memory (a timed game's clock runs again from now), then
    /// resumes the unfinished analyses. Blocking: the rows are read from the disk.
    pub fn load(&self, stored: StoredGames) -> Result<Loaded, StoreError> {
        let found = stored.len();
        self.games.begin_loading(found);
        let read = stored.read(|game| self.restore(game));
        self.games.finish_loading();
        read?;
        self.resume_analyses();
        Ok(Loaded {
            found,
            restored: self.games.len(),
            quarantined: self.games.quarantined(),
        })
    }

    /// Starts the tasks that run for as long as the service lives (each holds it weakly): the
    /// engine moves where a restart left it to move, idle games are forgotten every quarter of
    /// `idle_timeout` (1 s to 60 s), and with a shared store, engine turns whose server stopped
    /// renewing its lease are taken over every `lease_check` and other servers' changes followed.
    pub fn spawn_maintenance(self: &Arc<Self>, idle_timeout: Duration, lease_check: Duration) {
        let service = Arc::clone(self);
        tokio::spawn(async move { service.resume_engine_turns().await });
        let weak = Arc::downgrade(self);
        let period = (idle_timeout / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
        tokio::spawn(every(period, weak.clone(), move |service| async move {
            let (expired, stored) = service.expire_idle(idle_timeout).await;
            if expired > 0 {
                tracing::info!(expired, "forgot idle games");
            }
            match stored {
                Ok(0) => {}
                Ok(expired) => tracing::info!(expired, "forgot idle games in the database"),
                Err(error) => tracing::warn!(%error, "could not forget idle games in the database"),
            }
        }));
        if self.games.store().shared().is_some() {
            tokio::spawn(every(lease_check, weak.clone(), |service| async move {
                service.take_over_engine_turns(TAKEN_OVER_PER_LOOK).await;
            }));
            tokio::spawn(Lifecycle::follow_changes(weak));
        }
    }

    /// Forgets the games nobody changed for `idle`, in memory and in the store; how many of each.
    async fn expire_idle(&self, idle: Duration) -> (usize, Result<u64, StoreError>) {
        let forgotten = self.games.expire_idle();
        (forgotten, self.games.store().expire_idle(idle).await)
    }

    /// Puts back a game read from the store at startup (see [`Games::restore`]); a timed game's
    /// clock runs again from now.
    fn restore(&self, stored: StoredGame) {
        if let Some(slot) = self.games.restore(stored) {
            if slot.read(|state| state.clock().is_some() && !state.is_finished()) {
                watch_clock(&slot, &self.analyses);
            }
        }
    }

    /// After a restart: the stored analyses are back, and the unfinished ones run again from
    /// where they stopped.
    fn resume_analyses(&self) {
        self.analyses.resume(&self.games);
    }

    /// After a restart: in every game where the engine was to move when the server stopped, the
    /// engine moves now, one game at a time so live requests keep their share of the engines. A
    /// failure takes the player's last move back, as it would have during the request.
    async fn resume_engine_turns(&self) {
        for slot in self.games.all() {
            self.resume_engine_turn(&slot).await;
        }
    }

    /// The engine moves in `slot` if it is its move (the server that was searching it is gone).
    async fn resume_engine_turn(&self, slot: &Arc<GameSlot>) {
        let (undo_on_failure, engine_to_move) = slot.read(|state| {
            let engine_to_move = !state.is_finished()
                && !state.is_engine_thinking()
                && state.game().position().turn() != state.player();
            (state.game().ply() > 0, engine_to_move)
        });
        // Most games wait for their player: nothing to do (not even a view to build).
        if !engine_to_move {
            return;
        }
        if let Err(error) = self.play.engine_turn(slot, undo_on_failure, None, ()).await {
            tracing::warn!(%error, game = %slot.id(), "resuming the engine's turn failed");
        }
        if let Err(error) = slot.durable().await {
            tracing::error!(%error, game = %slot.id(), "a resumed game could not be saved");
        }
    }

    /// With a shared store: the engine moves in the games whose searching server stopped
    /// renewing its lease (it died or lost the database), up to `limit` of them, one at a time;
    /// how many it took over. The store's version check makes the reply exactly once even if
    /// that server was only slow.
    async fn take_over_engine_turns(&self, limit: usize) -> usize {
        let store = self.games.store();
        let Some(shared) = store.shared() else {
            return 0;
        };
        let claimed = match shared.claim_expired_leases(limit).await {
            Ok(claimed) => claimed,
            Err(error) => {
                tracing::warn!(%error, "could not look for engine replies to take over");
                return 0;
            }
        };
        for claim in &claimed {
            tracing::info!(game = %claim.id, version = claim.version, "taking over the engine's reply");
            match self.games.find(&claim.id).await {
                Ok(slot) => self.resume_engine_turn(&slot).await,
                Err(error) => {
                    tracing::warn!(%error, game = %claim.id, "a game to take over did not load")
                }
            }
        }
        claimed.len()
    }

    /// With a shared store: when another server changes a game someone watches here, reads it
    /// again, which publishes the new view to the watchers. Runs until the service is dropped.
    async fn follow_changes(service: Weak<Lifecycle>) {
        let Some(mut changes) = service
            .upgrade()
            .and_then(|s| s.games.store().shared().map(|shared| shared.changes()))
        else {
            return;
        };
        loop {
            let change = changes.recv().await;
            let Some(service) = service.upgrade() else {
                return;
            };
            let watched = |slot: &Arc<GameSlot>| slot.events().has_watchers();
            let stale: Vec<Arc<GameSlot>> = match change {
                Ok(Change::Game { id, version }) => service
                    .games
                    .get(&id)
                    .ok()
                    .filter(|slot| watched(slot) && slot.version() < version)
                    .into_iter()
                    .collect(),
                Ok(Change::Resync) | Err(RecvError::Lagged(_)) => {
                    service.games.all().into_iter().filter(watched).collect()
                }
                Err(RecvError::Closed) => return,
            };
            for slot in stale {
                if let Err(error) = slot.refresh(false).await {
                    tracing::warn!(%error, game = %slot.id(), "could not read a changed game");
                }
            }
        }
    }
}

/// Runs `task` on the service every `period` (a late tick waits, it does not burst), until the
/// service is gone.
async fn every<F, Fut>(period: Duration, service: Weak<Lifecycle>, task: F)
where
    F: Fn(Arc<Lifecycle>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let Some(service) = service.upgrade() else {
            return;
        };
        task(service).await;
    }
}
