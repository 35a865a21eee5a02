//! The reading back of the stored games at start-up: how far it got, and waiting for it.

use std::sync::PoisonError;

use crate::games::model::id::GameId;

use super::{Games, LoadProgress};

impl Games {
    /// From now until [`Games::finish_loading`], `total` stored games are being read back:
    /// [`Games::find`] waits for a game not yet read back, `/api/ready` says how far it got.
    pub fn begin_loading(&self, total: usize) {
        self.loading
            .send_replace(Some(LoadProgress { loaded: 0, total }));
    }

    /// One more stored game was read back (restored, or one that did not load).
    pub fn loaded_one(&self) {
        self.loading.send_if_modified(|progress| match progress {
            Some(progress) => {
                progress.loaded += 1;
                true
            }
            None => false,
        });
    }

    /// Every stored game is read back: takes those that did not load from the store.
    pub fn finish_loading(&self) {
        let quarantined = self.store.take_quarantined();
        self.quarantined
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(quarantined.into_iter().map(|game| (game.id.clone(), game)));
        self.loading.send_replace(None);
    }

    /// How far the reading back of the stored games got; `None` once it is done (or when there
    /// was nothing to read).
    pub fn loading(&self) -> Option<LoadProgress> {
        *self.loading.borrow()
    }

    /// Returns once the game `id` is in memory or every stored game is read back (at once
    /// outside start-up): a request never sees "no such game" for a game not read back yet.
    pub async fn wait_for(&self, id: &GameId) {
        if self.loading.borrow().is_none() {
            return;
        }
        let mut progress = self.loading.subscribe();
        loop {
            if progress.borrow_and_update().is_none() || self.get(id).is_ok() {
                return;
            }
            if progress.changed().await.is_err() {
                return;
            }
        }
    }

    /// Returns once every stored game is read back (at once outside start-up).
    pub async fn wait_loaded(&self) {
        let mut progress = self.loading.subscribe();
        // An error: the registry is gone, nothing left to wait for.
        let _ = progress.wait_for(Option::is_none).await;
    }
}
