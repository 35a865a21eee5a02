//! The player's requests in a game being played other than a move: taking back, resigning,
//! aborting, claiming or offering a draw, and asking for a hint. Each is a change applied and
//! made durable before it is answered (`change`, `kept`), the clock settled first where the
//! request only reads the game (`settle_clock`).

use std::sync::Arc;

use alphachess_engine::SanPlus;

use super::change::apply;
use super::play::GameService;
use crate::client_key::ClientKey;
use crate::games::live::slot::GameSlot;
use crate::games::model::draw::{self, DrawError, Verdict, DRAW_OFFER_NODES};
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::opponent::Stockfish;
use crate::games::view::game_view::GameView;
use crate::games::view::hint::Hint;
use crate::uci::{AnalysisRequest, SearchRequest};

impl GameService {
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

    /// Stockfish's suggestion for the player, at full strength; one search per game at a time
    /// (see `search_lock.rs`), stopped if the player moves meanwhile. It runs within the hints'
    /// budget in `client`'s share and yields to replies (see `uci/lanes/`).
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
    pub(super) async fn kept(
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
}
