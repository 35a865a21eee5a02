//! The moves of a game: the player's, the engine's turn (begun, replied to, abandoned), and the
//! takeback that undoes them; what the player may do on their turn.

use alphachess_engine::{DrawRule, Move};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::{EngineTurn, GameState, PendingReply};
use crate::games::model::error::GameError;
use crate::games::model::length::{has_room_for_an_exchange, MAX_PLIES};
use crate::games::model::notation::{illegal, PlayerMove};

impl GameState {
    /// Marks the engine as thinking if it is its move; the caller then runs the search.
    pub fn begin_engine_turn(&mut self, undo_on_failure: bool) -> Option<EngineTurn> {
        if self.is_finished()
            || self.game.position().turn() == self.player
            || self.pending.is_some()
        {
            return None;
        }
        // The engine starting to think changes the view (`engine_thinking`), so it is a change
        // of its own: clients order views by version alone.
        self.version += 1;
        let cancel = CancellationToken::new();
        self.pending = Some(PendingReply {
            version: self.version,
            cancel: cancel.clone(),
            undo_on_failure,
        });
        Some(EngineTurn {
            version: self.version,
            cancel,
            opponent: self.level.opponent(),
        })
    }

    /// Plays the player's move, resolved in the current position.
    pub fn play_player_move(
        &mut self,
        m: &PlayerMove,
        expected_ply: Option<usize>,
    ) -> Result<(), GameError> {
        if self.is_finished() {
            return Err(GameError::GameOver);
        }
        let ply = self.game.ply();
        if let Some(expected) = expected_ply.filter(|&expected| expected != ply) {
            return Err(GameError::StalePly {
                expected,
                actual: ply,
            });
        }
        if self.pending.is_some() || self.game.position().turn() != self.player {
            return Err(GameError::NotYourTurn);
        }
        // Time ran out: the flag (the service's, or the timer's) ends the game, never a move.
        if let Some(clock) = &self.clock {
            if clock.flagged(Instant::now()).is_some() {
                return Err(GameError::GameOver);
            }
        }
        // Leave room for the engine's reply.
        if !has_room_for_an_exchange(ply) {
            return Err(GameError::TooManyPlies(MAX_PLIES));
        }
        let m = m.to_move(self.game.position())?;
        self.play(m)
    }

    /// Applies the engine's reply to `version`, unless something changed the game meanwhile; a
    /// reply that comes after the engine's time ran out is not played: the engine lost on time.
    pub fn apply_engine_reply(&mut self, version: u64, m: Move) -> Result<(), GameError> {
        self.ensure_pending(version)?;
        if self.flag_if_due(Instant::now()) {
            return Ok(());
        }
        self.pending = None;
        self.play(m)
    }

    /// The engine failed on `version`: forget the search and take the player's move back, so the
    /// game is exactly as it was before the request.
    pub fn abandon_engine_turn(&mut self, version: u64) {
        if self.ensure_pending(version).is_err() {
            return;
        }
        if let Some(pending) = self.pending.take() {
            if pending.undo_on_failure {
                self.game.undo();
                self.rewind_clock(Instant::now());
            }
            self.version += 1;
        }
    }

    /// Undoes the player's last move and the engine's reply (or cancels the reply being searched),
    /// so it is the player's turn again.
    pub fn take_back(&mut self) -> Result<(), GameError> {
        if self.is_finished() {
            return Err(GameError::GameOver);
        }
        if let Some(pending) = self.pending.take() {
            pending.cancel.cancel();
            if pending.undo_on_failure {
                self.game.undo();
                self.rewind_clock(Instant::now());
            }
            self.casual = true;
            self.version += 1;
            return Ok(());
        }
        if !self.has_player_move() {
            return Err(GameError::NothingToTakeBack);
        }
        // Undo up to and including the player's last move: after an undo, the side to move is
        // the side that played the undone move.
        while self.game.undo().is_some() {
            if self.game.position().turn() == self.player {
                break;
            }
        }
        // Taking back into imported moves: whatever the player plays next is played here, and
        // the position is one of the import's again, where draws are claimed.
        self.first_ply = self.first_ply.min(self.game.ply());
        if self.game.ply() <= self.imported_plies {
            self.game.set_draw_rule(DrawRule::ByClaim);
        }
        self.rewind_clock(Instant::now());
        self.casual = true;
        self.version += 1;
        Ok(())
    }

    /// Whether [`GameState::take_back`] would succeed now.
    pub fn can_take_back(&self) -> bool {
        !self.is_finished() && (self.pending.is_some() || self.has_player_move())
    }

    /// A hint is for the player's turn of an ongoing game. While the engine's reply is due (the
    /// player's move applied, the engine to move) the answer is [`GameError::SearchInProgress`]
    /// whether or not its search has started yet: between the move being applied and the reply's
    /// search being marked pending (the move is made durable first) a hint is in the same
    /// situation as one asked mid-search, and the client should get the same answer.
    pub fn check_hint_allowed(&self) -> Result<(), GameError> {
        if !self.is_finished() && self.game.position().turn() != self.player {
            return Err(GameError::SearchInProgress);
        }
        self.check_players_turn()
    }

    /// The game is ongoing, it is the player's turn and the engine is not thinking (a hint, a
    /// draw offer or claim).
    pub fn check_players_turn(&self) -> Result<(), GameError> {
        if self.is_finished() {
            return Err(GameError::GameOver);
        }
        if self.pending.is_some() || self.game.position().turn() != self.player {
            return Err(GameError::NotYourTurn);
        }
        Ok(())
    }

    /// Plays `m`, charging its mover's clock, and starts the next one.
    fn play(&mut self, m: Move) -> Result<(), GameError> {
        let mover = self.game.position().turn();
        self.game
            .play(m)
            .map_err(|error| illegal(error.to_string(), self.game.position()))?;
        // Live play ends repetitions and fifty moves by itself; only an imported game's last
        // position, not yet played from, offers them as claims (setup.rs).
        self.game.set_draw_rule(DrawRule::Automatic);
        let now = Instant::now();
        let ply = self.game.ply();
        if let Some(clock) = &mut self.clock {
            clock.moved(mover, ply, now);
        }
        self.sync_clock(now);
        self.version += 1;
        Ok(())
    }

    fn ensure_pending(&self, version: u64) -> Result<(), GameError> {
        match &self.pending {
            Some(pending) if pending.version == version && self.version == version => Ok(()),
            _ if self.is_finished() => Err(GameError::GameOver),
            _ => Err(GameError::Superseded),
        }
    }

    /// Whether the player has made a move since the game started here (imported moves do not
    /// count): until then the game can be aborted and no clock runs.
    pub fn has_played_here(&self) -> bool {
        let ply = self.game.ply();
        let before_each_move = &self.game.positions()[self.first_ply.min(ply)..ply];
        before_each_move
            .iter()
            .any(|position| position.turn() == self.player)
    }

    /// Whether the player has made a move: some position before a move had the player to move.
    fn has_player_move(&self) -> bool {
        let before_each_move = &self.game.positions()[..self.game.ply()];
        before_each_move
            .iter()
            .any(|position| position.turn() == self.player)
    }
}
