//! The state of one game and every change that can happen to it, with no I/O.
//!
//! Each change bumps `version`, so an engine reply computed for an older version (the player took
//! back or resigned meanwhile) is recognised and never applied.
//!
//! A timed game's clocks (`clock.rs`) follow the same changes: a move charges its mover and starts
//! the next clock, a takeback rewinds both, an ending stops them. The only I/O-like input is the
//! monotonic time (`tokio::time::Instant::now()`, which tests pause and advance).
//!
//! Here the game's state, how it is made and read; its changes by concern beside it: `turns.rs`
//! (the player's moves, the engine's turn, takebacks), `endings.rs` (resigning, aborting, draws)
//! and `clocks.rs` (the clocks the changes run and flags).

mod clocks;
mod endings;
mod turns;

#[cfg(test)]
mod tests;

use alphachess_engine::{Color, Game};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::games::model::clock::{GameClock, TimeControl};
use crate::games::model::error::GameError;
use crate::games::model::level::Level;
use crate::games::model::players::Players;
use crate::games::model::stored_tree::StoredTree;
use crate::games::opponent::Opponent;

/// A game against the engine: the moves, who plays what, and whether the engine is thinking.
#[derive(Debug, Clone)]
pub struct GameState {
    game: Game,
    player: Color,
    level: Level,
    version: u64,
    pending: Option<PendingReply>,
    /// The plies the game started with (an imported PGN's moves), which were played under FIDE's
    /// claim rule: a store replays them under it, the later ones under the automatic rule.
    imported_plies: usize,
    /// The ply the game started at here: moves before it came with an imported PGN.
    first_ply: usize,
    /// Ended with no result while abortable (`abortable.rs`).
    aborted: bool,
    /// The clocks of a timed game (see `clock.rs` for when they run).
    clock: Option<GameClock>,
    /// The players of a game imported already over, reviewed rather than played (`players.rs`).
    players: Option<Players>,
    /// The move tree the player keeps with the finished game (`stored_tree.rs`).
    tree: Option<StoredTree>,
    /// A move was taken back or a hint used: the game no longer counts for the rating.
    casual: bool,
}

/// The engine is searching for its reply to `version`.
#[derive(Debug, Clone)]
struct PendingReply {
    version: u64,
    cancel: CancellationToken,
    /// Whether a failed search takes the player's move back (false when the engine opens the game).
    undo_on_failure: bool,
}

/// What the caller needs to run the engine's turn.
#[derive(Debug, Clone)]
pub struct EngineTurn {
    pub version: u64,
    pub cancel: CancellationToken,
    /// Who replies: the opponent of the game's step, read with the turn so playing it needs no
    /// look of its own.
    pub opponent: Opponent,
}

impl GameState {
    /// A new game from `game`'s current position, the player having `player`; the moves `game`
    /// already has count as imported.
    pub fn new(game: Game, player: Color, level: Level) -> GameState {
        GameState {
            imported_plies: game.ply(),
            player,
            level,
            version: 0,
            pending: None,
            first_ply: game.ply(),
            aborted: false,
            clock: None,
            players: None,
            tree: None,
            casual: false,
            game,
        }
    }

    /// The same game, timed by `control` (`None`: untimed).
    pub fn with_clock(mut self, control: Option<TimeControl>) -> GameState {
        self.clock = control.map(GameClock::new);
        self
    }

    /// A game read back from a store: it started here at `first_ply`, was `aborted` or not, and
    /// has its clock as of its last move. The side to move's clock runs again from now: the
    /// time the server was down is charged to nobody.
    pub fn restored(
        game: Game,
        player: Color,
        level: Level,
        first_ply: usize,
        aborted: bool,
        clock: Option<GameClock>,
    ) -> GameState {
        let first_ply = first_ply.min(game.ply());
        let mut state = GameState {
            first_ply,
            aborted,
            clock,
            ..GameState::new(game, player, level)
        };
        state.sync_clock(Instant::now());
        state
    }

    /// The same game, with the players a finished PGN named (`None`: a game against the engine).
    pub fn with_players(mut self, players: Option<Players>) -> GameState {
        self.players = players;
        self
    }

    /// The players of a game imported already over; `None` for a game against the engine.
    pub fn players(&self) -> Option<&Players> {
        self.players.as_ref()
    }

    /// The same game, its first `plies` imported (a game read back from a store).
    pub fn with_imported_plies(mut self, plies: usize) -> GameState {
        self.imported_plies = plies;
        self
    }

    /// How many plies the game started with (see the field).
    pub fn imported_plies(&self) -> usize {
        self.imported_plies
    }

    /// The same game with the move tree kept with it (a game read back from a store).
    pub fn with_tree(mut self, tree: Option<StoredTree>) -> GameState {
        self.tree = tree;
        self
    }

    /// The same game, made casual or not (a game read back from a store).
    pub fn with_casual(mut self, casual: bool) -> GameState {
        self.casual = casual;
        self
    }

    /// Whether a takeback or a hint made the game casual.
    pub fn is_casual(&self) -> bool {
        self.casual
    }

    /// A hint was used: the game stops counting for the rating (a change of its own, so the
    /// view's `rated` flips and is stored; none when the game was casual already).
    pub fn make_casual(&mut self) {
        if !self.casual {
            self.casual = true;
            self.version += 1;
        }
    }

    /// The move tree the player keeps with the game, if any.
    pub fn tree(&self) -> Option<&StoredTree> {
        self.tree.as_ref()
    }

    /// Keeps `tree` (made for this game) with the finished game, in place of any before, unless
    /// the game changed since `version`, when the tree was checked against it.
    pub fn keep_tree(&mut self, tree: StoredTree, version: u64) -> Result<(), GameError> {
        if !self.is_finished() {
            return Err(GameError::NotFinished);
        }
        if self.version != version {
            return Err(GameError::Superseded);
        }
        self.tree = Some(tree);
        self.version += 1;
        Ok(())
    }

    /// The same game at `version`: a copy read back from a store shared with other servers
    /// keeps the version the store holds, so its next change is written on top of it.
    pub fn at_version(mut self, version: u64) -> GameState {
        self.version = version;
        self
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's colour.
    pub fn player(&self) -> Color {
        self.player
    }

    /// The engine's strength.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Bumped by every change.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether a search for the engine's reply is running.
    pub fn is_engine_thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether the game has ended (mate, draw, resignation, a flag) or was aborted.
    pub fn is_finished(&self) -> bool {
        self.aborted || self.game.outcome().is_some()
    }

    /// Whether the game was aborted (it has no result).
    pub fn is_aborted(&self) -> bool {
        self.aborted
    }

    /// The ply the game started at here (the moves before it were imported).
    pub fn first_ply(&self) -> usize {
        self.first_ply
    }
}
