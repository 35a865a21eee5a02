//! Opening names (ECO code and name) for games, from the lichess chess-openings data set.
//!
//! [`opening_of`] follows the data set's own advice: walk back from the game's current position
//! to the first named one, so the deepest named position reached wins and transpositions count;
//! a game that has left theory keeps the last name it had.

mod book;

use std::sync::OnceLock;

use alphachess_engine::Game;
use serde::Serialize;
use utoipa::ToSchema;

pub use book::{Book, BookError, FILES};

/// A named opening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Opening {
    #[schema(example = "B90")]
    pub eco: String,
    #[schema(example = "Sicilian Defense: Najdorf Variation")]
    pub name: String,
}

/// The book, read on first use (a few milliseconds; see the tests).
pub fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::read(&FILES).expect("the embedded opening data reads (tested)"))
}

/// The opening `game` is in: the name of the latest named position it reached. A Chess960 game
/// has none: the book is standard chess theory, which even setup 518 leaves at its first castling.
pub fn opening_of(game: &Game) -> Option<&'static Opening> {
    if game.initial_position().is_chess960() {
        return None;
    }
    let book = book();
    game.positions()
        .iter()
        .rev()
        .find_map(|position| book.get(position.repetition_key()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::pgn;

    fn game(moves: &str) -> Game {
        pgn::read_game(moves).expect("test moves are legal").game
    }

    fn name(moves: &str) -> Option<(String, String)> {
        opening_of(&game(moves)).map(|o| (o.eco.clone(), o.name.clone()))
    }

    #[test]
    fn the_najdorf_is_recognised() {
        assert_eq!(
            name("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6"),
            Some(("B90".into(), "Sicilian Defense: Najdorf Variation".into()))
        );
    }

    #[test]
    fn a_transposition_finds_the_same_name() {
        // The Queen's Gambit Declined reached by 1. c4 e6 2. Nc3 d5 3. d4 instead of 1. d4 d5
        // 2. c4 e6 3. Nc3.
        let main = opening_of(&game("1. d4 d5 2. c4 e6 3. Nc3"));
        let transposed = opening_of(&game("1. c4 e6 2. Nc3 d5 3. d4"));
        assert!(main.is_some());
        assert_eq!(main, transposed);
    }

    #[test]
    fn a_game_that_leaves_theory_keeps_the_last_name() {
        let in_book = name("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6");
        let beyond =
            name("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h4 h5 7. Rh3 Rh6");
        assert_eq!(beyond, in_book);
    }

    #[test]
    fn the_start_position_has_no_name() {
        assert_eq!(opening_of(&Game::default()), None);
    }
}
