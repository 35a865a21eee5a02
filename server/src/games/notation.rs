//! The edge where a player's move text becomes a legal [`Move`]: syntax first, then legality.

use alphachess_engine::{Move, Position, SanPlus, UciMove};

use crate::error::ApiError;

/// Longest move text worth reading (`Qh4xe1+!?` is 9 characters).
const MAX_MOVE_TEXT: usize = 16;

/// Reads `text` as UCI (`e2e4`, `e7e8q`) or SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`) and resolves it in
/// `position`: 400 `invalid_move_notation` for anything that is neither, 422 `illegal_move`
/// (with the count of legal moves) for a move that is well formed but not legal here.
pub fn parse_move(text: &str, position: &Position) -> Result<Move, ApiError> {
    if text.is_empty() || text.len() > MAX_MOVE_TEXT || !text.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(ApiError::InvalidMoveNotation(shorten(text)));
    }
    if let Ok(uci) = text.parse::<UciMove>() {
        return uci.to_move(position).map_err(|error| {
            illegal(
                format!("the move {text} is not legal here: {error}"),
                position,
            )
        });
    }
    let san: SanPlus = text
        .parse()
        .map_err(|_| ApiError::InvalidMoveNotation(shorten(text)))?;
    san.san
        .to_move(position)
        .map_err(|error| illegal(error.to_string(), position))
}

/// 422 `illegal_move` in `position`, with the count of its legal moves.
pub(super) fn illegal(message: String, position: &Position) -> ApiError {
    ApiError::IllegalMove {
        message,
        legal_moves: position.legal_moves().len(),
    }
}

/// Enough of a refused text to recognise it in an error message.
fn shorten(text: &str) -> String {
    text.chars().take(MAX_MOVE_TEXT).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::startpos()
    }

    #[test]
    fn uci_and_san_name_the_same_move() {
        let uci = parse_move("g1f3", &start()).expect("legal UCI");
        let san = parse_move("Nf3", &start()).expect("legal SAN");
        assert_eq!(uci, san);
        assert_eq!(uci.to_string(), "g1f3");
    }

    #[test]
    fn an_illegal_move_is_422_with_the_legal_count() {
        for text in ["e2e5", "Nf6", "Ke2"] {
            match parse_move(text, &start()) {
                Err(ApiError::IllegalMove { legal_moves, .. }) => assert_eq!(legal_moves, 20),
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
            assert!(
                matches!(
                    parse_move(text, &start()),
                    Err(ApiError::InvalidMoveNotation(_))
                ),
                "{text:?}"
            );
        }
    }
}
