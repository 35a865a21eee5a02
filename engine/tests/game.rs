//! Game outcomes: checkmate, stalemate, threefold repetition (with FIDE's capturable en-passant
//! rule), the fifty-move rule, insufficient material, resignation, agreed draws, and undo; and
//! under FIDE's claim rule, claimed draws, fivefold repetition and the 75-move rule.

use alphachess_engine::{
    Color, DrawReason, DrawRule, Game, GameResult, NoClaimableDrawError, Outcome,
    ParseGameResultError, PlayError, Position, WinReason,
};

/// A game from `fen` with the UCI moves of `line` played.
fn game_after(fen: &str, line: &str) -> Game {
    let mut game = Game::new(Position::from_fen(fen).expect("valid fen"));
    play_line(&mut game, line);
    game
}

/// Plays space-separated UCI moves, asserting each is legal.
fn play_line(game: &mut Game, line: &str) {
    game.play_uci_moves(line.split_whitespace())
        .unwrap_or_else(|err| panic!("{err}"));
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn fools_mate_is_a_win_for_black_and_ends_the_game() {
    let mut game = game_after(START, "f2f3 e7e5 g2g4 d8h4");
    let outcome = Some(Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    });
    assert_eq!(game.outcome(), outcome);
    assert_eq!(game.result(), GameResult::BlackWins);
    assert!(game.position().is_checkmate());
    let any = game.initial_position().legal_moves()[0];
    assert_eq!(game.play(any), Err(PlayError::GameOver));
}

#[test]
fn stalemate_is_a_draw() {
    let game = game_after("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7");
    assert!(game.position().is_stalemate());
    assert_eq!(game.outcome(), draw(DrawReason::Stalemate));
    assert_eq!(game.result(), GameResult::Draw);
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut game = game_after(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetitions(), 2);
    play_line(&mut game, "f6g8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), draw(DrawReason::ThreefoldRepetition));
}

/// Black's d-pawn could take e3 en passant, but for the pin along the fourth rank in the first FEN.
const PINNED_EP: &str = "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1";
const FREE_EP: &str = "8/8/8/8/k2p4/8/4P3/4K3 w - - 0 1";
const SHUFFLE: &str = "a4a5 e1f1 a5a4 f1e1";

#[test]
fn an_en_passant_square_without_a_legal_capture_does_not_make_a_position_different() {
    let mut game = game_after(PINNED_EP, "e2e4");
    assert!(game.position().ep_square().is_some() && game.position().legal_ep_square().is_none());
    play_line(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 2);
    play_line(&mut game, SHUFFLE);
    assert_eq!(game.outcome(), draw(DrawReason::ThreefoldRepetition));
}

#[test]
fn an_en_passant_square_with_a_legal_capture_makes_a_position_different() {
    let mut game = game_after(FREE_EP, "e2e4");
    assert!(game.position().legal_ep_square().is_some());
    play_line(&mut game, SHUFFLE);
    play_line(&mut game, SHUFFLE);
    // The same moves that drew with the pinned pawn: here the first position differed.
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_hundred_half_moves_without_capture_or_pawn_move_is_a_draw() {
    let game = game_after("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "a1a2");
    assert_eq!(game.outcome(), None);
    let game = game_after("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!(game.outcome(), draw(DrawReason::FiftyMoveRule));
}

#[test]
fn checkmate_on_the_hundredth_or_hundred_and_fiftieth_half_move_wins() {
    for (rule, clock) in [(DrawRule::Automatic, 100), (DrawRule::ByClaim, 150)] {
        let fen = format!("6k1/5ppp/8/8/8/8/8/R3K3 w - - {} 80", clock - 1);
        let mut game = Game::new(Position::from_fen(&fen).expect("valid fen")).with_draw_rule(rule);
        play_line(&mut game, "a1a8");
        assert_eq!(game.position().halfmove_clock(), clock);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Decisive {
                winner: Color::White,
                reason: WinReason::Checkmate
            }),
            "{rule:?}"
        );
    }
}

#[test]
fn insufficient_material_is_a_draw_and_sufficient_material_is_not() {
    let dead = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",
        "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ];
    for fen in dead {
        let pos = Position::from_fen(fen).expect("valid");
        assert!(pos.has_insufficient_material(), "{fen}");
        assert_eq!(
            Game::new(pos).outcome(),
            draw(DrawReason::InsufficientMaterial),
            "{fen}"
        );
    }
    let alive = [
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",
        "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    ];
    for fen in alive {
        let pos = Position::from_fen(fen).expect("valid");
        assert!(!pos.has_insufficient_material(), "{fen}");
        assert_eq!(Game::new(pos).outcome(), None, "{fen}");
    }
}

#[test]
fn mating_material_is_denied_only_where_mate_is_impossible() {
    // (fen, white can mate, black can mate)
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false),
        // Same-coloured bishops only: no piece can ever block a square of the other colour.
        ("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", false, false),
        // Opposite-coloured bishops: a self-block makes mate possible.
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true),
        // K+N v K+P: the pawn may block its own king (and the pawn's side can mate too).
        ("4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", true, false),
        ("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", true, false),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true, false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", true, false),
        ("4k2q/8/8/8/8/8/8/1N2K3 w - - 0 1", true, true),
    ];
    for (fen, white, black) in cases {
        let pos = Position::from_fen(fen).expect("valid");
        assert_eq!(
            pos.has_mating_material(Color::White),
            white,
            "white in {fen}"
        );
        assert_eq!(
            pos.has_mating_material(Color::Black),
            black,
            "black in {fen}"
        );
        let dead = !white && !black;
        assert_eq!(pos.has_insufficient_material(), dead, "{fen}");
    }
}

#[test]
fn running_out_of_time_loses_unless_the_opponent_cannot_mate() {
    let mut game = game_after("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "");
    game.time_out(Color::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout
        })
    );
    let mut game = game_after("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "");
    game.time_out(Color::White);
    assert_eq!(
        game.outcome(),
        draw(DrawReason::TimeoutVsInsufficientMaterial)
    );
    assert_eq!(game.result(), GameResult::Draw);
    game.time_out(Color::Black);
    assert_eq!(
        game.outcome(),
        draw(DrawReason::TimeoutVsInsufficientMaterial),
        "a finished game stays as it ended"
    );
    game.undo();
    assert_eq!(
        game.outcome(),
        None,
        "undo clears a timeout like a resignation"
    );
}

#[test]
fn capturing_the_last_heavy_piece_can_leave_insufficient_material() {
    let game = game_after("4k3/8/8/8/8/8/2r5/1B2K3 w - - 0 1", "b1c2");
    assert_eq!(game.outcome(), draw(DrawReason::InsufficientMaterial));
}

#[test]
fn resignation_and_agreed_draws_are_set_from_outside_and_undo_clears_them() {
    let mut game = game_after(START, "e2e4");
    game.resign(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(
        game.outcome().map(Outcome::result),
        Some(GameResult::BlackWins)
    );
    game.agree_draw();
    assert_eq!(
        game.result(),
        GameResult::BlackWins,
        "a finished game stays finished"
    );
    assert!(game.undo().is_some());
    assert_eq!(game.outcome(), None);
    game.agree_draw();
    assert_eq!(game.outcome(), draw(DrawReason::Agreement));
}

#[test]
fn undo_takes_back_moves_one_at_a_time() {
    let mut game = game_after(START, "e2e4 e7e5 g1f3");
    assert_eq!(game.ply(), 3);
    assert_eq!(game.undo().map(|m| m.to_string()), Some("g1f3".to_string()));
    assert_eq!(game.moves().len(), 2);
    assert_eq!(
        game.position().to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
    game.undo();
    game.undo();
    assert_eq!(game.undo(), None);
    assert_eq!(game.position(), game.initial_position());
    assert_eq!(game.ply(), 0);
}

#[test]
fn illegal_moves_are_refused_without_changing_the_game() {
    let mut game = Game::default();
    let illegal = alphachess_engine::Move::normal(
        alphachess_engine::Square::E2,
        alphachess_engine::Square::E5,
    );
    assert!(matches!(game.play(illegal), Err(PlayError::Illegal(_))));
    assert_eq!(game.ply(), 0);
}

#[test]
fn results_print_and_parse_as_pgn_tokens() {
    for (text, result) in [
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
        ("1/2-1/2", GameResult::Draw),
        ("*", GameResult::Ongoing),
    ] {
        assert_eq!(result.to_string(), text);
        assert_eq!(text.parse(), Ok(result));
    }
    assert_eq!("1-1".parse::<GameResult>(), Err(ParseGameResultError));
}

/// A game under FIDE's claim rule from `fen` with the UCI moves of `line` played.
fn claim_game_after(fen: &str, line: &str) -> Game {
    let start = Position::from_fen(fen).expect("valid fen");
    let mut game = Game::new(start).with_draw_rule(DrawRule::ByClaim);
    play_line(&mut game, line);
    game
}

/// Both knights out and back: the position before it occurs once more after it.
const KNIGHTS_OUT_AND_BACK: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn draws_end_the_game_automatically_unless_asked_otherwise() {
    assert_eq!(Game::default().draw_rule(), DrawRule::Automatic);
    let mut game = game_after(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.outcome(), draw(DrawReason::ThreefoldRepetition));
    assert_eq!(game.claimable_draw(), None, "the game is already over");
    assert_eq!(game.claim_draw(), Err(NoClaimableDrawError));
    game.set_draw_rule(DrawRule::ByClaim);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
}

#[test]
fn by_claim_play_goes_on_past_threefold_repetition_until_the_fifth_occurrence() {
    let mut game = claim_game_after(START, "");
    for occurrence in 2..=4 {
        play_line(&mut game, KNIGHTS_OUT_AND_BACK);
        assert_eq!(game.repetitions(), occurrence);
        assert_eq!(game.outcome(), None, "occurrence {occurrence}");
    }
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    play_line(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), draw(DrawReason::FivefoldRepetition));
    assert_eq!(game.claimable_draw(), None);
    let any = game.position().legal_moves()[0];
    assert_eq!(game.play(any), Err(PlayError::GameOver));
}

#[test]
fn by_claim_play_goes_on_past_fifty_moves_until_the_seventy_fifth() {
    let game = claim_game_after("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "a1a2");
    assert_eq!(game.claimable_draw(), None);
    let mut game = claim_game_after("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    play_line(&mut game, "e8d8 a2a1");
    assert_eq!(game.position().halfmove_clock(), 102);
    assert_eq!(game.outcome(), None);
    let game = claim_game_after("4k3/8/8/8/8/8/8/R3K3 w - - 148 80", "a1a2");
    assert_eq!(game.outcome(), None);
    let game = claim_game_after("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "a1a2");
    assert_eq!(game.position().halfmove_clock(), 150);
    assert_eq!(game.outcome(), draw(DrawReason::SeventyFiveMoveRule));
}

#[test]
fn a_claimed_draw_ends_the_game_and_undo_takes_it_back() {
    let mut game = claim_game_after(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.claim_draw(), Ok(DrawReason::ThreefoldRepetition));
    assert_eq!(game.outcome(), draw(DrawReason::ThreefoldRepetition));
    assert_eq!(game.result(), GameResult::Draw);
    let any = game.position().legal_moves()[0];
    assert_eq!(game.play(any), Err(PlayError::GameOver));
    assert_eq!(game.claim_draw(), Err(NoClaimableDrawError));
    game.undo();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claimable_draw(), None);
}

#[test]
fn claiming_a_draw_where_none_is_claimable_is_an_error() {
    let mut game = claim_game_after(START, "g1f3 g8f6 f3g1 f6g8 e2e4");
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claim_draw(), Err(NoClaimableDrawError));
    assert_eq!(game.outcome(), None);
    assert_eq!(
        NoClaimableDrawError.to_string(),
        "no draw can be claimed in this position"
    );
}
