//! Playing a game: creating it (the engine's first move included, when it has it) and the
//! player's moves, each answered with the engine's reply or as soon as it is durable. The other
//! requests of a game being played are `actions.rs` (takeback, resign, abort, draws, hint) and
//! `reading.rs` (its view, stream, PGN; a key's games); the engine's turn is `engine_turn.rs`.

use std::sync::Arc;

use alphachess_maia::Networks;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::change::apply;
use super::clock_watch::watch_clock;
use super::engine_turn::{settle_reply, EngineTurnStarted};
use crate::client_key::ClientKey;
use crate::games::live::analyses::Analyses;
use crate::games::live::owners::Owners;
use crate::games::live::registry::Games;
use crate::games::live::slot::GameSlot;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::notation::PlayerMove;
use crate::games::model::setup::NewGame;
use crate::games::model::state::GameState;
use crate::games::view::export_cache::{ExportCache, EXPORT_CACHE_BYTES};
use crate::games::view::game_view::GameView;
use crate::token::{GameToken, TokenHash};
use crate::uci::EnginePool;

/// A game just created: its secret (shown once) and its view.
#[derive(Debug)]
pub struct Created {
    pub token: GameToken,
    pub game: Arc<GameView>,
}

/// The games being played and the engines that play them: the play use cases (this file,
/// `actions.rs`, `reading.rs`, `trees.rs`) and the engine's turn (`engine_turn.rs`,
/// `maia_turn.rs`). Its fields are the service folder's: those files are its methods.
pub struct GameService {
    pub(super) games: Arc<Games>,
    pub(super) engines: EnginePool,
    /// Depth of full-strength searches (level 8, hints).
    pub(super) max_depth: u32,
    /// Cancelled when the server starts to stop: a reply that fails then keeps the player's
    /// move (see `engine_turn.rs`).
    pub(super) stopping: CancellationToken,
    /// The finished games' analyses.
    pub(super) analyses: Arc<Analyses>,
    /// The games each key owns: news for its live streams (see `owners.rs`).
    pub(super) owners: Owners,
    /// The games' PGNs and tree views, made once per change (see `export_cache.rs`).
    pub(super) exports: ExportCache,
    /// Maia's human-move networks, loaded once at start: the steps Maia plays reply with them.
    pub(super) maia: Arc<Networks>,
}

impl GameService {
    /// The play service over `games` (built with the others by [`super::Services::new`]); the
    /// restored timed games' clocks run again from now.
    pub(super) fn new(
        games: Arc<Games>,
        engines: EnginePool,
        max_depth: u32,
        stopping: CancellationToken,
        analyses: Arc<Analyses>,
        maia: Arc<Networks>,
    ) -> GameService {
        // Restored timed games: their clocks run again from now.
        for slot in games.all() {
            if slot.read(|state| state.clock().is_some() && !state.is_finished()) {
                watch_clock(&slot, &analyses);
            }
        }
        GameService {
            games,
            engines,
            max_depth,
            stopping,
            analyses,
            owners: Owners::default(),
            exports: ExportCache::new(EXPORT_CACHE_BYTES),
            maia,
        }
    }

    /// Maia's nine networks (one per rating band), loaded at start.
    pub(super) fn maia(&self) -> &Arc<Networks> {
        &self.maia
    }

    /// Creates a game; if the engine has the first move, it is already played. If that search
    /// fails, no game is created: its deletion is durable before the error is answered. `held`
    /// (the asker's place for an engine request) is kept until the engine's first move is in,
    /// even if the asker hangs up meanwhile.
    pub async fn create(
        &self,
        new: NewGame,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<Created, GameError> {
        let token = GameToken::generate()?;
        let (_, game) = self.create_with(new, token.hash(), client, held).await?;
        Ok(Created { token, game })
    }

    /// [`GameService::create`] for a key's owner: the key is the game's token (see `owners.rs`),
    /// and the key's live streams hear of the game.
    pub async fn create_owned(
        &self,
        new: NewGame,
        key: &TokenHash,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<Arc<GameView>, GameError> {
        let (id, game) = self.create_with(new, *key, client, held).await?;
        self.owners
            .prune(self.games.len(), |id| self.games.get(id).is_ok());
        self.owners.announce(key, &id);
        Ok(game)
    }

    /// Creates a game whose token hashes to `token`.
    async fn create_with(
        &self,
        new: NewGame,
        token: TokenHash,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<(GameId, Arc<GameView>), GameError> {
        let player = new.color.resolve()?;
        let state = GameState::new(new.game, player, new.level)
            .with_clock(new.clock)
            .with_players(new.players);
        // Only an unfinished game takes a place in its client's share (an import already over
        // does not).
        let counted = client.filter(|_| !state.is_finished());
        if let Some(client) = counted {
            self.games.admit_creator(client)?;
        }
        let slot = self.games.insert(state, token)?;
        if let Some(client) = counted {
            self.games.record_creator(client, &slot);
        }
        self.analyses.set_owner(&slot, client, counted.is_some());
        // Durable before the search: a shared store may refuse the game (its live-game cap).
        if let Err(error) = slot.durable().await {
            self.games.forget(slot.id()).await?;
            return Err(error);
        }
        if new.clock.is_some() {
            watch_clock(&slot, &self.analyses);
        }
        match self.engine_turn(&slot, false, client, held).await {
            Ok(game) => {
                slot.durable().await?;
                Ok((slot.id().clone(), game))
            }
            Err(error) => {
                self.games.forget(slot.id()).await?;
                Err(error)
            }
        }
    }

    /// The player's move, then the engine's reply. A failed search takes the move back, and
    /// that undo is durable before the error is answered, like any other change. `held` (the
    /// asker's place for an engine request) lives as long as the reply's search: a client that
    /// hangs up mid-search keeps its place counted until the engine has answered.
    pub async fn play(
        &self,
        id: &GameId,
        token: &str,
        m: &PlayerMove,
        expected_ply: Option<usize>,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<Arc<GameView>, GameError> {
        let (slot, turn) = self
            .play_player_move(id, token, m, expected_ply, client, held)
            .await?;
        let view = match turn.finished().await {
            Ok(view) => view,
            Err(error) => {
                slot.durable().await?;
                return Err(error);
            }
        };
        slot.durable().await?;
        Ok(view)
    }

    /// The player's move, answered as soon as it is durable: the engine's reply is searched
    /// meanwhile and reaches the client on the game's stream (and in the next view). A failed
    /// search takes the move back (durably), then publishes [`GameEvent::EngineFailed`] with what
    /// the waiting [`GameService::play`] would have answered. `held` lives as long as the search,
    /// as for [`GameService::play`].
    ///
    /// [`GameEvent::EngineFailed`]: crate::games::live::events::GameEvent::EngineFailed
    pub async fn play_without_waiting(
        &self,
        id: &GameId,
        token: &str,
        m: &PlayerMove,
        expected_ply: Option<usize>,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<Played, GameError> {
        let (slot, turn) = self
            .play_player_move(id, token, m, expected_ply, client, held)
            .await?;
        match turn {
            EngineTurnStarted::Done(view) => {
                slot.durable().await?;
                Ok(Played::Done(view))
            }
            EngineTurnStarted::Searching { view, reply } => Ok(Played::Replying {
                view,
                reply: tokio::spawn(settle_reply(slot, reply)),
            }),
        }
    }

    /// Plays the player's move and starts the engine's turn (the move is then durable). A
    /// failure before the search takes the move back, durably, and is the answer.
    async fn play_player_move(
        &self,
        id: &GameId,
        token: &str,
        m: &PlayerMove,
        expected_ply: Option<usize>,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<(Arc<GameSlot>, EngineTurnStarted), GameError> {
        let slot = self.games.find_authorized(id, token).await?;
        // The move and the start of the reply's turn in one change: nothing (such as the restart's
        // pass over the engine's turns) can start that turn in between and leave this request
        // with no reply to wait for. `search_engine_turn` awaits it durable.
        let begun = apply(&slot, &self.analyses, |state| {
            state.play_player_move(m, expected_ply)?;
            Ok(state.begin_engine_turn(true))
        })?
        .durable_later();
        match self.search_engine_turn(&slot, begun, client, held).await {
            Ok(turn) => Ok((slot, turn)),
            Err(error) => {
                slot.durable().await?;
                Err(error)
            }
        }
    }
}

/// The player's move played without waiting for the engine's reply.
#[derive(Debug)]
pub enum Played {
    /// The engine has nothing to do (the move ended the game): the view after the move.
    Done(Arc<GameView>),
    /// The engine searches its reply. `view` is the game right after the player's move (durable,
    /// the engine to move); `reply` ends once the reply is applied and durable, or has failed and
    /// the move is taken back (durably) and the failure published.
    Replying {
        view: Arc<GameView>,
        reply: JoinHandle<()>,
    },
}
