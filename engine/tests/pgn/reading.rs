//! Reading: famous games, every way a game ends, file quirks, errors that say where.

use super::*;

#[test]
fn famous_games_are_read_to_their_final_positions() {
    let games = read_all(FAMOUS);
    let summary: Vec<(&str, usize, GameResult, Option<Outcome>)> = games
        .iter()
        .map(|g| {
            (
                g.tags.get("White").expect("white tag"),
                g.game.ply(),
                g.result,
                g.game.outcome(),
            )
        })
        .collect();
    let mate = |winner| {
        Some(Outcome::Decisive {
            winner,
            reason: WinReason::Checkmate,
        })
    };
    assert_eq!(
        summary,
        [
            (
                "Morphy, Paul",
                33,
                GameResult::WhiteWins,
                mate(Color::White)
            ),
            (
                "Anderssen, Adolf",
                45,
                GameResult::WhiteWins,
                mate(Color::White)
            ),
            (
                "Anderssen, Adolf",
                47,
                GameResult::WhiteWins,
                mate(Color::White)
            ),
            (
                "Byrne, Donald",
                82,
                GameResult::BlackWins,
                mate(Color::Black)
            ),
            (
                "Deep Blue (Computer)",
                37,
                GameResult::WhiteWins,
                Some(Outcome::Decisive {
                    winner: Color::White,
                    reason: WinReason::Resignation
                })
            ),
        ]
    );
    assert_eq!(
        games[0].game.position().to_fen(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
}

#[test]
fn tags_keep_their_escaped_quotes_and_backslashes() {
    let opera = &read_all(FAMOUS)[0];
    assert_eq!(
        opera.tags.get("Note"),
        Some(r#"A quote "inside" a tag and a back\slash"#)
    );
    assert_eq!(opera.tags.get("Annotator"), Some("AlphaChess tests"));
    let written = pgn::write_game(&opera.tags, &opera.game);
    assert!(written.contains(r#"[Note "A quote \"inside\" a tag and a back\\slash"]"#));
}

#[test]
fn each_way_of_ending_a_game_is_recognised() {
    let games = read_all(OUTCOMES);
    let draw = |reason| Some(Outcome::Draw { reason });
    let decisive = |winner, reason| Some(Outcome::Decisive { winner, reason });
    let expected = [
        ("checkmate", decisive(Color::Black, WinReason::Checkmate)),
        ("stalemate", draw(DrawReason::Stalemate)),
        (
            "threefold repetition",
            draw(DrawReason::ThreefoldRepetition),
        ),
        ("fifty-move rule", draw(DrawReason::FiftyMoveRule)),
        (
            "insufficient material",
            draw(DrawReason::InsufficientMaterial),
        ),
        (
            "resignation",
            decisive(Color::White, WinReason::Resignation),
        ),
        ("agreement", draw(DrawReason::Agreement)),
        ("ongoing", None),
    ];
    assert_eq!(games.len(), expected.len());
    for (game, (ending, outcome)) in games.iter().zip(expected) {
        assert_eq!(game.tags.get("Ending"), Some(ending));
        assert_eq!(game.game.outcome(), outcome, "{ending}");
        assert_eq!(
            game.result,
            outcome.map_or(GameResult::Ongoing, |o| o.result()),
            "{ending}"
        );
        assert_eq!(
            game.tags.get("Result"),
            Some(game.result.to_string().as_str())
        );
    }
}

#[test]
fn byte_order_mark_crlf_and_missing_tags_are_accepted() {
    let windows = format!("\u{feff}{}", FAMOUS.replace('\n', "\r\n"));
    let from_windows = read_all(&windows);
    let from_unix = read_all(FAMOUS);
    assert_eq!(from_windows.len(), from_unix.len());
    for (a, b) in from_windows.iter().zip(&from_unix) {
        assert_eq!(a.tags, b.tags);
        assert_eq!(a.game.moves(), b.game.moves());
    }
    let bare = pgn::read_game("1. e4 e5 2. Nf3").expect("a bare movetext is a game");
    assert_eq!(bare.game.ply(), 3);
    assert_eq!(bare.result, GameResult::Ongoing);
    assert_eq!(bare.tags.get("Event"), Some("?"));
    assert_eq!(bare.tags.get("Date"), Some("????.??.??"));
}

#[test]
fn variations_are_skipped_and_never_taken_for_the_main_line() {
    // Each variation holds moves that would be legal in the main line at that point.
    let game = pgn::read_game(
        "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 \
         {a comment (with 2. d4 in it) } ( 2. f4 ) Nc6 (2... d6 3. d4 ((3. Bc4))) 3. Bb5 1-0",
    )
    .expect("valid");
    let moves: Vec<String> = game.game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    assert_eq!(game.result, GameResult::WhiteWins);
}

#[test]
fn numbers_nags_suffixes_comments_and_escapes_are_ignored() {
    let game = pgn::read_game(
        "%escaped line 1. d4\n1.e4 $1 e5!? 2.Nf3?! {comment} Nc6 ; to the end of the line 3. c4\n\
         3. d4 Nf6 4.Nc3!! $14 *",
    )
    .expect("valid");
    let moves: Vec<String> = game.game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves,
        ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "g8f6", "b1c3"]
    );
}

#[test]
fn several_games_are_read_one_after_another_even_without_results() {
    let games = read_all(
        "[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 1/2-1/2\n\n1. c4 *\n[Event \"d\"]\n",
    );
    let summary: Vec<(String, usize)> = games
        .iter()
        .map(|g| (g.tags.get("Event").expect("event").to_owned(), g.game.ply()))
        .collect();
    assert_eq!(
        summary,
        [
            ("a".to_owned(), 2),
            ("b".to_owned(), 1),
            ("?".to_owned(), 1),
            ("d".to_owned(), 0)
        ]
    );
    assert_eq!(games[1].result, GameResult::Draw);
}

#[test]
fn an_illegal_move_names_the_game_the_move_number_and_the_text() {
    let text = "[Event \"ok\"]\n1. e4 e5 *\n\n[Event \"bad\"]\n1. e4 e5 2. Nf3 Nc6\n\
                3. Nc3 Nf6 4. Nb5 a6 5. Nd4 *\n\n[Event \"after\"]\n1. d4 *\n";
    let results = errors(text);
    assert_eq!(results.len(), 3, "the reader goes on after a bad game");
    assert!(results[0].is_ok() && results[2].is_ok());
    let err = results[1].as_ref().expect_err("game 2 is bad");
    assert_eq!(err.game, 2);
    assert_eq!(err.line, 6);
    let PgnErrorKind::Move {
        move_number,
        color,
        text,
        error,
    } = &err.kind
    else {
        panic!("expected a move error, got {err:?}");
    };
    assert_eq!(
        (*move_number, *color, text.as_str()),
        (5, Color::White, "Nd4")
    );
    assert!(matches!(
        error,
        MoveTextError::Illegal(SanError::Ambiguous { .. })
    ));
    assert_eq!(
        err.to_string(),
        "game 2 (line 6): move 5. Nd4: ambiguous move Nd4: it could be Nf3d4 or Nb5d4"
    );
    assert_eq!(
        results[2].as_ref().expect("game 3").tags.get("Event"),
        Some("after")
    );
}

#[test]
fn unparsable_and_impossible_moves_are_reported_too() {
    let err = pgn::read_game("1. e4 e5 2. Ke3").expect_err("illegal");
    assert_eq!(
        err.to_string(),
        "game 1 (line 1): move 2. Ke3: illegal move Ke3: no king can go to e3"
    );
    let err = pgn::read_game("1. e4 Zz9").expect_err("unparsable");
    assert_eq!(
        err.to_string(),
        "game 1 (line 1): move 1... Zz9: not a move in san"
    );
    let err = pgn::read_game("1. f3 e5 2. g4 Qh4# 3. a3 0-1").expect_err("after mate");
    assert_eq!(
        err.to_string(),
        "game 1 (line 1): move 3. a3: the game is over"
    );
    let err = pgn::read_game("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*").expect_err("bad FEN");
    assert!(matches!(err.kind, PgnErrorKind::InvalidFen { .. }));
    let err = pgn::read_game("  \n{only a comment}\n").expect_err("no game");
    assert!(matches!(err.kind, PgnErrorKind::NoGame));
}

#[test]
fn a_set_up_position_starts_the_game() {
    let game = pgn::read_game(
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 30\"]\n\n30. e4 Kd7 31. e5 *",
    )
    .expect("valid");
    assert_eq!(
        game.game.initial_position(),
        &Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 30").expect("valid")
    );
    assert_eq!(game.game.ply(), 3);
    assert_eq!(game.tags.get("SetUp"), Some("1"));
}
