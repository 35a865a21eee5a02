//! A player's move as sent, read in two steps as shakmaty does: syntax first, at the edge
//! (`"Nf3".parse::<PlayerMove>()`, a 400 when it is no notation at all), then legality against the
//! game's position under its lock ([`PlayerMove::to_move`], a 422 when it names no legal move).

use std::str::FromStr;

use alphachess_engine::{Move, Position, San, SanPlus, UciMove};

use crate::games::model::error::GameError;
use crate::games::model::lowercase_san::lowercase_readings;

/// Longest move text worth reading (`Qh4xe1+!?` is 9 characters).
const MAX_MOVE_TEXT: usize = 16;

/// A move in UCI (`e2e4`, `e7e8q`) or SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`), not yet resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerMove {
    Uci(UciMove),
    San(San),
    /// Text typed in lower case (`nf3`, `bc4`): its readings, the most likely first, and a second
    /// one when a leading `b` may be the bishop or the b-pawn (see `lowercase_san`).
    LowerCase(San, Option<San>),
}

/// The text is neither UCI nor SAN (or is too long, or holds a control character).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is neither a UCI move (e2e4) nor a SAN move (Nf3)")]
pub struct ParsePlayerMoveError(String);

impl ParsePlayerMoveError {
    /// Enough of the refused text to recognise it in an error message.
    pub fn into_text(self) -> String {
        self.0
    }
}

impl FromStr for PlayerMove {
    type Err = ParsePlayerMoveError;

    fn from_str(text: &str) -> Result<PlayerMove, ParsePlayerMoveError> {
        let refused = || ParsePlayerMoveError(text.chars().take(MAX_MOVE_TEXT).collect());
        if text.is_empty()
            || text.len() > MAX_MOVE_TEXT
            || !text.bytes().all(|b| b.is_ascii_graphic())
        {
            return Err(refused());
        }
        if let Ok(uci) = text.parse::<UciMove>() {
            return Ok(PlayerMove::Uci(uci));
        }
        // All lower case with a leading `b`: the bishop first, as lichess reads it, before the
        // strict reading (the b-pawn).
        let lowercase = lowercase_readings(text);
        if text.starts_with('b') && lowercase.len() > 1 {
            return Ok(PlayerMove::LowerCase(
                lowercase[0],
                lowercase.get(1).copied(),
            ));
        }
        if let Ok(san) = text.parse::<SanPlus>() {
            return Ok(PlayerMove::San(san.san));
        }
        match lowercase.as_slice() {
            [first, rest @ ..] => Ok(PlayerMove::LowerCase(*first, rest.first().copied())),
            [] => Err(refused()),
        }
    }
}

impl PlayerMove {
    /// The legal move this names in `position`; [`GameError::IllegalMove`] (with the count of
    /// legal moves) when it names none.
    pub fn to_move(&self, position: &Position) -> Result<Move, GameError> {
        match self {
            PlayerMove::Uci(uci) => uci.to_move(position).map_err(|error| {
                illegal(
                    format!("the move {uci} is not legal here: {error}"),
                    position,
                )
            }),
            PlayerMove::San(san) => san
                .to_move(position)
                .map_err(|error| illegal(error.to_string(), position)),
            PlayerMove::LowerCase(first, then) => first
                .to_move(position)
                .or_else(|error| then.map_or(Err(error), |then| then.to_move(position)))
                .map_err(|error| illegal(error.to_string(), position)),
        }
    }
}

/// [`GameError::IllegalMove`] in `position`, with the count of its legal moves.
pub(in crate::games) fn illegal(message: String, position: &Position) -> GameError {
    GameError::IllegalMove {
        message,
        legal_moves: position.legal_moves().len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::startpos()
    }

    fn resolve(text: &str) -> Result<Move, GameError> {
        text.parse::<PlayerMove>()
            .expect("test text is notation")
            .to_move(&start())
    }

    #[test]
    fn uci_and_san_name_the_same_move() {
        let uci = resolve("g1f3").expect("legal UCI");
        let san = resolve("Nf3").expect("legal SAN");
        assert_eq!(uci, san);
        assert_eq!(uci.to_string(), "g1f3");
    }

    #[test]
    fn an_illegal_move_is_422_with_the_legal_count() {
        for text in ["e2e5", "Nf6", "Ke2"] {
            match resolve(text) {
                Err(GameError::IllegalMove { legal_moves, .. }) => assert_eq!(legal_moves, 20),
                other => panic!("{text}: expected illegal_move, got {other:?}"),
            }
        }
    }

    #[test]
    fn text_that_is_no_move_at_all_is_invalid_notation() {
        for text in [
            "",
            "hello",
            "e2e4\ngo infinite",
            "e2e4 ",
            "setoption name Debug Log File value /tmp/x",
            "z9z9",
        ] {
            assert!(text.parse::<PlayerMove>().is_err(), "{text:?}");
        }
    }

    #[test]
    fn lower_case_san_is_read_where_it_is_unambiguous() {
        assert_eq!(resolve("nf3").expect("nf3 is Nf3").to_string(), "g1f3");
        assert_eq!(resolve("e4").expect("a pawn move").to_string(), "e2e4");
        assert_eq!(resolve("b4").expect("the b-pawn").to_string(), "b2b4");
        // 1. e4 e5: bc4 is the bishop (lichess's reading).
        let open = "1. e4 e5 *";
        let game = crate::games::model::setup::parse_pgn(open).expect("a legal PGN");
        let bishop = "bc4"
            .parse::<PlayerMove>()
            .expect("notation")
            .to_move(game.position())
            .expect("Bc4 is legal");
        assert_eq!(bishop.to_string(), "f1c4");
    }

    #[test]
    fn a_leading_b_falls_back_to_the_b_pawn_when_the_bishop_cannot_go_there() {
        // After 2... Nc6 the b5-pawn can take on c6 and no white bishop reaches c6.
        let game =
            crate::games::model::setup::parse_pgn("1. b4 d5 2. b5 Nc6 *").expect("a legal PGN");
        let pawn = "bc6"
            .parse::<PlayerMove>()
            .expect("notation")
            .to_move(game.position())
            .expect("bxc6 is legal");
        assert_eq!(pawn.to_string(), "b5c6");
    }

    #[test]
    fn a_refused_text_is_shortened_for_the_message() {
        let long = "setoption name Debug Log File value /tmp/x";
        let error = long.parse::<PlayerMove>().expect_err("not a move");
        assert_eq!(error.into_text(), &long[..MAX_MOVE_TEXT]);
    }
}
