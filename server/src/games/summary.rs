//! A game in a list ("My games"): the public fields of its view, never its token.

use alphachess_engine::Color;
use serde::Serialize;
use utoipa::ToSchema;

use super::color::ColorName;
use super::players::Players;
use super::variant::Variant;
use super::view::{Clock, EndReason, GameView, Reason, Status};
use crate::openings::Opening;

/// The most games one summaries request may name.
pub const MAX_SUMMARIES: usize = 100;

/// One game as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    #[schema(value_type = ColorName)]
    pub player_color: Color,
    /// 1 (weakest) to 8 (full strength).
    pub level: u8,
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[schema(example = "*")]
    pub result: String,
    #[schema(value_type = Option<Reason>)]
    pub reason: Option<EndReason>,
    #[schema(value_type = Option<ColorName>)]
    pub winner: Option<Color>,
    /// Plies played since the game's start position.
    pub ply: usize,
    /// The current position (for a thumbnail board).
    pub fen: String,
    /// As in [`GameView::variant`].
    pub variant: Variant,
    /// As in [`GameView::opening`].
    pub opening: Option<Opening>,
    /// As in [`GameView::clock`].
    pub clock: Option<Clock>,
    /// The last move in SAN, if any.
    #[schema(example = "Nf3")]
    pub last_move_san: Option<String>,
    /// As in [`GameView::players`]: present, the game is an imported finished PGN, listed by
    /// its players and never as the player's win or loss.
    pub players: Option<Players>,
}

/// The body of `GET /api/games?ids=`: the games asked for that exist, in the order asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameSummaries {
    pub games: Vec<GameSummary>,
}

impl GameSummary {
    /// The summary of a game whose view is `view`.
    pub fn of(view: &GameView) -> GameSummary {
        GameSummary {
            id: view.id.clone(),
            player_color: view.player_color,
            level: view.level,
            status: view.status,
            result: view.result.clone(),
            reason: view.reason,
            winner: view.winner,
            ply: view.ply,
            fen: view.fen.clone(),
            variant: view.variant,
            opening: view.opening.clone(),
            clock: view.clock.clone(),
            last_move_san: view.last_move.as_ref().map(|m| m.san.clone()),
            players: view.players.clone(),
        }
    }
}
