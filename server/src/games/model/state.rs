//! The state of one game and every change that can happen to it, with no I/O.
//!
//! Each change bumps `version`, so an engine reply computed for an older version (the player took
//! back or resigned meanwhile) is recognised and never applied.
//!
//! A timed game's clocks (`clock.rs`) follow the same changes: a move charges its mover and starts
//! the next clock, a takeback rewinds both, an ending stops them. The only I/O-like input is the
//! monotonic time (`tokio::time::Instant::now()`, which tests pause and advance).

use alphachess_engine::{Color, DrawRule, Game, Move};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::games::model::abortable;
use crate::games::model::clock::{GameClock, TimeControl};
use crate::games::model::error::GameError;
use crate::games::model::length::{has_room_for_an_exchange, MAX_PLIES};
use crate::games::model::level::Level;
use crate::games::model::notation::{illegal, PlayerMove};
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

    /// Runs the clock the rules say runs now: the side to move's, once the player has moved
    /// here, while the game goes on; none otherwise.
    fn sync_clock(&mut self, now: Instant) {
        let side =
            (!self.is_finished() && self.has_played_here()).then(|| self.game.position().turn());
        if let Some(clock) = &mut self.clock {
            clock.run(side, now);
        }
    }

    /// The clocks as they were at the current ply, the side to move's running from `now` (a
    /// takeback, a failed engine turn).
    fn rewind_clock(&mut self, now: Instant) {
        let ply = self.game.ply();
        if let Some(clock) = &mut self.clock {
            clock.rewind(ply);
        }
        self.sync_clock(now);
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

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::{Outcome, UciMove, WinReason};

    fn uci(state: &GameState, text: &str) -> Move {
        let uci: UciMove = text.parse().expect("test move is UCI");
        uci.to_move(state.game().position())
            .expect("test move is legal")
    }

    /// A player's move as the edge would parse it.
    fn mv(text: &str) -> PlayerMove {
        text.parse().expect("test move is notation")
    }

    fn new_game(player: Color) -> GameState {
        GameState::new(Game::default(), player, Level::MAX)
    }

    /// The player (white) moves, then the engine's reply is applied.
    fn exchange(state: &mut GameState, player_move: &str, reply: &str) {
        state
            .play_player_move(&mv(player_move), None)
            .expect("legal player move");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        let m = uci(state, reply);
        state
            .apply_engine_reply(turn.version, m)
            .expect("reply applies");
    }

    #[test]
    fn a_hint_while_the_reply_is_due_is_search_in_progress_before_and_after_its_search_starts() {
        let mut state = new_game(Color::White);
        state.check_hint_allowed().expect("the player's turn");
        state
            .play_player_move(&mv("e4"), None)
            .expect("legal player move");
        // The gap: the move is applied, the reply's search not yet marked pending.
        assert!(!state.is_engine_thinking());
        assert!(matches!(
            state.check_hint_allowed(),
            Err(GameError::SearchInProgress)
        ));
        let turn = state.begin_engine_turn(true).expect("engine to move");
        assert!(matches!(
            state.check_hint_allowed(),
            Err(GameError::SearchInProgress)
        ));
        let m = uci(&state, "e7e5");
        state
            .apply_engine_reply(turn.version, m)
            .expect("reply applies");
        state.check_hint_allowed().expect("the player's turn again");
        state.resign().expect("an ongoing game");
        assert!(matches!(
            state.check_hint_allowed(),
            Err(GameError::GameOver)
        ));
    }

    #[test]
    fn a_move_and_its_reply_make_two_plies() {
        let mut state = new_game(Color::White);
        exchange(&mut state, "e2e4", "e7e5");
        assert_eq!(state.game().ply(), 2);
        // The move, the engine starting to think, its reply.
        assert_eq!(state.version(), 3);
    }

    #[test]
    fn the_player_cannot_move_while_the_engine_thinks() {
        let mut state = new_game(Color::White);
        state.play_player_move(&mv("e4"), None).expect("legal");
        state.begin_engine_turn(true).expect("engine to move");
        assert!(matches!(
            state.play_player_move(&mv("d5"), None),
            Err(GameError::NotYourTurn)
        ));
    }

    #[test]
    fn a_stale_expected_ply_is_refused() {
        let mut state = new_game(Color::White);
        assert!(matches!(
            state.play_player_move(&mv("e4"), Some(3)),
            Err(GameError::StalePly {
                expected: 3,
                actual: 0
            })
        ));
        state
            .play_player_move(&mv("e4"), Some(0))
            .expect("ply 0 is current");
    }

    #[test]
    fn takeback_undoes_the_reply_and_the_player_move() {
        let mut state = new_game(Color::White);
        exchange(&mut state, "e2e4", "e7e5");
        exchange(&mut state, "g1f3", "b8c6");
        state.take_back().expect("a move to take back");
        assert_eq!(state.game().ply(), 2);
        assert_eq!(state.game().position().turn(), Color::White);
    }

    #[test]
    fn takeback_during_a_search_cancels_it_and_its_reply_is_never_applied() {
        let mut state = new_game(Color::White);
        state.play_player_move(&mv("e2e4"), None).expect("legal");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        let reply = uci(&state, "e7e5");
        state
            .take_back()
            .expect("the pending move can be taken back");
        assert!(turn.cancel.is_cancelled());
        assert!(matches!(
            state.apply_engine_reply(turn.version, reply),
            Err(GameError::Superseded)
        ));
        assert_eq!(state.game().ply(), 0);
    }

    #[test]
    fn a_black_player_cannot_take_back_the_engines_opening_move() {
        let mut state = new_game(Color::Black);
        let turn = state
            .begin_engine_turn(false)
            .expect("white (engine) to move");
        let m = uci(&state, "e2e4");
        state
            .apply_engine_reply(turn.version, m)
            .expect("reply applies");
        assert!(matches!(
            state.take_back(),
            Err(GameError::NothingToTakeBack)
        ));
    }

    #[test]
    fn can_take_back_says_exactly_when_a_takeback_is_accepted() {
        let mut state = new_game(Color::Black);
        assert!(!state.can_take_back(), "nothing played yet");
        let turn = state.begin_engine_turn(false).expect("engine opens");
        assert!(state.can_take_back(), "a search in flight can be cancelled");
        let m = uci(&state, "e2e4");
        state.apply_engine_reply(turn.version, m).expect("applies");
        assert!(!state.can_take_back(), "only the engine has moved");
        state.play_player_move(&mv("e5"), None).expect("legal");
        assert!(state.can_take_back(), "the player's move is on the board");
        state.resign().expect("ongoing");
        assert!(!state.can_take_back(), "the game is over");
    }

    #[test]
    fn an_engine_failure_leaves_the_game_as_before_the_request() {
        let mut state = new_game(Color::White);
        exchange(&mut state, "e2e4", "e7e5");
        let before = state.game().position().to_fen();
        state.play_player_move(&mv("Nf3"), None).expect("legal");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        state.abandon_engine_turn(turn.version);
        assert_eq!(state.game().position().to_fen(), before);
        assert_eq!(state.game().ply(), 2);
        state
            .play_player_move(&mv("Nf3"), None)
            .expect("the player can move again");
    }

    #[test]
    fn resigning_ends_the_game_for_the_engine() {
        let mut state = new_game(Color::White);
        exchange(&mut state, "e2e4", "e7e5");
        exchange(&mut state, "g1f3", "b8c6");
        state.resign().expect("ongoing");
        assert_eq!(
            state.game().outcome(),
            Some(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Resignation
            })
        );
        assert!(matches!(state.resign(), Err(GameError::GameOver)));
        assert!(matches!(
            state.play_player_move(&mv("e4"), None),
            Err(GameError::GameOver)
        ));
        assert!(matches!(state.take_back(), Err(GameError::GameOver)));
    }

    #[test]
    fn a_game_can_be_aborted_until_each_side_made_two_moves() {
        let mut state = new_game(Color::Black);
        let turn = state.begin_engine_turn(false).expect("engine opens");
        let m = uci(&state, "e2e4");
        state.apply_engine_reply(turn.version, m).expect("applies");
        assert!(state.can_abort(), "only the engine has moved");
        let mut aborted = state.clone();
        aborted.abort().expect("before the player's first move");
        assert!(aborted.is_finished() && aborted.is_aborted());
        assert_eq!(aborted.game().outcome(), None, "no result");
        assert!(matches!(aborted.abort(), Err(GameError::GameOver)));
        assert!(matches!(
            aborted.play_player_move(&mv("e5"), None),
            Err(GameError::GameOver)
        ));

        state.play_player_move(&mv("e5"), None).expect("legal");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        let m = uci(&state, "g1f3");
        state.apply_engine_reply(turn.version, m).expect("applies");
        assert!(state.can_abort(), "black has made one move");
        assert!(matches!(
            state.check_draw_offer(),
            Err(GameError::DrawTooEarly)
        ));
        let mut resigned = state.clone();
        resigned.resign().expect("ongoing: resigning here aborts");
        assert!(resigned.is_aborted() && resigned.game().outcome().is_none());
        state.play_player_move(&mv("Nc6"), None).expect("legal");
        assert!(!state.can_abort());
        assert!(matches!(state.abort(), Err(GameError::AbortTooLate)));
        let turn = state.begin_engine_turn(true).expect("engine to move");
        let m = uci(&state, "f1c4");
        state.apply_engine_reply(turn.version, m).expect("applies");
        state.check_draw_offer().expect("two moves each");
    }

    #[test]
    fn imported_moves_count_as_the_game_s_own() {
        let game = alphachess_testkit::game_after(&["e2e4", "e7e5"]);
        let mut state = GameState::new(game, Color::White, Level::MAX);
        assert!(state.can_abort(), "one move each");
        exchange(&mut state, "g1f3", "b8c6");
        assert!(!state.can_abort(), "two moves each, one of them imported");
        state.take_back().expect("the player's move");
        assert!(
            state.can_abort(),
            "the moves taken back are no longer played"
        );
        let imported = alphachess_testkit::game_after(&["e2e4", "e7e5", "g1f3", "b8c6"]);
        let state = GameState::new(imported, Color::White, Level::MAX);
        assert!(!state.can_abort(), "a PGN with two moves each is resigned");
    }

    #[test]
    fn a_draw_can_be_claimed_only_under_the_claim_rule_on_the_players_turn() {
        use alphachess_engine::{DrawReason, DrawRule};
        let mut game = Game::default().with_draw_rule(DrawRule::ByClaim);
        game.play_uci_moves("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split(' '))
            .expect("legal");
        let mut state = GameState::new(game.clone(), Color::White, Level::MAX);
        assert!(state.can_claim_draw());
        state.claim_draw().expect("threefold repetition");
        assert_eq!(
            state.game().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition
            })
        );
        let mut engines_turn = GameState::new(game, Color::Black, Level::MAX);
        assert!(!engines_turn.can_claim_draw());
        assert!(matches!(
            engines_turn.claim_draw(),
            Err(GameError::NotYourTurn)
        ));
        let mut live = new_game(Color::White);
        assert!(matches!(live.claim_draw(), Err(GameError::NoDrawToClaim)));
    }

    #[test]
    fn an_imported_claim_lasts_until_a_move_is_played_here_and_returns_on_a_takeback() {
        use alphachess_engine::DrawReason;
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
        let imported = crate::games::model::setup::parse_pgn(shuffle).expect("imports");
        let mut state = GameState::new(imported, Color::White, Level::MAX);
        assert!(state.can_claim_draw());
        // Playing on: 1. Nf3's position arises a third time.
        state.play_player_move(&mv("Nf3"), None).expect("legal");
        assert_eq!(
            state.game().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition
            }),
            "live play ends a repetition by itself"
        );
        let mut state = GameState::new(
            crate::games::model::setup::parse_pgn(shuffle).expect("imports"),
            Color::White,
            Level::MAX,
        );
        exchange(&mut state, "e2e4", "e7e5");
        assert!(!state.can_claim_draw());
        state.take_back().expect("a move to take back");
        assert_eq!(state.game().ply(), 8);
        assert!(state.can_claim_draw(), "back at the import's last position");
        state.claim_draw().expect("claimable");
        assert_eq!(
            state.game().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition
            })
        );
    }

    #[test]
    fn an_accepted_draw_offer_is_stale_once_the_game_moved_on() {
        let mut state = new_game(Color::White);
        exchange(&mut state, "e2e4", "e7e5");
        exchange(&mut state, "g1f3", "b8c6");
        let offered_at = state.version();
        exchange(&mut state, "f1c4", "f8c5");
        assert!(matches!(
            state.agree_draw(offered_at),
            Err(GameError::Superseded)
        ));
        state.agree_draw(state.version()).expect("current");
        assert_eq!(state.game().result(), alphachess_engine::GameResult::Draw);
    }

    mod clocks {
        use super::*;
        use crate::games::model::clock::TimeControl;
        use alphachess_engine::{ByColor, DrawReason, Position};
        use std::time::Duration;
        use tokio::time::advance;

        const SEC: Duration = Duration::from_secs(1);

        fn timed(player: Color, limit: i64, increment: i64) -> GameState {
            let control = TimeControl::from_secs(limit, increment).expect("in range");
            new_game(player).with_clock(Some(control))
        }

        fn remaining(state: &GameState) -> ByColor<Duration> {
            state.clock().expect("timed").remaining(Instant::now())
        }

        /// The player's move, `thinking` of the engine, then its reply.
        async fn exchange_after(
            state: &mut GameState,
            player: &str,
            thinking: Duration,
            reply: &str,
        ) {
            state.play_player_move(&mv(player), None).expect("legal");
            let turn = state.begin_engine_turn(true).expect("engine to move");
            advance(thinking).await;
            let m = uci(state, reply);
            state.apply_engine_reply(turn.version, m).expect("applies");
        }

        #[tokio::test(start_paused = true)]
        async fn no_clock_runs_before_the_players_first_move_then_each_move_is_charged() {
            let mut state = timed(Color::White, 180, 2);
            advance(30 * SEC).await;
            assert_eq!(state.clock().and_then(GameClock::running), None);
            assert_eq!(remaining(&state), ByColor::new(180 * SEC, 180 * SEC));
            exchange_after(&mut state, "e4", 4 * SEC, "e7e5").await;
            assert_eq!(remaining(&state), ByColor::new(180 * SEC, 178 * SEC));
            assert_eq!(
                state.clock().and_then(GameClock::running),
                Some(Color::White)
            );
            advance(10 * SEC).await;
            assert_eq!(remaining(&state).white, 170 * SEC);
            exchange_after(&mut state, "Nf3", SEC, "b8c6").await;
            assert_eq!(remaining(&state), ByColor::new(172 * SEC, 179 * SEC));
            state.resign().expect("ongoing");
            advance(60 * SEC).await;
            assert_eq!(
                remaining(&state),
                ByColor::new(172 * SEC, 179 * SEC),
                "stopped"
            );
        }

        #[tokio::test(start_paused = true)]
        async fn a_takeback_restores_both_clocks_and_runs_the_players_again() {
            let mut state = timed(Color::White, 60, 0);
            exchange_after(&mut state, "e4", 3 * SEC, "e7e5").await;
            let before = remaining(&state);
            advance(20 * SEC).await;
            exchange_after(&mut state, "Nf3", 5 * SEC, "b8c6").await;
            state.take_back().expect("a move to take back");
            assert_eq!(remaining(&state), before);
            advance(SEC).await;
            assert_eq!(
                remaining(&state).white,
                before.white - SEC,
                "the player's clock runs"
            );
        }

        #[tokio::test(start_paused = true)]
        async fn a_player_out_of_time_loses_and_cannot_move() {
            let mut state = timed(Color::White, 10, 0);
            exchange_after(&mut state, "e4", SEC, "e7e5").await;
            exchange_after(&mut state, "Nf3", Duration::ZERO, "b8c6").await;
            assert_eq!(state.flag_deadline(), Some(Instant::now() + 10 * SEC));
            advance(9 * SEC).await;
            assert!(!state.flag_due(Instant::now()));
            assert!(!state.flag_if_due(Instant::now()));
            advance(SEC).await;
            assert!(state.flag_due(Instant::now()), "what flag_if_due settles");
            assert!(matches!(
                state.play_player_move(&mv("Nf3"), None),
                Err(GameError::GameOver)
            ));
            assert!(state.flag_if_due(Instant::now()));
            assert!(!state.flag_due(Instant::now()), "settled: the game is over");
            assert_eq!(
                state.game().outcome(),
                Some(Outcome::Decisive {
                    winner: Color::Black,
                    reason: WinReason::Timeout
                })
            );
            assert_eq!(remaining(&state).white, Duration::ZERO);
            assert_eq!(state.flag_deadline(), None);
        }

        #[tokio::test(start_paused = true)]
        async fn an_engine_reply_after_its_flag_is_not_played_and_the_player_wins() {
            let mut state = timed(Color::White, 5, 0);
            exchange_after(&mut state, "e4", Duration::ZERO, "e7e5").await;
            exchange_after(&mut state, "Nf3", Duration::ZERO, "b8c6").await;
            state.play_player_move(&mv("Bc4"), None).expect("legal");
            let turn = state.begin_engine_turn(true).expect("engine to move");
            advance(6 * SEC).await;
            let m = uci(&state, "f8c5");
            state
                .apply_engine_reply(turn.version, m)
                .expect("the flag applies");
            assert_eq!(state.game().ply(), 5, "the late reply is not played");
            assert_eq!(
                state.game().outcome().and_then(Outcome::winner),
                Some(Color::White)
            );
            assert!(!state.is_engine_thinking());
        }

        #[tokio::test(start_paused = true)]
        async fn a_flag_before_each_side_moved_twice_aborts_the_game() {
            let mut state = timed(Color::White, 10, 0);
            exchange_after(&mut state, "e4", SEC, "e7e5").await;
            advance(10 * SEC).await;
            assert!(state.flag_if_due(Instant::now()));
            assert!(state.is_aborted());
            assert_eq!(state.game().outcome(), None, "no result");
            assert_eq!(state.flag_deadline(), None);
        }

        #[tokio::test(start_paused = true)]
        async fn a_flag_against_a_lone_king_is_a_draw() {
            let start = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("valid");
            let control = TimeControl::from_secs(5, 0).expect("in range");
            let mut state = GameState::new(Game::new(start), Color::White, Level::MAX)
                .with_clock(Some(control));
            exchange_after(&mut state, "Qd2", SEC, "e8f7").await;
            exchange_after(&mut state, "Qd3", Duration::ZERO, "f7f8").await;
            advance(5 * SEC).await;
            assert!(state.flag_if_due(Instant::now()));
            assert_eq!(
                state.game().outcome(),
                Some(Outcome::Draw {
                    reason: DrawReason::TimeoutVsInsufficientMaterial
                })
            );
        }
    }
}
