//! A game in a list ("My games"): the public fields of its view, never its token.

use alphachess_engine::{Color, Outcome, SanPlus};
use serde::Serialize;
use tokio::time::Instant;
use utoipa::ToSchema;

use super::color_name::ColorName;
use super::schemas::{PlayersSchema, VariantSchema};
use crate::games::model::id::GameId;
use crate::games::model::players::Players;
use crate::games::model::state::GameState;
use crate::games::model::variant::Variant;
use crate::games::view::game_view::{Clock, EndReason, GameView, Reason, Status};
use crate::openings::{opening_of, Opening};

/// The most games one summaries request may name.
pub const MAX_SUMMARIES: usize = 100;

/// One game as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    #[schema(value_type = ColorName)]
    pub player_color: Color,
    /// The step of the ladder, 1 (a true beginner) to 21 (full strength).
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
    #[schema(value_type = VariantSchema)]
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
    #[schema(value_type = Option<PlayersSchema>)]
    pub players: Option<Players>,
}

/// The body of `GET /api/games?ids=`: the games asked for that exist, in the order asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameSummaries {
    pub games: Vec<GameSummary>,
}

impl GameSummary {
    /// The summary of `state`, read from it directly: a list names up to [`MAX_SUMMARIES`]
    /// games, and a whole view (a FEN and SAN for every move and legal move) would be built for
    /// each only to keep these few fields. Equal to [`GameSummary::of`] its view (tested).
    pub fn new(id: &GameId, state: &GameState) -> GameSummary {
        let game = state.game();
        let outcome = game.outcome();
        let positions = game.positions();
        let last_move_san = game.moves().last().map(|&m| {
            let before = &positions[positions.len() - 2];
            SanPlus::from_move(before, m).to_string()
        });
        GameSummary {
            id: id.to_string(),
            player_color: state.player(),
            level: state.level().get(),
            status: Status::of(state),
            result: game.result().to_string(),
            reason: outcome.map(EndReason::from),
            winner: outcome.and_then(Outcome::winner),
            ply: game.ply(),
            fen: game.position().to_fen(),
            variant: Variant::of(game.initial_position()),
            opening: opening_of(game).cloned(),
            clock: state.clock().map(|clock| Clock::of(clock, Instant::now())),
            last_move_san,
            players: state.players().cloned(),
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::clock::TimeControl;
    use crate::games::model::level::Level;
    use alphachess_engine::{Game, Position};

    fn game_after(moves: &[&str]) -> Game {
        Game::from_san_moves(Position::startpos(), moves).expect("test moves are legal")
    }

    /// Built from the state or cut down from the whole view: the same summary.
    fn assert_same(state: &GameState) {
        let id = GameId::parse("abcdefghijkl").expect("an id");
        assert_eq!(
            GameSummary::new(&id, state),
            GameSummary::of(&GameView::new(&id, state))
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_summary_read_from_the_state_is_the_one_its_view_gives() {
        assert_same(&GameState::new(Game::default(), Color::White, Level::MAX));
        let opening = game_after(&["e4", "c5", "Nf3", "d6"]);
        assert_same(&GameState::new(opening.clone(), Color::Black, Level::MAX));
        let control = TimeControl::from_secs(60, 0).expect("in range");
        let mut timed =
            GameState::new(Game::default(), Color::White, Level::MAX).with_clock(Some(control));
        timed
            .play_player_move(&"e4".parse().expect("notation"), None)
            .expect("legal");
        tokio::time::advance(std::time::Duration::from_secs(3)).await;
        assert_same(&timed);
        let mate = game_after(&["f3", "e5", "g4", "Qh4#"]);
        let players = Players::new(Some("Anna"), Some("Ben"));
        assert_same(&GameState::new(mate, Color::White, Level::MAX).with_players(Some(players)));
        let mut resigned = GameState::new(opening, Color::Black, Level::MAX);
        resigned.resign().expect("ongoing");
        assert_same(&resigned);
    }
}
