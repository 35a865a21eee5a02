//! PGN against real games: famous games with comments and variations, one game per way a game
//! can end, real-world file quirks (BOM, CRLF, missing tags), errors that say where, the
//! read -> write -> read round trip (with and without annotations), lichess-style annotations,
//! and bounded memory on a large stream.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{BufReader, Read};

use alphachess_engine::pgn::{
    self, Annotations, Comment, Eval, InvalidCommentError, MoveTextError, Nag, PgnError,
    PgnErrorKind, PgnGame, Reader, Tags, MAX_ANNOTATION_BYTES, MAX_COMMENT_LEN,
};
use alphachess_engine::{
    Color, DrawReason, DrawRule, Game, GameResult, Outcome, PlayError, Position, SanError,
    WinReason,
};

const FAMOUS: &str = include_str!("data/famous.pgn");
const OUTCOMES: &str = include_str!("data/outcomes.pgn");

fn read_all(text: &str) -> Vec<PgnGame> {
    Reader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn errors(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    Reader::new(text.as_bytes()).collect()
}

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

/// Reads, writes and reads again, checking that nothing changed and that the text is stable.
fn assert_round_trip(game: &PgnGame) {
    let written = pgn::write_game(&game.tags, &game.game);
    let again = pgn::read_game(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again.tags, game.tags, "{written}");
    assert_eq!(again.result, game.result, "{written}");
    assert_eq!(again.game.moves(), game.game.moves(), "{written}");
    assert_eq!(again.game.outcome(), game.game.outcome(), "{written}");
    assert_eq!(
        again.game.initial_position().to_fen(),
        game.game.initial_position().to_fen()
    );
    assert_eq!(pgn::write_game(&again.tags, &again.game), written);
    for line in written.lines() {
        assert!(
            line.starts_with('[') || line.len() <= 80,
            "line too long: {line}"
        );
    }
}

#[test]
fn reading_writing_and_reading_again_changes_nothing() {
    for game in read_all(FAMOUS).iter().chain(&read_all(OUTCOMES)) {
        assert_round_trip(game);
    }
}

/// Writes with annotations, reads back and writes again: the same moves, NAGs and comments, and
/// the same bytes. Returns the text written.
fn assert_annotated_round_trip(tags: &Tags, game: &Game, annotations: &Annotations) -> String {
    let written = pgn::write_annotated(tags, game, annotations);
    let again = pgn::read_game(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again.game.moves(), game.moves(), "{written}");
    let mut expected = annotations.clone();
    expected
        .moves
        .resize_with(game.ply(), pgn::MoveAnnotation::default);
    assert_eq!(again.annotations, expected, "{written}");
    assert_eq!(
        pgn::write_annotated(&again.tags, &again.game, &again.annotations),
        written
    );
    for line in written.lines() {
        assert!(
            line.starts_with('[') || line.len() <= 80,
            "line too long: {line}"
        );
    }
    written
}

/// Plays SAN moves from the start.
fn game_of(moves: &[&str]) -> Game {
    Game::from_san_moves(Position::startpos(), moves).unwrap_or_else(|error| panic!("{error}"))
}

fn comment(text: &str) -> Comment {
    text.parse().expect("a valid comment")
}

#[test]
fn an_annotated_game_reads_back_with_the_same_nags_and_comments_and_writes_the_same_bytes() {
    let game = game_of(&[
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4", "Nxe5", "Qg5", "Nxf7", "Qxg2",
    ]);
    let mut annotations = Annotations::new();
    annotations.before.push(comment("A trap. [%clk 0:03:00]"));
    annotations.of_move_mut(0).comments.push(comment(&format!(
        "{} [%clk 0:03:00]",
        Eval::Centipawns(18).command()
    )));
    annotations.of_move_mut(5).nags.push(Nag::INTERESTING);
    let nxe5 = annotations.of_move_mut(6);
    nxe5.nags.extend([Nag::DUBIOUS, Nag(14)]);
    nxe5.comments
        .push(comment("[%eval 0.35] Inaccuracy. O-O was best."));
    nxe5.comments.push(comment(
        "A second comment, long enough to wrap: it goes on and on and on and on.",
    ));
    annotations
        .of_move_mut(7)
        .comments
        .push(comment("[%eval -2.10]"));
    let nxf7 = annotations.of_move_mut(8);
    nxf7.nags.extend([Nag(18), Nag::BLUNDER, Nag::MISTAKE]);
    annotations
        .of_move_mut(9)
        .comments
        .push(comment("[%eval #-3]"));

    let written = assert_annotated_round_trip(&Tags::new(), &game, &annotations);
    let movetext = written
        .split("\n\n")
        .nth(1)
        .expect("movetext after the tags");
    assert_eq!(
        movetext,
        "{ A trap. [%clk 0:03:00] } 1. e4 { [%eval 0.18] [%clk 0:03:00] } 1... e5 2. Nf3\n\
         Nc6 3. Bc4 Nd4!? 4. Nxe5?! $14 { [%eval 0.35] Inaccuracy. O-O was best. } { A\n\
         second comment, long enough to wrap: it goes on and on and on and on. } 4... Qg5\n\
         { [%eval -2.10] } 5. Nxf7 $18 $4 $2 Qxg2 { [%eval #-3] } *\n"
    );
}

#[test]
fn a_game_without_annotations_is_written_as_write_game_writes_it() {
    for game in read_all(FAMOUS).iter().chain(&read_all(OUTCOMES)) {
        assert_eq!(
            pgn::write_annotated(&game.tags, &game.game, &Annotations::new()),
            pgn::write_game(&game.tags, &game.game)
        );
        assert_annotated_round_trip(&game.tags, &game.game, &game.annotations);
    }
}

#[test]
fn a_lichess_analysis_export_is_read_with_its_evals_nags_and_comments() {
    let export = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n\
        1. e4 { [%eval 0.18] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } \
        2. Qh5?! { [%eval -0.35] Inaccuracy. Nf3 was best. } (2. Nf3 Nc6 { [%eval 0.2] }) \
        2... Nc6 3. Bc4 Nf6?? { [%eval #1] Blunder. g6 was best. } (3... g6 $1) 4. Qxf7# 1-0\n";
    let game = pgn::read_game(export).expect("valid");
    let a = &game.annotations;
    assert_eq!(a.moves.len(), 7);
    assert!(a.before.is_empty());
    let evals: Vec<Option<Eval>> = a
        .moves
        .iter()
        .map(|m| m.comments.first().and_then(Eval::from_comment))
        .collect();
    assert_eq!(
        evals,
        [
            Some(Eval::Centipawns(18)),
            Some(Eval::Centipawns(20)),
            Some(Eval::Centipawns(-35)),
            None,
            None,
            Some(Eval::Mate(1)),
            None
        ]
    );
    assert_eq!(a.moves[2].nags, [Nag::DUBIOUS]);
    assert_eq!(
        a.moves[2].comments,
        [comment("[%eval -0.35] Inaccuracy. Nf3 was best.")]
    );
    assert_eq!(a.moves[5].nags, [Nag::BLUNDER]);
    // Nothing from the variations: not Nc6's comment, not g6's NAG.
    assert!(a.moves[3].is_empty() && a.moves[4].is_empty() && a.moves[6].is_empty());
    assert_eq!(
        a.moves[0].comments[0].as_str(),
        "[%eval 0.18] [%clk 0:03:00]"
    );
    let written = pgn::write_annotated(&game.tags, &game.game, &game.annotations);
    let words: Vec<&str> = written.split_whitespace().collect();
    assert!(
        words
            .join(" ")
            .contains("2. Qh5?! { [%eval -0.35] Inaccuracy. Nf3 was best. } 2... Nc6 3. Bc4"),
        "{written}"
    );
}

#[test]
fn the_opera_games_comments_and_nags_are_kept_and_its_variations_are_not() {
    let opera = &read_all(FAMOUS)[0];
    let a = &opera.annotations;
    assert_eq!(
        a.before,
        [comment(
            "The Opera Game, played in a box at the Paris opera."
        )]
    );
    assert_eq!(a.moves[3].comments, [comment("Philidor's Defence.")]);
    assert_eq!(a.moves[5].nags, [Nag::MISTAKE]);
    assert_eq!(
        a.moves[5].comments,
        [comment("This is a weak move already.")]
    );
    assert_eq!(a.moves[17].nags, [Nag::DUBIOUS]);
    assert_eq!(a.moves[18].nags, [Nag::GOOD]);
    assert_eq!(a.moves[24].nags, [Nag::GOOD]);
    assert_eq!(a.moves[30].nags, [Nag::BRILLIANT]);
    let annotated: Vec<usize> = (0..a.moves.len())
        .filter(|&ply| a.of_move(ply).is_some())
        .collect();
    assert_eq!(annotated, [3, 5, 17, 18, 24, 30]);
}

#[test]
fn comments_before_the_tags_belong_to_no_game_and_before_a_tagless_game_to_it() {
    let games = read_all(
        "{between games} [Event \"a\"] {before a} 1. e4 * {after a}\n{before b} $1 1. d4 *",
    );
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].annotations.before, [comment("before a")]);
    assert!(games[0].annotations.moves[0].is_empty());
    assert_eq!(
        games[1].annotations.before,
        [comment("after a"), comment("before b")]
    );
    assert!(games[1].annotations.moves[0].is_empty());
    let err = pgn::read_game("{only} {comments} $1").expect_err("no game");
    assert!(matches!(err.kind, PgnErrorKind::NoGame));
}

#[test]
fn comments_are_normalised_and_refused_when_they_could_not_read_back() {
    assert_eq!(comment(" a\n\tb  c ").as_str(), "a b c");
    assert_eq!(" \n ".parse::<Comment>(), Err(InvalidCommentError::Empty));
    assert_eq!(
        "a}".parse::<Comment>(),
        Err(InvalidCommentError::ClosingBrace)
    );
    let long = "x".repeat(MAX_COMMENT_LEN + 1);
    assert_eq!(long.parse::<Comment>(), Err(InvalidCommentError::TooLong));
    assert!("x".repeat(MAX_COMMENT_LEN).parse::<Comment>().is_ok());
}

#[test]
fn evals_are_written_with_two_decimals_or_as_mates_and_read_forgivingly() {
    let written = [
        (Eval::Centipawns(35), "[%eval 0.35]"),
        (Eval::Centipawns(-120), "[%eval -1.20]"),
        (Eval::Centipawns(-5), "[%eval -0.05]"),
        (Eval::Centipawns(0), "[%eval 0.00]"),
        (Eval::Centipawns(1234), "[%eval 12.34]"),
        (Eval::Mate(3), "[%eval #3]"),
        (Eval::Mate(-3), "[%eval #-3]"),
    ];
    for (eval, command) in written {
        assert_eq!(eval.command(), command);
        assert_eq!(
            Eval::from_comment(&comment(command)),
            Some(eval),
            "{command}"
        );
    }
    for (text, eval) in [
        ("0.2", Eval::Centipawns(20)),
        ("+2", Eval::Centipawns(200)),
        ("-.5", Eval::Centipawns(-50)),
        ("0.355", Eval::Centipawns(36)),
        ("#+2", Eval::Mate(2)),
    ] {
        assert_eq!(text.parse::<Eval>(), Ok(eval), "{text}");
    }
    for text in ["", "-", ".", "1.2.3", "a", "#", "#x", "0,35", "99999999999"] {
        assert!(text.parse::<Eval>().is_err(), "{text:?}");
    }
    let with_depth = comment("[%eval 0.35,22] [%clk 0:01:00]");
    assert_eq!(Eval::from_comment(&with_depth), Some(Eval::Centipawns(35)));
    assert_eq!(Eval::from_comment(&comment("[%clk 0:01:00]")), None);
    assert_eq!(Eval::from_comment(&comment("[%eval 0.35")), None);
}

#[test]
fn nags_are_read_as_numbers_or_marks() {
    assert_eq!("$14".parse::<Nag>(), Ok(Nag(14)));
    assert_eq!("!!".parse::<Nag>(), Ok(Nag::BRILLIANT));
    assert_eq!(Nag::from_glyph("?"), Some(Nag::MISTAKE));
    for text in ["$", "$256", "$-1", "!!!", "14", ""] {
        assert!(text.parse::<Nag>().is_err(), "{text:?}");
    }
    for n in 1..=6 {
        let mark = Nag(n).glyph().expect("a move mark");
        assert_eq!(mark.parse::<Nag>(), Ok(Nag(n)));
    }
    assert_eq!(Nag(7).glyph(), None);
    assert_eq!(Nag(0).glyph(), None);
}

#[test]
fn a_game_keeps_a_bounded_amount_of_annotations() {
    let big = "word ".repeat(MAX_COMMENT_LEN / 5);
    let mut text = String::from("1. e4");
    for _ in 0..300 {
        text.push_str(&format!(" {{{big}}} $1"));
    }
    text.push_str(" e5 *");
    let game = pgn::read_game(&text).expect("valid");
    let kept = &game.annotations.moves[0];
    assert!(kept.comments.len() < 300);
    let bytes: usize = kept
        .comments
        .iter()
        .map(|c| c.as_str().len() + size_of::<Comment>())
        .sum::<usize>()
        + kept.nags.len();
    assert!(bytes <= MAX_ANNOTATION_BYTES, "{bytes}");
    assert!(
        bytes > MAX_ANNOTATION_BYTES - MAX_COMMENT_LEN - size_of::<Comment>(),
        "{bytes}"
    );
    assert_eq!(kept.nags.len(), 300);
    assert_eq!(game.game.ply(), 2);
    assert_annotated_round_trip(&game.tags, &game.game, &game.annotations);
}

#[test]
fn a_game_is_written_with_the_seven_tag_roster_numbers_and_wrapping() {
    let opera = &read_all(FAMOUS)[0];
    let expected = r#"[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[Annotator "AlphaChess tests"]
[Note "A quote \"inside\" a tag and a back\\slash"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8.
Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14.
Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"#;
    assert_eq!(pgn::write_game(&opera.tags, &opera.game), expected);
}

#[test]
fn a_game_from_a_set_up_position_is_written_with_its_fen_and_black_first_numbering() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let game = Game::from_san_moves(fen.parse().expect("valid FEN"), ["e5", "Nf3"]).expect("legal");
    let written = pgn::write_game(&Tags::new(), &game);
    assert_eq!(
        written,
        format!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
             [Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1... e5 2. Nf3 *\n"
        )
    );
}

#[test]
fn the_result_of_an_unfinished_game_comes_from_its_tag() {
    let mut tags = Tags::new();
    tags.set("Result", "0-1");
    tags.set("White", "Nobody");
    let written = pgn::write_game(&tags, &Game::default());
    assert!(written.contains("[Result \"0-1\"]"));
    assert!(written.ends_with("\n\n0-1\n"));
    assert!(written.contains("[White \"Nobody\"]"));
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

/// A reader that yields the same chunk `times` times, so a large input never sits in memory.
struct Repeat {
    chunk: &'static [u8],
    times: usize,
    offset: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.times == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.chunk.len() - self.offset);
        buf[..n].copy_from_slice(&self.chunk[self.offset..self.offset + n]);
        self.offset += n;
        if self.offset == self.chunk.len() {
            self.offset = 0;
            self.times -= 1;
        }
        Ok(n)
    }
}

/// Counts the bytes allocated by each thread, so that one test can measure its own peak.
struct CountingAllocator;

thread_local! {
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
    static PEAK_BYTES: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    LIVE_BYTES.with(|live| {
        live.set(live.get() + delta);
        PEAK_BYTES.with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// Safety: every call is forwarded unchanged to the system allocator; the only addition is
// bookkeeping in thread-local cells that need no allocation themselves.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn a_large_stream_is_read_game_by_game_in_bounded_memory() {
    // One game with a 1 MB comment and 1 MB of variations: 2 MB of text per game.
    let comment = format!("{{{}}}", "long comment ".repeat(80_000));
    let variations = "(1... c5 2. Nf3 d6 {x} (2... Nc6)) ".repeat(30_000);
    let chunk: &'static str = Box::leak(
        format!(
            "[Event \"big\"]\n1. e4 {comment} e5 {variations} 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n"
        )
        .into_boxed_str(),
    );
    let games = 5;
    let total_bytes = chunk.len() * games;
    assert!(total_bytes > 10_000_000, "{total_bytes}");

    let start = LIVE_BYTES.with(Cell::get);
    PEAK_BYTES.with(|peak| peak.set(start));
    let reader = Reader::new(BufReader::new(Repeat {
        chunk: chunk.as_bytes(),
        times: games,
        offset: 0,
    }));
    let mut read = 0;
    for game in reader {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.game.ply(), 6);
        read += 1;
    }
    assert_eq!(read, games);
    let peak = PEAK_BYTES.with(Cell::get) - start;
    assert!(
        peak < 256 * 1024,
        "reading {total_bytes} bytes peaked at {peak} bytes"
    );
}
