//! What the handlers call: each use case as one method over the live games and the engines.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use alphachess_engine::{DrawReason, Move, Outcome, SanPlus, WinReason};
use tokio::sync::broadcast::error::RecvError;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::analysis::Analysis;
use crate::client_key::ClientKey;
use crate::games::live::analyses::{Analyses, AnalysisError, AnalysisSettings};
use crate::games::live::flag::watch_clock;
use crate::games::live::owners::{Owners, MAX_OWNED};
use crate::games::live::progress::thinking_sink;
use crate::games::live::registry::{GameSlot, Games, ServedView};
use crate::games::model::draw::{self, DrawError, Verdict, DRAW_OFFER_NODES};
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::export::to_pgn;
use crate::games::model::id::GameId;
use crate::games::model::level::{seed_of, Level};
use crate::games::model::notation::PlayerMove;
use crate::games::model::setup::NewGame;
use crate::games::model::state::{EngineTurn, GameState};
use crate::games::store::record::StoredGame;
use crate::games::store::Change;
use crate::games::view::game_view::{GameView, Status};
use crate::games::view::hint::Hint;
use crate::games::view::summary::{GameSummaries, GameSummary};
use crate::token::{GameToken, TokenHash};
use crate::uci::{AnalysisRequest, EngineError, EnginePool, SearchClock, SearchRequest};

/// A game just created: its secret (shown once) and its view.
#[derive(Debug)]
pub struct Created {
    pub token: GameToken,
    pub game: Arc<GameView>,
}

/// How long `/api/ready` waits for the store to answer before it says not ready.
pub const STORE_READY_WITHIN: Duration = Duration::from_secs(3);

/// The games and the engines that play them.
pub struct GameService {
    games: Games,
    engines: EnginePool,
    /// Depth of full-strength searches (level 8, hints).
    max_depth: u32,
    /// Cancelled when the server starts to stop: live streams end at once, rather than holding
    /// the graceful shutdown open until its timeout.
    stopping: CancellationToken,
    /// The finished games' analyses.
    analyses: Arc<Analyses>,
    /// The games each key owns: news for its live streams (see `owners.rs`).
    owners: Owners,
}

impl GameService {
    pub fn new(
        games: Games,
        engines: EnginePool,
        max_depth: u32,
        analysis: AnalysisSettings,
    ) -> GameService {
        let stopping = CancellationToken::new();
        let analyses = Arc::new(Analyses::new(
            engines.clone(),
            games.store(),
            analysis,
            stopping.clone(),
        ));
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
        }
    }

    /// Cancelled when the server stops (see [`crate::Application::stopper`]).
    pub fn stopping(&self) -> &CancellationToken {
        &self.stopping
    }

    /// Waits until every change queued so far is on disk: the last step of a shutdown, after
    /// the requests in progress have finished.
    pub async fn flush(&self) {
        if let Err(error) = self.games.flush().await {
            tracing::error!(%error, "the last game changes could not be saved");
        }
        self.games.store().close();
    }

    /// The live games.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// Whether other servers share the store (then this one takes over their engine turns and
    /// follows their changes).
    pub fn is_shared(&self) -> bool {
        self.games.store().is_shared()
    }

    /// Forgets the games nobody changed for `idle`, in memory and in the store; how many of each.
    pub async fn expire_idle(&self, idle: Duration) -> (usize, Result<u64, StoreError>) {
        let forgotten = self.games.expire_idle();
        (forgotten, self.games.store().expire_idle(idle).await)
    }

    /// The engine pool (its status is for logs and tests).
    pub fn engines(&self) -> &EnginePool {
        &self.engines
    }

    /// Whether the store answers within `STORE_READY_WITHIN` (a stalled database or a
    /// writer stuck on the disk makes the server not ready).
    pub async fn store_ready(&self) -> bool {
        let store = self.games.store();
        match tokio::time::timeout(STORE_READY_WITHIN, store.ping()).await {
            Ok(Ok(())) => true,
            Ok(Err(error)) => {
                tracing::warn!(%error, "the game store does not answer: not ready");
                false
            }
            Err(_) => {
                tracing::warn!(
                    "the game store did not answer within {STORE_READY_WITHIN:?}: not ready"
                );
                false
            }
        }
    }

    /// Whether an engine answers `isready` (or, all being busy, is healthy).
    pub async fn engines_ready(&self) -> bool {
        self.engines.ping().await
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

    /// The games the key owns (it is their token): those in memory, and with a shared store the
    /// ones other servers hold (read into memory here), at most `MAX_OWNED`.
    pub async fn owned(&self, key: &str) -> Result<Vec<Arc<GameSlot>>, GameError> {
        let mut owned: Vec<Arc<GameSlot>> = self
            .games
            .all()
            .into_iter()
            .filter(|slot| self.games.authorized(slot.id(), key).is_ok())
            .take(MAX_OWNED)
            .collect();
        let stored = self
            .games
            .store()
            .owned_games(&TokenHash::of(key), MAX_OWNED)
            .await?;
        for id in stored {
            if owned.len() >= MAX_OWNED || owned.iter().any(|slot| slot.id() == &id) {
                continue;
            }
            // Gone meanwhile (expired, forgotten): not listed.
            if let Ok(slot) = self.games.find_authorized(&id, key).await {
                owned.push(slot);
            }
        }
        Ok(owned)
    }

    /// What the service knows of keys beyond the stores (news of their new games).
    pub fn owners(&self) -> &Owners {
        &self.owners
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
        let imported_finished = new.game.outcome().is_some();
        let state = GameState::new(new.game, player, new.level)
            .with_clock(new.clock)
            .with_players(new.players);
        let slot = self.games.insert(state, token)?;
        self.analyses.set_owner(&slot, client);
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
                self.analyse_if_ended(&slot, imported_finished, &game);
                slot.durable().await?;
                Ok((slot.id().clone(), game))
            }
            Err(error) => {
                self.games.forget(slot.id()).await?;
                Err(error)
            }
        }
    }

    /// The current view of a game, serialized (no token needed).
    pub async fn view(&self, id: &GameId) -> Result<ServedView, GameError> {
        Ok(self.games.find(id).await?.serialized())
    }

    /// The summaries of the games among `ids`, in that order (no token needed; unknown ids
    /// are left out, so a list cannot tell a forgotten game from a mistyped one).
    pub async fn summaries(&self, ids: &[GameId]) -> GameSummaries {
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            if let Ok(slot) = self.games.find(id).await {
                games.push(slot.read(|state| GameSummary::new(slot.id(), state)));
            }
        }
        GameSummaries { games }
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
        self.analyse_if_ended(&slot, false, &view);
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
                self.analyse_if_ended(&slot, false, &view);
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
        self.settle_clock(&slot)?;
        // The move and the start of the reply's turn in one change: nothing (such as the restart's
        // pass over the engine's turns) can start that turn in between and leave this request
        // with no reply to wait for.
        let begun = slot.update(|state| {
            state.play_player_move(m, expected_ply)?;
            Ok(state.begin_engine_turn(true))
        })?;
        match self.search_engine_turn(&slot, begun, client, held).await {
            Ok(turn) => Ok((slot, turn)),
            Err(error) => {
                slot.durable().await?;
                Err(error)
            }
        }
    }

    /// Takes back the player's last move and the reply (cancelling a search in progress).
    pub async fn take_back(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::take_back).await
    }

    /// The player resigns.
    pub async fn resign(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::resign).await
    }

    /// The player aborts the game before their first move: it ends with no result.
    pub async fn abort(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::abort).await
    }

    /// The player claims a threefold repetition or the fifty-move rule (a game under the claim
    /// rule only).
    pub async fn claim_draw(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::claim_draw).await
    }

    /// The player offers Stockfish a draw, on their turn; see `draw.rs` for how it decides. A
    /// move or takeback while it thinks it over makes the offer stale.
    pub async fn offer_draw(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, DrawError> {
        let slot = self.games.find_authorized(id, token).await?;
        self.settle_clock(&slot)?;
        let (version, game, engine) = slot.read(|state| {
            state.check_players_turn()?;
            Ok::<_, GameError>((state.version(), state.game().clone(), !state.player()))
        })?;
        let verdict = match draw::before_search(game.position()) {
            Verdict::Search => {
                let request = AnalysisRequest::new(slot.id().shared(), &game, DRAW_OFFER_NODES)
                    .map_err(|_| GameError::GameOver)?;
                let analysis = self.engines.analyse(request).await?;
                draw::after_search(analysis.score, engine)
            }
            verdict => verdict,
        };
        if let Verdict::Decline(decline) = verdict {
            return Err(decline.into());
        }
        let view = slot.update(|state| state.agree_draw(version))?.1;
        self.analyse_if_ended(&slot, false, &view);
        slot.durable().await?;
        Ok(view)
    }

    /// A change by the player that needs no engine: applied, then durable before it is answered;
    /// a change the store failed to keep is taken back in memory too (the game stays as the
    /// store has it), and only a kept one that ended the game starts its analysis.
    async fn change(
        &self,
        id: &GameId,
        token: &str,
        change: fn(&mut GameState) -> Result<(), GameError>,
    ) -> Result<Arc<GameView>, GameError> {
        let slot = self.games.find_authorized(id, token).await?;
        self.settle_clock(&slot)?;
        let before = slot.read(GameState::clone);
        let (changed, view) = slot.update(|state| {
            change(state)?;
            Ok(state.version())
        })?;
        match slot.durable().await {
            Ok(()) => {}
            // The slot took the winner's version already.
            Err(error @ GameError::Superseded) => return Err(error),
            Err(error) => {
                if slot.roll_back(before, changed) {
                    tracing::warn!(%error, game = %slot.id(), "a change could not be saved; taken back in memory too");
                }
                return Err(error);
            }
        }
        self.analyse_if_ended(&slot, false, &view);
        Ok(view)
    }

    /// Ends the game on time first if its running clock has run out, so no action of the player
    /// comes after their flag (the timer task may not have woken yet).
    fn settle_clock(&self, slot: &Arc<GameSlot>) -> Result<(), GameError> {
        let (flagged, _) = slot.update(|state| Ok(state.flag_if_due(Instant::now())))?;
        if flagged {
            self.analyses.start_after_end(slot);
        }
        Ok(())
    }

    /// A change that ended a live game (mate, draw, resignation, the engine's mating reply)
    /// starts its analysis. `was_finished`: the game was already over before (an imported one).
    fn analyse_if_ended(&self, slot: &Arc<GameSlot>, was_finished: bool, view: &GameView) {
        if !was_finished && view.status == Status::Finished {
            self.analyses.start_after_end(slot);
        }
    }

    /// The player asks for the analysis of a finished game: it starts, or the one there is is
    /// answered (a failed one starts again where it stopped).
    pub async fn request_analysis(
        &self,
        id: &GameId,
        token: &str,
    ) -> Result<Analysis, AnalysisError> {
        // Stored analyses are resumed once every game is read back: never start one twice.
        self.games.wait_loaded().await;
        let slot = self.games.find_authorized(id, token).await?;
        self.analyses.request(&slot)
    }

    /// A game's analysis as it stands (no token needed, like the game).
    pub async fn analysis(&self, id: &GameId) -> Result<Analysis, AnalysisError> {
        // Stored analyses are resumed once every game is read back.
        self.games.wait_loaded().await;
        let slot = self.games.find(id).await?;
        match self.analyses.get(&slot) {
            Err(AnalysisError::NotRequested) => self.stored_analysis(&slot).await,
            known => known,
        }
    }

    /// The analysis another server ran (or runs) of a game, as stored so far; none alone.
    async fn stored_analysis(&self, slot: &GameSlot) -> Result<Analysis, AnalysisError> {
        let record = self
            .games
            .store()
            .load_analysis(slot.id())
            .await?
            .ok_or(AnalysisError::NotRequested)?;
        let game = slot.read(|state| state.game().clone());
        let stored = record
            .rebuild(&game)
            .map_err(|error| StoreError::backend("reading an analysis", error))?;
        Ok(Analyses::shown(stored))
    }

    /// Puts back a game read from the store at startup (see [`Games::restore`]); a timed game's
    /// clock runs again from now.
    pub fn restore(&self, stored: StoredGame) {
        if let Some(slot) = self.games.restore(stored) {
            if slot.read(|state| state.clock().is_some() && !state.is_finished()) {
                watch_clock(&slot, &self.analyses);
            }
        }
    }

    /// After a restart: the stored analyses are back, and the unfinished ones run again from
    /// where they stopped.
    pub fn resume_analyses(&self) {
        self.analyses.resume(&self.games);
    }

    /// After a restart: in every game where the engine was to move when the server stopped, the
    /// engine moves now, one game at a time so live requests keep their share of the engines. A
    /// failure takes the player's last move back, as it would have during the request.
    pub async fn resume_engine_turns(&self) {
        for slot in self.games.all() {
            self.resume_engine_turn(&slot).await;
        }
    }

    /// The engine moves in `slot` if it is its move (the server that was searching it is gone).
    async fn resume_engine_turn(&self, slot: &Arc<GameSlot>) {
        let (undo_on_failure, was_finished, engine_to_move) = slot.read(|state| {
            let engine_to_move = !state.is_finished()
                && !state.is_engine_thinking()
                && state.game().position().turn() != state.player();
            (state.game().ply() > 0, state.is_finished(), engine_to_move)
        });
        // Most games wait for their player: nothing to do (not even a view to build).
        if !engine_to_move {
            return;
        }
        match self.engine_turn(slot, undo_on_failure, None, ()).await {
            Ok(view) => self.analyse_if_ended(slot, was_finished, &view),
            Err(error) => {
                tracing::warn!(%error, game = %slot.id(), "resuming the engine's turn failed");
            }
        }
        if let Err(error) = slot.durable().await {
            tracing::error!(%error, game = %slot.id(), "a resumed game could not be saved");
        }
    }

    /// With a shared store: the engine moves in the games whose searching server stopped
    /// renewing its lease (it died or lost the database), up to `limit` of them, one at a time;
    /// how many it took over. The store's version check makes the reply exactly once even if
    /// that server was only slow.
    pub async fn take_over_engine_turns(&self, limit: usize) -> usize {
        let claimed = match self.games.store().claim_expired_leases(limit).await {
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
    pub async fn follow_changes(service: std::sync::Weak<GameService>) {
        let Some(mut changes) = service.upgrade().and_then(|s| s.games.store().changes()) else {
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

    /// The game as PGN; a quarantined game's as far as its stored row replays.
    pub async fn pgn(&self, id: &GameId) -> Result<String, GameError> {
        self.games.wait_for(id).await;
        if let Some(quarantined) = self.games.quarantined_game(id) {
            return Ok(quarantined.to_pgn());
        }
        let slot = self.games.find(id).await?;
        let plies = self.analyses.plies(&slot);
        Ok(slot.read(|state| to_pgn(state, SystemTime::now(), &plies)))
    }

    /// Stockfish's suggestion for the player, at full strength; one search per game at a time
    /// (see `hint_lock.rs`), stopped if the player moves meanwhile. It runs within the hints'
    /// budget in `client`'s share and yields to replies (see `uci/lanes.rs`).
    pub async fn hint(
        &self,
        id: &GameId,
        token: &str,
        client: Option<ClientKey>,
    ) -> Result<Hint, GameError> {
        let slot = self.games.find_authorized(id, token).await?;
        self.settle_clock(&slot)?;
        let ((request, version), running) = slot.begin_hint(|state| {
            state.check_hint_allowed()?;
            let full = Level::MAX;
            let depth = full.depth(self.max_depth);
            let request = SearchRequest::new(slot.id().shared(), state.game(), depth, full.skill())
                .for_client(client)
                .as_hint();
            Ok::<_, GameError>((request, state.version()))
        })?;
        let position = request.current.clone();
        let m = tokio::select! {
            m = self.engines.search(request) => m?,
            () = running.cancelled() => return Err(GameError::Superseded),
        };
        if slot.read(GameState::version) != version {
            return Err(GameError::Superseded);
        }
        Ok(Hint {
            uci: m.to_string(),
            san: SanPlus::from_move(&position, m).to_string(),
        })
    }

    /// If the engine is to move, asks it and applies its reply; a failure takes the player's move
    /// back (when `undo_on_failure`), a takeback or resignation meanwhile discards the reply.
    ///
    /// The search runs on a task of its own: a client that goes away mid-search (a reload, a
    /// closed tab) does not take the player's move back; the reply is applied and streamed as if
    /// the request had waited for it, as it is after a restart. `held` lives as long as the
    /// search (see [`GameService::play`]).
    async fn engine_turn(
        &self,
        slot: &Arc<GameSlot>,
        undo_on_failure: bool,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<Arc<GameView>, GameError> {
        self.start_engine_turn(slot, undo_on_failure, client, held)
            .await?
            .finished()
            .await
    }

    /// [`GameService::engine_turn`] up to the search: the reply's task is started (and the
    /// player's move durable), not awaited. `held` moves into the reply's task and is dropped
    /// when the search and its reply are done, whoever still waits for them.
    async fn start_engine_turn(
        &self,
        slot: &Arc<GameSlot>,
        undo_on_failure: bool,
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<EngineTurnStarted, GameError> {
        let begun = slot.update(|state| Ok(state.begin_engine_turn(undo_on_failure)))?;
        self.search_engine_turn(slot, begun, client, held).await
    }

    /// Starts the search of a turn `begin_engine_turn` began (`None`: the engine has nothing to
    /// do), with `view` the game as that change left it.
    async fn search_engine_turn(
        &self,
        slot: &Arc<GameSlot>,
        (turn, view): (Option<EngineTurn>, Arc<GameView>),
        client: Option<ClientKey>,
        held: impl Send + 'static,
    ) -> Result<EngineTurnStarted, GameError> {
        let Some(turn) = turn else {
            return Ok(EngineTurnStarted::Done(view));
        };
        // One search per game: a hint for the position just left stops.
        slot.cancel_hint();
        let request = slot.read(|state| {
            let level = state.level();
            let depth = level.depth(self.max_depth);
            let game = state.game();
            let progress = thinking_sink(
                slot.events().clone(),
                game.position().clone(),
                game.ply(),
                depth,
            );
            let request = SearchRequest::new(slot.id().shared(), game, depth, level.skill())
                .with_progress(progress)
                .for_client(client);
            match state.clock().filter(|clock| clock.running().is_some()) {
                Some(clock) => {
                    let now = Instant::now();
                    request.with_clock(SearchClock {
                        times: clock.remaining(now),
                        increment: clock.control().increment(),
                        as_of: now,
                    })
                }
                None => request,
            }
        });
        // The move is durable before the search: with a shared store this settles the race with
        // other servers (and takes the lease on the reply) before any engine time is spent. A
        // takeback meanwhile cancels the turn, as it would during the search.
        if let Err(error) = slot.durable().await {
            abandon(slot, turn.version);
            return Err(error);
        }
        let reply = engine_reply(
            self.engines.clone(),
            Arc::clone(slot),
            Arc::clone(&self.analyses),
            turn,
            request,
            self.stopping.clone(),
        );
        Ok(EngineTurnStarted::Searching {
            view,
            reply: tokio::spawn(async move {
                let _held = held;
                reply.await
            }),
        })
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

/// An engine turn once its search has started (or was not needed).
enum EngineTurnStarted {
    /// Not the engine's move (or the game is over): the view as it is.
    Done(Arc<GameView>),
    /// The search runs on its own task; `view` is the game as the engine starts thinking.
    Searching {
        view: Arc<GameView>,
        reply: JoinHandle<Result<Arc<GameView>, GameError>>,
    },
}

impl EngineTurnStarted {
    /// The view once the engine has replied (or the failure, the move already taken back).
    async fn finished(self) -> Result<Arc<GameView>, GameError> {
        match self {
            EngineTurnStarted::Done(view) => Ok(view),
            EngineTurnStarted::Searching { reply, .. } => joined(reply).await,
        }
    }
}

/// The reply task's outcome. Only a runtime shutting down cancels the task (its guard then
/// abandons the turn).
async fn joined(
    reply: JoinHandle<Result<Arc<GameView>, GameError>>,
) -> Result<Arc<GameView>, GameError> {
    reply
        .await
        .unwrap_or(Err(GameError::Engine(EngineError::Stopped)))
}

/// Waits for a reply nobody waits for: makes its outcome durable, then publishes an engine
/// failure (the move is already taken back and the new view published). A takeback or a
/// resignation meanwhile has nothing to add: its own request answered it.
async fn settle_reply(slot: Arc<GameSlot>, reply: JoinHandle<Result<Arc<GameView>, GameError>>) {
    let result = joined(reply).await;
    if let Err(error) = slot.durable().await {
        tracing::error!(%error, game = %slot.id(), "the engine's reply could not be saved");
    }
    match result {
        Ok(_) => {}
        Err(GameError::Engine(error)) => {
            tracing::warn!(%error, game = %slot.id(), "the engine's reply failed; the move is taken back");
            slot.events().publish_engine_failure(error);
        }
        Err(error) => {
            tracing::debug!(%error, game = %slot.id(), "the engine's reply was not applied");
        }
    }
}

/// Searches the engine's reply for `turn` and applies it; a reply that ends the game starts its
/// analysis. A takeback or resignation meanwhile cancels the search; a failed search takes the
/// turn back, unless the server is `stopping`: then the player's move, already durable, stays,
/// and the engine replies after the restart, as after a crash (a reply answered with
/// `respond-async` has no request to drain, and must not lose the move it acknowledged).
async fn engine_reply(
    engines: EnginePool,
    slot: Arc<GameSlot>,
    analyses: Arc<Analyses>,
    turn: EngineTurn,
    request: SearchRequest,
    stopping: CancellationToken,
) -> Result<Arc<GameView>, GameError> {
    let EngineTurn { version, cancel } = turn;
    // If this task is dropped mid-search (the runtime stops), the game must not stay waiting for
    // a reply nobody will apply.
    let mut guard = AbandonOnDrop {
        slot: &slot,
        version,
        armed: true,
        stopping: &stopping,
    };
    let result = tokio::select! {
        result = engines.search(request) => result,
        // Never ends: renews the lease (with a shared store) while the search runs.
        never = slot.hold_lease(version) => match never {},
        () = cancel.cancelled() => {
            guard.armed = false;
            // A takeback, a resignation or a flag won. The engine's flag ends the game the
            // player's move led to: that is the answer to the move.
            return slot.read(|state| match state.game().outcome() {
                Some(outcome) if ended_on_time(outcome) => Ok(()),
                _ if state.is_finished() => Err(GameError::GameOver),
                _ => Err(GameError::Superseded),
            }).map(|()| slot.view());
        }
    };
    guard.armed = false;
    match result {
        Ok(m) => {
            let m = slot.read(|state| random_instead(state, slot.id(), m));
            let view = slot.update(|state| state.apply_engine_reply(version, m))?.1;
            if view.status == Status::Finished {
                analyses.start_after_end(&slot);
            }
            Ok(view)
        }
        Err(error) => {
            if !stopping.is_cancelled() {
                abandon(&slot, version);
            }
            Err(error.into())
        }
    }
}

/// The engine's move `engine`, or in its place the random legal move this ply of the game draws
/// at a step that plays some (the weakest steps, see `level.rs`; seeded by the game and the ply,
/// so the ladder harness measured the same rule).
fn random_instead(state: &GameState, id: &GameId, engine: Move) -> Move {
    let legal = state.game().position().legal_moves();
    state
        .level()
        .random_move(seed_of(id.as_str()), state.game().ply(), legal.len())
        .map_or(engine, |i| legal[i])
}

/// Whether a game ended because a clock ran out.
fn ended_on_time(outcome: Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Decisive {
            reason: WinReason::Timeout,
            ..
        } | Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial
        }
    )
}

/// Takes a pending engine turn back when dropped while armed, unless the server is stopping.
struct AbandonOnDrop<'a> {
    slot: &'a GameSlot,
    version: u64,
    armed: bool,
    stopping: &'a CancellationToken,
}

impl Drop for AbandonOnDrop<'_> {
    fn drop(&mut self) {
        if self.armed && !self.stopping.is_cancelled() {
            abandon(self.slot, self.version);
        }
    }
}

/// Forgets the engine turn for `version` (a no-op if the game moved on), leaving the game as it
/// was before the player's move.
fn abandon(slot: &GameSlot, version: u64) {
    // Abandoning itself cannot fail; a store error is logged by the caller's response path.
    let _ = slot.update(|state| {
        state.abandon_engine_turn(version);
        Ok(())
    });
}
