//! At most one engine search per game at a time.
//!
//! A game's searches are the engine's reply (at most one: `GameState` marks it pending) and the
//! player's own: hints and draw offers. One of the player's is refused (409 `search_in_progress`)
//! while the reply is searched or another of theirs runs, so one token cannot keep several
//! engines busy (issue #42, M2: forty draw offers at once were forty searches); a move made
//! while one runs stops it (its answer would be for a position that is gone) rather than
//! waiting for it. With one search per game, the engine queue is fair between games by construction
//! (see `uci/lanes/`).

use std::sync::{Mutex, PoisonError};

use tokio_util::sync::{CancellationToken, WaitForCancellationFuture};

/// The player's search (a hint or a draw offer) running for one game, if any.
#[derive(Debug, Default)]
pub struct SearchLock {
    running: Mutex<Option<CancellationToken>>,
}

impl SearchLock {
    /// Marks a search as running; `None` if one already runs.
    pub fn try_begin(&self) -> Option<RunningSearch<'_>> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        if running.is_some() {
            return None;
        }
        let cancel = CancellationToken::new();
        *running = Some(cancel.clone());
        Some(RunningSearch { lock: self, cancel })
    }

    /// Stops the running search, if any (the player moved).
    pub fn cancel(&self) {
        if let Some(cancel) = &*self.running.lock().unwrap_or_else(PoisonError::into_inner) {
            cancel.cancel();
        }
    }
}

/// A running search; the game is free for another search once it is dropped.
#[derive(Debug)]
pub struct RunningSearch<'a> {
    lock: &'a SearchLock,
    cancel: CancellationToken,
}

impl RunningSearch<'_> {
    /// Resolves when a move stopped this search.
    pub fn cancelled(&self) -> WaitForCancellationFuture<'_> {
        self.cancel.cancelled()
    }
}

impl Drop for RunningSearch<'_> {
    fn drop(&mut self) {
        *self
            .lock
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_search_at_a_time_and_a_cancelled_one_still_holds_its_place_until_it_ends() {
        let lock = SearchLock::default();
        let first = lock.try_begin().expect("free");
        assert!(lock.try_begin().is_none(), "one runs");
        lock.cancel();
        assert!(first.cancel.is_cancelled());
        assert!(lock.try_begin().is_none(), "stopping takes until it ends");
        drop(first);
        let second = lock.try_begin().expect("free again");
        assert!(
            !second.cancel.is_cancelled(),
            "a fresh search is not cancelled"
        );
    }
}
