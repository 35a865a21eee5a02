//! PGN against real games: famous games with comments and variations, one game per way a game
//! can end, real-world file quirks (BOM, CRLF, missing tags), errors that say where, the
//! read -> write -> read round trip (with and without annotations), lichess-style annotations,
//! and bounded memory on a large stream. A file per concern; here what they share.

mod annotations;
mod draws;
mod memory;
mod reading;
mod writing;

use alphachess_engine::pgn::{
    self, Annotations, Comment, Eval, InvalidCommentError, MoveTextError, Nag, PgnError,
    PgnErrorKind, PgnGame, Reader, Tags, MAX_ANNOTATION_BYTES, MAX_COMMENT_LEN,
};
use alphachess_engine::{
    Color, DrawReason, DrawRule, Game, GameResult, Outcome, PlayError, Position, SanError,
    WinReason,
};

const FAMOUS: &str = include_str!("../data/famous.pgn");
const OUTCOMES: &str = include_str!("../data/outcomes.pgn");

fn read_all(text: &str) -> Vec<PgnGame> {
    Reader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn errors(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    Reader::new(text.as_bytes()).collect()
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
