//! Every change to a game, played on its state alone.

use super::*;
use alphachess_engine::{Move, Outcome, UciMove, WinReason};

use crate::games::model::notation::PlayerMove;

fn uci(state: &GameState, text: &str) -> Move {
    let uci: UciMove = text.parse().expect("test move is UCI");
    uci.to_move(state.game().position())
        .expect("test move is legal")
}

/// A player's move as the edge would parse it.
fn mv(text: &str) -> PlayerMove {
    text.parse().expect("test move is notation")
}

fn new_game(player: Color) -> GameState {
    GameState::new(Game::default(), player, Level::MAX)
}

/// The player (white) moves, then the engine's reply is applied.
fn exchange(state: &mut GameState, player_move: &str, reply: &str) {
    state
        .play_player_move(&mv(player_move), None)
        .expect("legal player move");
    let turn = state.begin_engine_turn(true).expect("engine to move");
    let m = uci(state, reply);
    state
        .apply_engine_reply(turn.version, m)
        .expect("reply applies");
}

#[test]
fn a_hint_while_the_reply_is_due_is_search_in_progress_before_and_after_its_search_starts() {
    let mut state = new_game(Color::White);
    state.check_hint_allowed().expect("the player's turn");
    state
        .play_player_move(&mv("e4"), None)
        .expect("legal player move");
    // The gap: the move is applied, the reply's search not yet marked pending.
    assert!(!state.is_engine_thinking());
    assert!(matches!(
        state.check_hint_allowed(),
        Err(GameError::SearchInProgress)
    ));
    let turn = state.begin_engine_turn(true).expect("engine to move");
    assert!(matches!(
        state.check_hint_allowed(),
        Err(GameError::SearchInProgress)
    ));
    let m = uci(&state, "e7e5");
    state
        .apply_engine_reply(turn.version, m)
        .expect("reply applies");
    state.check_hint_allowed().expect("the player's turn again");
    state.resign().expect("an ongoing game");
    assert!(matches!(
        state.check_hint_allowed(),
        Err(GameError::GameOver)
    ));
}

#[test]
fn a_move_and_its_reply_make_two_plies() {
    let mut state = new_game(Color::White);
    exchange(&mut state, "e2e4", "e7e5");
    assert_eq!(state.game().ply(), 2);
    // The move, the engine starting to think, its reply.
    assert_eq!(state.version(), 3);
}

#[test]
fn the_player_cannot_move_while_the_engine_thinks() {
    let mut state = new_game(Color::White);
    state.play_player_move(&mv("e4"), None).expect("legal");
    state.begin_engine_turn(true).expect("engine to move");
    assert!(matches!(
        state.play_player_move(&mv("d5"), None),
        Err(GameError::NotYourTurn)
    ));
}

#[test]
fn a_stale_expected_ply_is_refused() {
    let mut state = new_game(Color::White);
    assert!(matches!(
        state.play_player_move(&mv("e4"), Some(3)),
        Err(GameError::StalePly {
            expected: 3,
            actual: 0
        })
    ));
    state
        .play_player_move(&mv("e4"), Some(0))
        .expect("ply 0 is current");
}

#[test]
fn takeback_undoes_the_reply_and_the_player_move() {
    let mut state = new_game(Color::White);
    exchange(&mut state, "e2e4", "e7e5");
    exchange(&mut state, "g1f3", "b8c6");
    state.take_back().expect("a move to take back");
    assert_eq!(state.game().ply(), 2);
    assert_eq!(state.game().position().turn(), Color::White);
}

#[test]
fn takeback_during_a_search_cancels_it_and_its_reply_is_never_applied() {
    let mut state = new_game(Color::White);
    state.play_player_move(&mv("e2e4"), None).expect("legal");
    let turn = state.begin_engine_turn(true).expect("engine to move");
    let reply = uci(&state, "e7e5");
    state
        .take_back()
        .expect("the pending move can be taken back");
    assert!(turn.cancel.is_cancelled());
    assert!(matches!(
        state.apply_engine_reply(turn.version, reply),
        Err(GameError::Superseded)
    ));
    assert_eq!(state.game().ply(), 0);
}

#[test]
fn a_black_player_cannot_take_back_the_engines_opening_move() {
    let mut state = new_game(Color::Black);
    let turn = state
        .begin_engine_turn(false)
        .expect("white (engine) to move");
    let m = uci(&state, "e2e4");
    state
        .apply_engine_reply(turn.version, m)
        .expect("reply applies");
    assert!(matches!(
        state.take_back(),
        Err(GameError::NothingToTakeBack)
    ));
}

#[test]
fn can_take_back_says_exactly_when_a_takeback_is_accepted() {
    let mut state = new_game(Color::Black);
    assert!(!state.can_take_back(), "nothing played yet");
    let turn = state.begin_engine_turn(false).expect("engine opens");
    assert!(state.can_take_back(), "a search in flight can be cancelled");
    let m = uci(&state, "e2e4");
    state.apply_engine_reply(turn.version, m).expect("applies");
    assert!(!state.can_take_back(), "only the engine has moved");
    state.play_player_move(&mv("e5"), None).expect("legal");
    assert!(state.can_take_back(), "the player's move is on the board");
    state.resign().expect("ongoing");
    assert!(!state.can_take_back(), "the game is over");
}

#[test]
fn an_engine_failure_leaves_the_game_as_before_the_request() {
    let mut state = new_game(Color::White);
    exchange(&mut state, "e2e4", "e7e5");
    let before = state.game().position().to_fen();
    state.play_player_move(&mv("Nf3"), None).expect("legal");
    let turn = state.begin_engine_turn(true).expect("engine to move");
    state.abandon_engine_turn(turn.version);
    assert_eq!(state.game().position().to_fen(), before);
    assert_eq!(state.game().ply(), 2);
    state
        .play_player_move(&mv("Nf3"), None)
        .expect("the player can move again");
}

#[test]
fn resigning_ends_the_game_for_the_engine() {
    let mut state = new_game(Color::White);
    exchange(&mut state, "e2e4", "e7e5");
    exchange(&mut state, "g1f3", "b8c6");
    state.resign().expect("ongoing");
    assert_eq!(
        state.game().outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert!(matches!(state.resign(), Err(GameError::GameOver)));
    assert!(matches!(
        state.play_player_move(&mv("e4"), None),
        Err(GameError::GameOver)
    ));
    assert!(matches!(state.take_back(), Err(GameError::GameOver)));
}

#[test]
fn a_game_can_be_aborted_until_each_side_made_two_moves() {
    let mut state = new_game(Color::Black);
    let turn = state.begin_engine_turn(false).expect("engine opens");
    let m = uci(&state, "e2e4");
    state.apply_engine_reply(turn.version, m).expect("applies");
    assert!(state.can_abort(), "only the engine has moved");
    let mut aborted = state.clone();
    aborted.abort().expect("before the player's first move");
    assert!(aborted.is_finished() && aborted.is_aborted());
    assert_eq!(aborted.game().outcome(), None, "no result");
    assert!(matches!(aborted.abort(), Err(GameError::GameOver)));
    assert!(matches!(
        aborted.play_player_move(&mv("e5"), None),
        Err(GameError::GameOver)
    ));

    state.play_player_move(&mv("e5"), None).expect("legal");
    let turn = state.begin_engine_turn(true).expect("engine to move");
    let m = uci(&state, "g1f3");
    state.apply_engine_reply(turn.version, m).expect("applies");
    assert!(state.can_abort(), "black has made one move");
    assert!(matches!(
        state.check_draw_offer(),
        Err(GameError::DrawTooEarly)
    ));
    let mut resigned = state.clone();
    resigned.resign().expect("ongoing: resigning here aborts");
    assert!(resigned.is_aborted() && resigned.game().outcome().is_none());
    state.play_player_move(&mv("Nc6"), None).expect("legal");
    assert!(!state.can_abort());
    assert!(matches!(state.abort(), Err(GameError::AbortTooLate)));
    let turn = state.begin_engine_turn(true).expect("engine to move");
    let m = uci(&state, "f1c4");
    state.apply_engine_reply(turn.version, m).expect("applies");
    state.check_draw_offer().expect("two moves each");
}

#[test]
fn imported_moves_count_as_the_game_s_own() {
    let game = alphachess_testkit::game_after(&["e2e4", "e7e5"]);
    let mut state = GameState::new(game, Color::White, Level::MAX);
    assert!(state.can_abort(), "one move each");
    exchange(&mut state, "g1f3", "b8c6");
    assert!(!state.can_abort(), "two moves each, one of them imported");
    state.take_back().expect("the player's move");
    assert!(
        state.can_abort(),
        "the moves taken back are no longer played"
    );
    let imported = alphachess_testkit::game_after(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    let state = GameState::new(imported, Color::White, Level::MAX);
    assert!(!state.can_abort(), "a PGN with two moves each is resigned");
}

#[test]
fn a_draw_can_be_claimed_only_under_the_claim_rule_on_the_players_turn() {
    use alphachess_engine::{DrawReason, DrawRule};
    let mut game = Game::default().with_draw_rule(DrawRule::ByClaim);
    game.play_uci_moves("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split(' '))
        .expect("legal");
    let mut state = GameState::new(game.clone(), Color::White, Level::MAX);
    assert!(state.can_claim_draw());
    state.claim_draw().expect("threefold repetition");
    assert_eq!(
        state.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
    let mut engines_turn = GameState::new(game, Color::Black, Level::MAX);
    assert!(!engines_turn.can_claim_draw());
    assert!(matches!(
        engines_turn.claim_draw(),
        Err(GameError::NotYourTurn)
    ));
    let mut live = new_game(Color::White);
    assert!(matches!(live.claim_draw(), Err(GameError::NoDrawToClaim)));
}

#[test]
fn an_imported_claim_lasts_until_a_move_is_played_here_and_returns_on_a_takeback() {
    use alphachess_engine::DrawReason;
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
    let imported = crate::games::model::setup::parse_pgn(shuffle).expect("imports");
    let mut state = GameState::new(imported, Color::White, Level::MAX);
    assert!(state.can_claim_draw());
    // Playing on: 1. Nf3's position arises a third time.
    state.play_player_move(&mv("Nf3"), None).expect("legal");
    assert_eq!(
        state.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        }),
        "live play ends a repetition by itself"
    );
    let mut state = GameState::new(
        crate::games::model::setup::parse_pgn(shuffle).expect("imports"),
        Color::White,
        Level::MAX,
    );
    exchange(&mut state, "e2e4", "e7e5");
    assert!(!state.can_claim_draw());
    state.take_back().expect("a move to take back");
    assert_eq!(state.game().ply(), 8);
    assert!(state.can_claim_draw(), "back at the import's last position");
    state.claim_draw().expect("claimable");
    assert_eq!(
        state.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
}

#[test]
fn an_accepted_draw_offer_is_stale_once_the_game_moved_on() {
    let mut state = new_game(Color::White);
    exchange(&mut state, "e2e4", "e7e5");
    exchange(&mut state, "g1f3", "b8c6");
    let offered_at = state.version();
    exchange(&mut state, "f1c4", "f8c5");
    assert!(matches!(
        state.agree_draw(offered_at),
        Err(GameError::Superseded)
    ));
    state.agree_draw(state.version()).expect("current");
    assert_eq!(state.game().result(), alphachess_engine::GameResult::Draw);
}

mod clocks {
    use super::*;
    use crate::games::model::clock::TimeControl;
    use alphachess_engine::{ByColor, DrawReason, Position};
    use std::time::Duration;
    use tokio::time::advance;

    const SEC: Duration = Duration::from_secs(1);

    fn timed(player: Color, limit: i64, increment: i64) -> GameState {
        let control = TimeControl::from_secs(limit, increment).expect("in range");
        new_game(player).with_clock(Some(control))
    }

    fn remaining(state: &GameState) -> ByColor<Duration> {
        state.clock().expect("timed").remaining(Instant::now())
    }

    /// The player's move, `thinking` of the engine, then its reply.
    async fn exchange_after(state: &mut GameState, player: &str, thinking: Duration, reply: &str) {
        state.play_player_move(&mv(player), None).expect("legal");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        advance(thinking).await;
        let m = uci(state, reply);
        state.apply_engine_reply(turn.version, m).expect("applies");
    }

    #[tokio::test(start_paused = true)]
    async fn no_clock_runs_before_the_players_first_move_then_each_move_is_charged() {
        let mut state = timed(Color::White, 180, 2);
        advance(30 * SEC).await;
        assert_eq!(state.clock().and_then(GameClock::running), None);
        assert_eq!(remaining(&state), ByColor::new(180 * SEC, 180 * SEC));
        exchange_after(&mut state, "e4", 4 * SEC, "e7e5").await;
        assert_eq!(remaining(&state), ByColor::new(180 * SEC, 178 * SEC));
        assert_eq!(
            state.clock().and_then(GameClock::running),
            Some(Color::White)
        );
        advance(10 * SEC).await;
        assert_eq!(remaining(&state).white, 170 * SEC);
        exchange_after(&mut state, "Nf3", SEC, "b8c6").await;
        assert_eq!(remaining(&state), ByColor::new(172 * SEC, 179 * SEC));
        state.resign().expect("ongoing");
        advance(60 * SEC).await;
        assert_eq!(
            remaining(&state),
            ByColor::new(172 * SEC, 179 * SEC),
            "stopped"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_takeback_restores_both_clocks_and_runs_the_players_again() {
        let mut state = timed(Color::White, 60, 0);
        exchange_after(&mut state, "e4", 3 * SEC, "e7e5").await;
        let before = remaining(&state);
        advance(20 * SEC).await;
        exchange_after(&mut state, "Nf3", 5 * SEC, "b8c6").await;
        state.take_back().expect("a move to take back");
        assert_eq!(remaining(&state), before);
        advance(SEC).await;
        assert_eq!(
            remaining(&state).white,
            before.white - SEC,
            "the player's clock runs"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_player_out_of_time_loses_and_cannot_move() {
        let mut state = timed(Color::White, 10, 0);
        exchange_after(&mut state, "e4", SEC, "e7e5").await;
        exchange_after(&mut state, "Nf3", Duration::ZERO, "b8c6").await;
        assert_eq!(state.flag_deadline(), Some(Instant::now() + 10 * SEC));
        advance(9 * SEC).await;
        assert!(!state.flag_due(Instant::now()));
        assert!(!state.flag_if_due(Instant::now()));
        advance(SEC).await;
        assert!(state.flag_due(Instant::now()), "what flag_if_due settles");
        assert!(matches!(
            state.play_player_move(&mv("Nf3"), None),
            Err(GameError::GameOver)
        ));
        assert!(state.flag_if_due(Instant::now()));
        assert!(!state.flag_due(Instant::now()), "settled: the game is over");
        assert_eq!(
            state.game().outcome(),
            Some(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Timeout
            })
        );
        assert_eq!(remaining(&state).white, Duration::ZERO);
        assert_eq!(state.flag_deadline(), None);
    }

    #[tokio::test(start_paused = true)]
    async fn an_engine_reply_after_its_flag_is_not_played_and_the_player_wins() {
        let mut state = timed(Color::White, 5, 0);
        exchange_after(&mut state, "e4", Duration::ZERO, "e7e5").await;
        exchange_after(&mut state, "Nf3", Duration::ZERO, "b8c6").await;
        state.play_player_move(&mv("Bc4"), None).expect("legal");
        let turn = state.begin_engine_turn(true).expect("engine to move");
        advance(6 * SEC).await;
        let m = uci(&state, "f8c5");
        state
            .apply_engine_reply(turn.version, m)
            .expect("the flag applies");
        assert_eq!(state.game().ply(), 5, "the late reply is not played");
        assert_eq!(
            state.game().outcome().and_then(Outcome::winner),
            Some(Color::White)
        );
        assert!(!state.is_engine_thinking());
    }

    #[tokio::test(start_paused = true)]
    async fn a_flag_before_each_side_moved_twice_aborts_the_game() {
        let mut state = timed(Color::White, 10, 0);
        exchange_after(&mut state, "e4", SEC, "e7e5").await;
        advance(10 * SEC).await;
        assert!(state.flag_if_due(Instant::now()));
        assert!(state.is_aborted());
        assert_eq!(state.game().outcome(), None, "no result");
        assert_eq!(state.flag_deadline(), None);
    }

    #[tokio::test(start_paused = true)]
    async fn a_flag_against_a_lone_king_is_a_draw() {
        let start = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("valid");
        let control = TimeControl::from_secs(5, 0).expect("in range");
        let mut state =
            GameState::new(Game::new(start), Color::White, Level::MAX).with_clock(Some(control));
        exchange_after(&mut state, "Qd2", SEC, "e8f7").await;
        exchange_after(&mut state, "Qd3", Duration::ZERO, "f7f8").await;
        advance(5 * SEC).await;
        assert!(state.flag_if_due(Instant::now()));
        assert_eq!(
            state.game().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::TimeoutVsInsufficientMaterial
            })
        );
    }
}
