//! When a game can be aborted (issue #38): while it is ongoing and some side has made fewer than
//! [`MIN_MOVES_EACH`] moves *in this game*. Moves are counted in the game's own move list, from
//! its starting position: never from a FEN's move number, and the rule is the same whoever moves
//! first (a FEN with Black to move included): each side needs two moves of its own. The moves a
//! PGN brought with it are the game's moves (listed, exported and reviewed with it), so they
//! count: a PGN imported with two moves each is a game that can be resigned and reviewed, as
//! before; one with fewer is aborted like any short game.
//!
//! Ending a game in that window is an abort, as on lichess: the player's `abort`, a resignation
//! (lila's `BotPlayer.resign` calls `abort` when `game.abortable`:
//! <https://github.com/lichess-org/lila/blob/master/modules/bot/src/main/BotPlayer.scala>) and a
//! clock running out (lila aborts a game whose first moves were not made in time). A draw cannot be
//! offered in the window (lila offers one only when `game.drawable`, which is `playable &&
//! !abortable`). Checkmate, stalemate and the automatic draws stay what they are: the board decides
//! those. lila's own window is narrower (`playedTurns < 2`: before each side's first move); the
//! issue asks for two moves each, the same count that makes a game long enough to be rated
//! (`rated.rs`), so a game is either aborted or long enough to count.
//!
//! `GameState::is_abortable` asks this rule (and whether the game is still on); the endings
//! that follow from it are `GameState`'s, tested there.

use alphachess_engine::{Color, Game};

/// Fewest moves each side makes before the game can no longer be aborted (and so can be rated).
pub const MIN_MOVES_EACH: usize = 2;

/// How many moves `side` has made in `game`, from its starting position (a FEN's move number
/// counts nothing).
pub fn moves_made(game: &Game, side: Color) -> usize {
    let before_each_move = &game.positions()[..game.ply()];
    before_each_move
        .iter()
        .filter(|position| position.turn() == side)
        .count()
}

/// Whether a side has made fewer than [`MIN_MOVES_EACH`] moves in `game`: ending the game now
/// (if it is still on) is an abort.
pub fn in_abort_window(game: &Game) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .any(|side| moves_made(game, side) < MIN_MOVES_EACH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::Position;

    #[test]
    fn the_window_closes_once_each_side_made_two_moves() {
        let moves = ["e2e4", "e7e5", "g1f3", "b8c6"];
        for plies in 0..4 {
            let game = alphachess_testkit::game_after(&moves[..plies]);
            assert!(in_abort_window(&game), "after {plies} plies");
        }
        let game = alphachess_testkit::game_after(&moves);
        assert!(!in_abort_window(&game));
    }

    #[test]
    fn moves_are_counted_here_not_from_a_fens_move_number_black_first_too() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 30";
        let mut game = Game::new(Position::from_fen(fen).expect("FEN"));
        assert!(in_abort_window(&game), "a move number of 30 counts nothing");
        game.play_uci_moves("e7e5 g1f3 b8c6".split(' '))
            .expect("legal");
        assert_eq!(moves_made(&game, Color::Black), 2);
        assert_eq!(moves_made(&game, Color::White), 1);
        assert!(in_abort_window(&game), "white has made one move");
        game.play_uci_moves(["f1c4"]).expect("legal");
        assert!(!in_abort_window(&game));
    }
}
