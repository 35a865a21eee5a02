//! Writing: the round trip, the seven tag roster, set-up positions, results.

use super::*;

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
