//! How a game ends before its last move: resigned, aborted while it may be, a draw claimed or
//! agreed.

use tokio::time::Instant;

use super::GameState;
use crate::games::model::abortable;
use crate::games::model::error::GameError;

impl GameState {
    /// The player resigns (cancelling any search in progress); in the abortable window
    /// (`abortable.rs`) that aborts the game, as lila's `BotPlayer.resign` does.
    pub fn resign(&mut self) -> Result<(), GameError> {
        if self.is_finished() {
            return Err(GameError::GameOver);
        }
        if self.is_abortable() {
            return self.abort();
        }
        if let Some(pending) = self.pending.take() {
            pending.cancel.cancel();
        }
        self.game.resign(self.player);
        self.sync_clock(Instant::now());
        self.version += 1;
        Ok(())
    }

    /// Ends the game with no result while it is abortable (`abortable.rs`: until each side
    /// made two moves here), cancelling the engine's search, if any.
    pub fn abort(&mut self) -> Result<(), GameError> {
        if self.is_finished() {
            return Err(GameError::GameOver);
        }
        if !self.is_abortable() {
            return Err(GameError::AbortTooLate);
        }
        if let Some(pending) = self.pending.take() {
            pending.cancel.cancel();
        }
        self.aborted = true;
        self.sync_clock(Instant::now());
        self.version += 1;
        Ok(())
    }

    /// Whether [`GameState::abort`] would succeed now.
    pub fn can_abort(&self) -> bool {
        self.is_abortable()
    }

    /// Whether ending the game now is an abort (`abortable.rs`, the rule's one place).
    pub fn is_abortable(&self) -> bool {
        !self.is_finished() && abortable::in_abort_window(&self.game)
    }

    /// The player claims the draw the position allows (threefold repetition, fifty moves), which
    /// only a game under the claim rule can have: live games end such draws by themselves.
    pub fn claim_draw(&mut self) -> Result<(), GameError> {
        self.check_players_turn()?;
        self.game
            .claim_draw()
            .map_err(|_| GameError::NoDrawToClaim)?;
        self.sync_clock(Instant::now());
        self.version += 1;
        Ok(())
    }

    /// Whether [`GameState::claim_draw`] would succeed now.
    pub fn can_claim_draw(&self) -> bool {
        self.check_players_turn().is_ok() && self.game.claimable_draw().is_some()
    }

    /// Whether the player may offer a draw now: on their turn, once the game can no longer be
    /// aborted (lila offers draws only when `game.drawable`, which excludes `abortable`).
    pub fn check_draw_offer(&self) -> Result<(), GameError> {
        self.check_players_turn()?;
        if self.is_abortable() {
            return Err(GameError::DrawTooEarly);
        }
        Ok(())
    }

    /// The engine accepted the player's draw offer made at `version`, unless the game changed
    /// meanwhile.
    pub fn agree_draw(&mut self, version: u64) -> Result<(), GameError> {
        self.check_draw_offer()?;
        if self.version != version {
            return Err(GameError::Superseded);
        }
        self.game.agree_draw();
        self.sync_clock(Instant::now());
        self.version += 1;
        Ok(())
    }
}
