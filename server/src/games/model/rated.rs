//! Whether a game counts for the player's rating (issue #38): only a real game does. It started
//! from the standard position (not a FEN, a PGN, the editor; Chess960 is unrated), nobody took a
//! move back and no hint was used (`GameState::is_casual`), and, once over, each side made at
//! least [`abortable::MIN_MOVES_EACH`] moves. Ending a game before that is an abort, as on lichess
//! (`abortable.rs`: resigning, `/abort` or a flag there aborts it), so a short game is aborted and
//! never counts; a checkmate in that window (only from a FEN, unrated anyway) keeps its result
//! but is not rated either.

use alphachess_engine::{Color, GameResult, STARTPOS_FEN};

use crate::games::model::abortable;
use crate::games::model::state::GameState;
use crate::games::model::variant::{stored_fen, Variant};

/// Whether `state` is rated: what the view's `rated` says, before, during and after the game.
/// A game that ended (or was aborted) before each side made [`abortable::MIN_MOVES_EACH`] moves
/// is not.
pub fn is_rated(state: &GameState) -> bool {
    let ended_short =
        state.is_aborted() || (state.is_finished() && abortable::in_abort_window(state.game()));
    !ended_short && started_rated(state)
}

/// Whether `state` started as, and has stayed, a game that counts: the standard position,
/// nothing imported, no takeback or hint.
fn started_rated(state: &GameState) -> bool {
    let start = state.game().initial_position();
    Variant::of(start) == Variant::Standard
        && stored_fen(start) == STARTPOS_FEN
        && state.imported_plies() == 0
        && state.first_ply() == 0
        && state.players().is_none()
        && !state.is_casual()
}

/// The player's score (1, ½, 0) in a finished rated game long enough to count; `None` for any
/// other game (unfinished, aborted, casual, too short).
pub fn rated_score(state: &GameState) -> Option<f64> {
    if !is_rated(state) {
        return None;
    }
    match (state.game().result(), state.player()) {
        (GameResult::Ongoing, _) => None,
        (GameResult::Draw, _) => Some(0.5),
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => Some(1.0),
        _ => Some(0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::level::Level;
    use alphachess_engine::{Game, Position, UciMove};

    fn played(moves: &[&str]) -> GameState {
        let mut game = Game::default();
        for text in moves {
            let uci: UciMove = text.parse().expect("UCI");
            let m = uci.to_move(game.position()).expect("legal");
            game.play(m).expect("plays");
        }
        // A game whose moves were all played here, not imported (as a store reads it back).
        GameState::restored(game, Color::White, Level::MAX, 0, false, None).with_imported_plies(0)
    }

    #[test]
    fn a_new_standard_game_is_rated_and_a_fen_start_is_not() {
        assert!(is_rated(&GameState::new(
            Game::default(),
            Color::White,
            Level::MAX
        )));
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let other = Game::new(Position::from_fen(fen).expect("FEN"));
        assert!(!is_rated(&GameState::new(other, Color::White, Level::MAX)));
    }

    #[test]
    fn a_casual_game_is_not_rated() {
        let state = GameState::new(Game::default(), Color::White, Level::MAX).with_casual(true);
        assert!(!is_rated(&state));
    }

    #[test]
    fn a_finished_game_counts_only_with_two_moves_each() {
        let mut short = played(&["f2f3", "e7e5"]);
        assert!(is_rated(&short), "rated while it is still under way");
        short.resign().expect("resigns");
        assert_eq!(rated_score(&short), None);
        assert!(
            !is_rated(&short),
            "a two-move resignation says it is not rated"
        );
        let mut long = played(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert!(long.is_finished());
        assert_eq!(rated_score(&long), Some(0.0));
        long = long.with_casual(true);
        assert_eq!(rated_score(&long), None);
    }
}
