//! What the handlers call: each use case as one method over the live games and the engines.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use alphachess_engine::{Game, SanPlus};
use alphachess_maia::Networks;
use bytes::Bytes;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::analysis::Analysis;
use crate::client_key::ClientKey;
use crate::games::live::analyses::{Analyses, AnalysisError, AnalysisSettings};
use crate::games::live::owners::{Owners, MAX_OWNED};
use crate::games::live::registry::{Games, LoadProgress};
use crate::games::live::slot::{GameSlot, ServedView};
use crate::games::model::draw::{self, DrawError, Verdict, DRAW_OFFER_NODES};
use crate::games::model::error::{GameError, StoreError};
use crate::games::model::export::to_pgn;
use crate::games::model::id::GameId;
use crate::games::model::ladder::{Glicko2, KeyRating};
use crate::games::model::notation::PlayerMove;
use crate::games::model::setup::NewGame;
use crate::games::model::state::GameState;
use crate::games::opponent::Stockfish;
use crate::games::view::export_cache::{Export, ExportCache, Stamp, EXPORT_CACHE_BYTES};
use crate::games::view::game_view::GameView;
use crate::games::view::hint::Hint;
use crate::games::view::summary::{GameSummaries, GameSummary};
use crate::token::{GameToken, TokenHash};
use crate::uci::{AnalysisRequest, EnginePool, PositionAnalysis, SearchRequest};

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
    /// The games' PGNs and tree views, made once per change (see `export_cache.rs`).
    exports: ExportCache,
    /// Maia's human-move networks, loaded once at start and shared with the HTTP edge.
    maia: Arc<Networks>,
    /// The values of retry tries already searched (see `retry_search.rs`).
    tries: TryValues,
}

mod change;
mod clock_watch;
mod engine_turn;
mod maia_turn;
mod maintenance;
mod rating;
mod retry;
mod retry_search;
mod reviewed;
mod stockfish_turn;
mod stored_review;
mod trees;
mod turn_end;

pub use retry::RetryError;
use retry_search::TryValues;
pub use reviewed::ReviewedGame;

use engine_turn::{settle_reply, EngineTurnStarted};

pub use maintenance::Loaded;

use change::apply;
use clock_watch::watch_clock;

impl GameService {
    pub fn new(
        games: Games,
        engines: EnginePool,
        max_depth: u32,
        analysis: AnalysisSettings,
        maia: Arc<Networks>,
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
            exports: ExportCache::new(EXPORT_CACHE_BYTES),
            maia,
            tries: TryValues::default(),
        }
    }

    /// Maia's nine networks (one per rating band), loaded at start.
    pub fn maia(&self) -> &Arc<Networks> {
        &self.maia
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

    /// The live games, for tests and diagnostics: the edge asks the service (see
    /// `tests/architecture.rs`).
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// A game to follow on its live stream (read back from the store if it left memory).
    pub async fn watch(&self, id: &GameId) -> Result<Arc<GameSlot>, GameError> {
        self.find_with_review(id).await
    }

    /// [`GameService::watch`] for the game's player only: `token` must be the game's.
    pub async fn watch_own(&self, id: &GameId, token: &str) -> Result<Arc<GameSlot>, GameError> {
        self.games.find_authorized(id, token).await
    }

    /// The game if it is in memory (news of a game just created here).
    pub fn in_memory(&self, id: &GameId) -> Option<Arc<GameSlot>> {
        self.games.get(id).ok()
    }

    /// How far reading the stored games back has got; `None` once it is done (or was never
    /// needed).
    pub fn loading(&self) -> Option<LoadProgress> {
        self.games.loading()
    }

    /// What an earlier analysis found in `game`'s current position, if the cache still has it:
    /// the analysis board shows it at once, before its own search.
    pub async fn known_analysis(&self, game: &Game) -> Option<PositionAnalysis> {
        self.analyses.known(game).await
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
        // Alone, memory holds every game the key plays: none beyond it.
        let store = self.games.store();
        let Some(shared) = store.shared() else {
            return Ok(owned);
        };
        let stored = shared.owned_games(&TokenHash::of(key), MAX_OWNED).await?;
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

    /// The rating kept for `key` (a player's key) from its rated games; a new player's when it
    /// has none yet.
    pub async fn rating(&self, key: &str) -> Result<KeyRating, GameError> {
        let stored = self.games.store().rating(&TokenHash::of(key)).await?;
        Ok(stored.unwrap_or_else(KeyRating::new_player))
    }

    /// Starts `key` from `start` while it has counted no rated game; its rating after.
    pub async fn estimate(&self, key: &str, start: &Glicko2) -> Result<KeyRating, GameError> {
        Ok(self
            .games
            .store()
            .estimate(&TokenHash::of(key), start)
            .await?)
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

    /// The current view of a game, serialized (no token needed).
    pub async fn view(&self, id: &GameId) -> Result<ServedView, GameError> {
        Ok(self.find_with_review(id).await?.serialized())
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

    /// Takes back the player's last move and the reply (cancelling a search in progress).
    pub async fn take_back(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::take_back).await
    }

    /// The player resigns.
    pub async fn resign(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::resign).await
    }

    /// The player aborts the game while it is abortable (`abortable.rs`): it ends with no result.
    pub async fn abort(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::abort).await
    }

    /// The player claims a threefold repetition or the fifty-move rule (a game under the claim
    /// rule only).
    pub async fn claim_draw(&self, id: &GameId, token: &str) -> Result<Arc<GameView>, GameError> {
        self.change(id, token, GameState::claim_draw).await
    }

    /// The player offers Stockfish a draw, on their turn; see `draw.rs` for how it decides. A
    /// move or takeback while it thinks it over stops the search and makes the offer stale. Its
    /// search runs in `client`'s share of the analysis lane, as the game's one search of the
    /// player's (`search_lock.rs`); an offer repeated in a position Stockfish declined is
    /// declined again at once, with the same reason.
    pub async fn offer_draw(
        &self,
        id: &GameId,
        token: &str,
        client: Option<ClientKey>,
    ) -> Result<Arc<GameView>, DrawError> {
        let slot = self.games.find_authorized(id, token).await?;
        self.settle_clock(&slot)?;
        let (version, game, engine) = slot.read(|state| {
            state.check_draw_offer()?;
            Ok::<_, GameError>((state.version(), state.game().clone(), !state.player()))
        })?;
        let verdict = match draw::before_search(game.position()) {
            Verdict::Search => {
                let (request, running) = slot.begin_search(|state| {
                    state.check_draw_offer()?;
                    if state.version() != version {
                        return Err(GameError::Superseded);
                    }
                    Ok(
                        AnalysisRequest::new(slot.id().shared(), &game, DRAW_OFFER_NODES)
                            .map_err(|_| GameError::GameOver)?
                            .for_client(client),
                    )
                })?;
                // Asked with the game's search taken: an offer that searched this position
                // remembered its decline before giving the search back.
                if let Some(decline) = slot.declined_draw(version) {
                    return Err(decline.into());
                }
                let analysis = tokio::select! {
                    analysis = self.engines.analyse(request) => analysis?,
                    () = running.cancelled() => return Err(GameError::Superseded.into()),
                };
                let verdict = draw::after_search(analysis.score, engine);
                if let Verdict::Decline(decline) = &verdict {
                    // Before the search is given back (see above).
                    slot.remember_declined_draw(version, decline.clone());
                }
                drop(running);
                verdict
            }
            verdict => verdict,
        };
        if let Verdict::Decline(decline) = verdict {
            return Err(decline.into());
        }
        let (_, view) = apply(&slot, &self.analyses, |state| state.agree_draw(version))?
            .durable()
            .await?;
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
        self.kept(&slot, change).await
    }

    /// Applies `change` to `slot`'s game and waits until it is durable, as [`GameService::change`]
    /// says; the view after it.
    async fn kept(
        &self,
        slot: &Arc<GameSlot>,
        change: impl FnOnce(&mut GameState) -> Result<(), GameError>,
    ) -> Result<Arc<GameView>, GameError> {
        let before = slot.read(GameState::clone);
        let applied = apply(slot, &self.analyses, |state| {
            change(state)?;
            Ok(state.version())
        })?;
        let changed = applied.out;
        match applied.durable().await {
            Ok((_, view)) => Ok(view),
            // The slot took the winner's version already.
            Err(error @ GameError::Superseded) => Err(error),
            Err(error) => {
                if slot.roll_back(before, changed) {
                    tracing::warn!(%error, game = %slot.id(), "a change could not be saved; taken back in memory too");
                }
                Err(error)
            }
        }
    }

    /// Ends the game on time if its running clock has run out, before something that reads
    /// the game without changing it (a draw offer, a hint): an empty change, which settles the
    /// flag as every change does. Its durability is covered by the next change's. Only when a
    /// flag is due: an empty change still clones the game and builds its view (FEN, legal
    /// moves), which under 1,500 lichess draw offers a second was most of the server's CPU
    /// (issue #42, M2).
    fn settle_clock(&self, slot: &Arc<GameSlot>) -> Result<(), GameError> {
        if slot.read(|state| state.flag_due(tokio::time::Instant::now())) {
            apply(slot, &self.analyses, |_| Ok(()))?.durable_later();
        }
        Ok(())
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

    /// The game as PGN; a quarantined game's as far as its stored row replays.
    pub async fn pgn(&self, id: &GameId) -> Result<Bytes, GameError> {
        self.games.wait_for(id).await;
        if let Some(quarantined) = self.games.quarantined_game(id) {
            return Ok(Bytes::from(quarantined.to_pgn()));
        }
        let slot = self.games.find(id).await?;
        let plies = self.analyses.plies(&slot);
        let today = SystemTime::now();
        let day = today
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs() / 86_400);
        Ok(slot.read(|state| {
            let stamp = Stamp::pgn(state.version(), day, plies.len());
            self.exports.get_or_make(id, Export::Pgn, stamp, || {
                Bytes::from(to_pgn(state, today, &plies))
            })
        }))
    }

    /// Stockfish's suggestion for the player, at full strength; one search per game at a time
    /// (see `search_lock.rs`), stopped if the player moves meanwhile. It runs within the hints'
    /// budget in `client`'s share and yields to replies (see `uci/lanes.rs`).
    pub async fn hint(
        &self,
        id: &GameId,
        token: &str,
        client: Option<ClientKey>,
    ) -> Result<Hint, GameError> {
        let slot = self.games.find_authorized(id, token).await?;
        self.settle_clock(&slot)?;
        // A hint makes the game casual (`rated.rs`), durably, before the search: a game that
        // used one never counts, whether or not the player waits for the answer.
        self.kept(&slot, |state| {
            state.check_hint_allowed()?;
            state.make_casual();
            Ok(())
        })
        .await?;
        let ((request, version), running) = slot.begin_search(|state| {
            state.check_hint_allowed()?;
            let full = Stockfish::FULL;
            let depth = full.depth(self.max_depth);
            let request = SearchRequest::new(slot.id().shared(), state.game(), depth, full.skill)
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
