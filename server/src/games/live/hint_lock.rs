//! At most one engine search per game at a time.
//!
//! A game's searches are the engine's reply (at most one: `GameState` marks it pending) and the
//! player's hints. A hint is refused (409 `search_in_progress`) while the reply is searched or
//! another hint runs, so one token cannot keep several engines busy; a move made while a hint
//! runs stops the hint (its answer would be for a position that is gone) rather than waiting
//! for it. With one search per game, the engine queue is fair between games by construction
//! (see `uci/lanes.rs`).

use std::sync::{Mutex, PoisonError};

use tokio_util::sync::{CancellationToken, WaitForCancellationFuture};

/// The hint running for one game, if any.
#[derive(Debug, Default)]
pub struct HintLock {
    running: Mutex<Option<CancellationToken>>,
}

impl HintLock {
    /// Marks a hint as running; `None` if one already runs.
    pub fn try_begin(&self) -> Option<RunningHint<'_>> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        if running.is_some() {
            return None;
        }
        let cancel = CancellationToken::new();
        *running = Some(cancel.clone());
        Some(RunningHint { lock: self, cancel })
    }

    /// Stops the running hint, if any (the player moved).
    pub fn cancel(&self) {
        if let Some(cancel) = &*self.running.lock().unwrap_or_else(PoisonError::into_inner) {
            cancel.cancel();
        }
    }
}

/// A running hint; the game is free for another search once it is dropped.
#[derive(Debug)]
pub struct RunningHint<'a> {
    lock: &'a HintLock,
    cancel: CancellationToken,
}

impl RunningHint<'_> {
    /// Resolves when a move stopped this hint.
    pub fn cancelled(&self) -> WaitForCancellationFuture<'_> {
        self.cancel.cancelled()
    }
}

impl Drop for RunningHint<'_> {
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
    fn one_hint_at_a_time_and_a_cancelled_one_still_holds_its_place_until_it_ends() {
        let lock = HintLock::default();
        let first = lock.try_begin().expect("free");
        assert!(lock.try_begin().is_none(), "one runs");
        lock.cancel();
        assert!(first.cancel.is_cancelled());
        assert!(lock.try_begin().is_none(), "stopping takes until it ends");
        drop(first);
        let second = lock.try_begin().expect("free again");
        assert!(
            !second.cancel.is_cancelled(),
            "a fresh hint is not cancelled"
        );
    }
}
