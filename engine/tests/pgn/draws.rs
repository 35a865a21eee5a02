//! Games played on past a claimable draw, and the draws a result claims.

use super::*;

/// Both sides bring their knights out and back twice (the start position occurs a third time
/// after 4...Ng8, a draw either player could claim), then play on to the scholar's mate.
const PLAYED_ON_PAST_THREEFOLD: &str = "[Event \"Played on\"]\n[Result \"1-0\"]\n\n\
    1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 6. Qh5 Nc6 7. Bc4 Nf6 8. Qxf7# 1-0\n";

/// Black's king shuffles in the corner while White's rook walks along the first rank: the 100th
/// half-move without a capture or a pawn move is 71...Kh8, and White mates three moves later.
const PLAYED_ON_PAST_FIFTY_MOVES: &str = "[Result \"1-0\"]\n[SetUp \"1\"]\n\
    [FEN \"7k/8/6K1/8/8/8/8/R7 w - - 96 70\"]\n\n\
    70. Rb1 Kg8 71. Rc1 Kh8 72. Rd1 Kg8 73. Re1 Kh8 74. Re8# 1-0\n";

#[test]
fn a_game_that_plays_on_past_a_threefold_repetition_is_read_completely() {
    let game = pgn::read_game(PLAYED_ON_PAST_THREEFOLD).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.game.ply(), 15);
    assert_eq!(game.game.draw_rule(), DrawRule::ByClaim);
    assert_eq!(
        game.game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    assert_eq!(game.result, GameResult::WhiteWins);
    assert_round_trip(&game);
}

#[test]
fn a_game_that_plays_on_past_fifty_moves_without_capture_or_pawn_move_is_read_completely() {
    let game = pgn::read_game(PLAYED_ON_PAST_FIFTY_MOVES).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.game.ply(), 9);
    assert_eq!(game.game.position().halfmove_clock(), 105);
    assert!(game.game.position().is_checkmate());
    let mut automatic = Game::new(game.game.initial_position().clone());
    let refused = game
        .game
        .moves()
        .iter()
        .position(|&m| automatic.play(m).is_err());
    assert_eq!(refused, Some(4), "live play ends the game at 71...Kh8");
    assert_eq!(game.result, GameResult::WhiteWins);
    assert_round_trip(&game);
}

#[test]
fn a_drawn_result_where_a_draw_is_claimable_is_read_as_that_draw_claimed() {
    let claimed = |movetext: &str| {
        let game = pgn::read_game(movetext).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.result, GameResult::Draw);
        game.game.outcome()
    };
    let draw = |reason| Some(Outcome::Draw { reason });
    assert_eq!(
        claimed("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"),
        draw(DrawReason::ThreefoldRepetition)
    );
    assert_eq!(
        claimed("[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 96 70\"] 70. Rb1 Kg8 71. Rc1 Kh8 1/2-1/2"),
        draw(DrawReason::FiftyMoveRule)
    );
    assert_eq!(
        claimed("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 1/2-1/2"),
        draw(DrawReason::Agreement),
        "two occurrences are not enough to claim"
    );
    let unfinished =
        pgn::read_game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *").expect("valid");
    assert_eq!(unfinished.game.outcome(), None);
    assert_eq!(unfinished.result, GameResult::Ongoing);
}

#[test]
fn fivefold_repetition_ends_a_game_read_from_pgn() {
    let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    let game = pgn::read_game(&format!("{shuffle} *")).expect("valid");
    assert_eq!(
        game.game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FivefoldRepetition
        })
    );
    assert_eq!(game.result, GameResult::Draw);
    let err = pgn::read_game(&format!("{shuffle} e4 *")).expect_err("the game is over");
    assert!(matches!(
        err.kind,
        PgnErrorKind::Move {
            error: MoveTextError::Play(PlayError::GameOver),
            ..
        }
    ));
    assert_round_trip(&game);
}
