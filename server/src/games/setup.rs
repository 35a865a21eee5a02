//! The edge of `POST /api/games`: the request's text becomes a typed [`NewGame`].

use alphachess_engine::{pgn, Color, DrawRule, Game, Position};

use super::level::Level;
use super::state::MAX_PLIES;
use crate::error::ApiError;
use crate::token::random_bytes;

/// Longest FEN worth reading (the longest legal FEN is under 100 characters).
const MAX_FEN_LEN: usize = 128;

/// Which side the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    /// Reads `"white"`, `"black"` or `"random"`.
    pub fn parse(text: &str) -> Result<ColorChoice, ApiError> {
        match text {
            "white" => Ok(ColorChoice::White),
            "black" => Ok(ColorChoice::Black),
            "random" => Ok(ColorChoice::Random),
            _ => Err(ApiError::InvalidRequest(
                "color must be \"white\", \"black\" or \"random\"".into(),
            )),
        }
    }

    /// The player's colour, tossing a coin for `Random`.
    pub fn resolve(self) -> Result<Color, ApiError> {
        match self {
            ColorChoice::White => Ok(Color::White),
            ColorChoice::Black => Ok(Color::Black),
            ColorChoice::Random => {
                let [byte] = random_bytes::<1>()?;
                Ok(if byte & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                })
            }
        }
    }
}

/// A validated request for a new game.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub color: ColorChoice,
    pub level: Level,
    /// The start position and any moves already played (from a PGN).
    pub game: Game,
}

impl NewGame {
    /// Validates the fields of a create request.
    pub fn parse(
        color: &str,
        level: Option<i64>,
        fen: Option<&str>,
        pgn: Option<&str>,
    ) -> Result<NewGame, ApiError> {
        let color = ColorChoice::parse(color)?;
        let level = match level {
            None => Level::MAX,
            Some(n) => Level::new(n)
                .ok_or_else(|| ApiError::InvalidRequest("level must be between 1 and 8".into()))?,
        };
        let game = match (fen, pgn) {
            (Some(_), Some(_)) => {
                return Err(ApiError::InvalidRequest(
                    "give either fen or pgn, not both".into(),
                ))
            }
            (Some(fen), None) => Game::new(parse_fen(fen)?),
            (None, Some(pgn)) => parse_pgn(pgn)?,
            (None, None) => Game::default(),
        };
        Ok(NewGame { color, level, game })
    }
}

/// A FEN to start from: no control characters, a sane length, a possible position.
pub fn parse_fen(text: &str) -> Result<Position, ApiError> {
    if text.chars().any(char::is_control) {
        return Err(ApiError::InvalidFen(
            "it contains a control character".into(),
        ));
    }
    if text.len() > MAX_FEN_LEN {
        return Err(ApiError::InvalidFen(format!(
            "it is longer than {MAX_FEN_LEN} characters"
        )));
    }
    Position::from_fen(text).map_err(|error| ApiError::InvalidFen(error.to_string()))
}

/// The moves of a PGN's first game, to continue from its last position. A result token that the
/// board does not show (a resignation, an adjudication) is not kept: the player plays on.
///
/// Real games may play on past a threefold repetition or fifty moves, draws that over the board
/// only count when claimed, so the moves are replayed under FIDE's claim rule; live play then
/// ends such draws automatically again, as lichess does.
pub fn parse_pgn(text: &str) -> Result<Game, ApiError> {
    let read = pgn::read_game(text).map_err(|error| ApiError::InvalidPgn(error.to_string()))?;
    if read.game.ply() > MAX_PLIES {
        return Err(ApiError::InvalidPgn(format!(
            "the game has more than {MAX_PLIES} plies"
        )));
    }
    let mut game =
        Game::new(read.game.initial_position().clone()).with_draw_rule(DrawRule::ByClaim);
    for &m in read.game.moves() {
        game.play(m)
            .map_err(|error| ApiError::InvalidPgn(error.to_string()))?;
    }
    game.set_draw_rule(DrawRule::Automatic);
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(result: Result<NewGame, ApiError>) -> &'static str {
        result.err().map(|e| e.code().as_str()).unwrap_or("ok")
    }

    #[test]
    fn the_defaults_are_the_initial_position_at_full_strength() {
        let new = NewGame::parse("white", None, None, None).expect("valid");
        assert_eq!(new.level, Level::MAX);
        assert_eq!(new.game.ply(), 0);
        assert_eq!(new.color, ColorChoice::White);
    }

    #[test]
    fn out_of_range_fields_are_invalid_requests() {
        assert_eq!(
            code(NewGame::parse("purple", None, None, None)),
            "invalid_request"
        );
        assert_eq!(
            code(NewGame::parse("white", Some(0), None, None)),
            "invalid_request"
        );
        assert_eq!(
            code(NewGame::parse("white", Some(9), None, None)),
            "invalid_request"
        );
        assert_eq!(
            code(NewGame::parse(
                "white",
                None,
                Some("8/8/8/8/8/8/8/8 w - - 0 1"),
                Some("1. e4 *")
            )),
            "invalid_request"
        );
    }

    #[test]
    fn injected_uci_commands_in_a_fen_are_refused() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ngo infinite",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nsetoption name Debug Log File value /tmp/x",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - go infinite",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ] {
            assert_eq!(code(NewGame::parse("white", None, Some(fen), None)), "invalid_fen", "{fen:?}");
        }
    }

    #[test]
    fn a_pgn_is_continued_from_its_last_position() {
        let new = NewGame::parse("black", None, None, Some("1. e4 e5 2. Nf3 1-0")).expect("valid");
        assert_eq!(new.game.ply(), 3);
        assert_eq!(
            new.game.outcome(),
            None,
            "a result token alone does not end the game"
        );
    }

    #[test]
    fn a_pgn_that_played_on_past_a_threefold_repetition_is_imported_whole() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
        let new = NewGame::parse("white", None, None, Some(shuffle)).expect("valid");
        assert_eq!(new.game.ply(), 10);
        assert_eq!(new.game.outcome(), None);
    }

    #[test]
    fn a_pgn_ending_on_a_threefold_repetition_is_a_finished_game() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
        let new = NewGame::parse("white", None, None, Some(shuffle)).expect("valid");
        assert_eq!(
            new.game.outcome(),
            Some(alphachess_engine::Outcome::Draw {
                reason: alphachess_engine::DrawReason::ThreefoldRepetition
            })
        );
    }

    #[test]
    fn a_pgn_with_an_illegal_move_is_invalid() {
        assert_eq!(
            code(NewGame::parse(
                "white",
                None,
                None,
                Some("1. e4 e5 2. Ke3 *")
            )),
            "invalid_pgn"
        );
    }
}
