//! PGN against real games: famous games with comments and variations, one game per way a game
//! can end, real-world file quirks (BOM, CRLF, missing tags), errors that say where, the
//! read -> write -> read round trip, and bounded memory on a large stream.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{BufReader, Read};

use alphachess_engine::pgn::{self, MoveTextError, PgnError, PgnErrorKind, PgnGame, Reader, Tags};
use alphachess_engine::{
    Color, DrawReason, DrawRule, Game, GameResult, Outcome, PlayError, Position, San, SanError,
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
    let mut game = Game::new(fen.parse().expect("valid FEN"));
    for san in ["e5", "Nf3"] {
        let m = san
            .parse::<San>()
            .expect("san")
            .to_move(game.position())
            .expect("legal");
        game.play(m).expect("legal");
    }
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
