//! Annotations: NAGs, comments and evals read, kept within bounds, and written back the same.

use super::*;

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
