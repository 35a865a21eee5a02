//! A game's clocks as its changes run them: read, flagged when one runs out, run for the side the
//! rules say, rewound with a takeback.

use tokio::time::Instant;

use super::GameState;
use crate::games::model::clock::GameClock;

impl GameState {
    /// The clocks, in a timed game.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// When the running clock runs out, if one runs.
    pub fn flag_deadline(&self) -> Option<Instant> {
        self.clock
            .as_ref()
            .and_then(GameClock::deadline)
            .map(|(_, deadline)| deadline)
    }

    /// Whether the running clock has run out at `now` in a game not over yet: what
    /// [`GameState::flag_if_due`] would settle.
    pub fn flag_due(&self, now: Instant) -> bool {
        !self.is_finished()
            && self
                .clock
                .as_ref()
                .is_some_and(|clock| clock.flagged(now).is_some())
    }

    /// Ends the game on time if the running clock has run out at `now` (a loss, or a draw when
    /// the opponent could not mate); whether it did.
    pub fn flag_if_due(&mut self, now: Instant) -> bool {
        let flagged = self.clock.as_ref().and_then(|clock| clock.flagged(now));
        match flagged {
            Some(side) if !self.is_finished() => {
                if let Some(pending) = self.pending.take() {
                    pending.cancel.cancel();
                }
                // A clock running out before each side moved twice aborts the game, as lila
                // aborts one whose first moves were not made in time (`abortable.rs`).
                if self.is_abortable() {
                    self.aborted = true;
                } else {
                    self.game.time_out(side);
                }
                self.sync_clock(now);
                self.version += 1;
                true
            }
            _ => false,
        }
    }

    /// Runs the clock the rules say runs now: the side to move's, once the player has moved
    /// here, while the game goes on; none otherwise.
    pub(super) fn sync_clock(&mut self, now: Instant) {
        let side =
            (!self.is_finished() && self.has_played_here()).then(|| self.game.position().turn());
        if let Some(clock) = &mut self.clock {
            clock.run(side, now);
        }
    }

    /// The clocks as they were at the current ply, the side to move's running from `now` (a
    /// takeback, a failed engine turn).
    pub(super) fn rewind_clock(&mut self, now: Instant) {
        let ply = self.game.ply();
        if let Some(clock) = &mut self.clock {
            clock.rewind(ply);
        }
        self.sync_clock(now);
    }
}
