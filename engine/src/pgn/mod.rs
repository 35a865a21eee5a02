//! Portable Game Notation: reading games (one, or a stream of many) and writing them.
//!
//! Reading is forgiving about what real files contain — a byte-order mark, CRLF line ends,
//! missing tags, comments, NAGs, `!?` marks, variations (skipped, never mistaken for the main
//! line), `%` escape lines — and strict about the moves: an illegal or unparsable one is an error
//! naming the game, the move number and the text. Memory is bounded per game, whatever the size
//! of the file.
//!
//! Games are read under [`DrawRule::ByClaim`](crate::DrawRule), FIDE's over-the-board rule: a
//! real game may play on past a threefold repetition or the fifty-move rule, and a `1/2-1/2`
//! where such a draw is claimable is read as that draw being claimed.
//!
//! ```
//! use alphachess_engine::pgn;
//! use alphachess_engine::GameResult;
//!
//! let text = r#"[White "Morphy"] [Black "Duke Karl / Count Isouard"]
//! 1. e4 e5 2. Nf3 d6 3. d4 Bg4 {the pin} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
//! 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6
//! 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"#;
//! let game = pgn::read_game(text)?;
//! assert_eq!(game.tags.get("White"), Some("Morphy"));
//! assert_eq!(game.game.moves().len(), 33);
//! assert_eq!(game.result, GameResult::WhiteWins);
//! assert!(pgn::write_game(&game.tags, &game.game).contains("17. Rd8# 1-0"));
//! # Ok::<(), pgn::PgnError>(())
//! ```

mod error;
mod lexer;
mod reader;
mod tags;
mod writer;

pub use error::{MoveTextError, PgnError, PgnErrorKind};
pub use reader::{read_game, Reader, MAX_PLIES, MAX_TAGS};
pub use tags::Tags;
pub use writer::write_game;

use crate::{Game, GameResult};

/// One game read from PGN.
///
/// The tags are normalised to what [`write_game`] writes — the Seven Tag Roster first (filled
/// with `?` where missing), `Result` agreeing with [`PgnGame::result`], `SetUp`/`FEN` only for a
/// non-standard start — so that reading, writing and reading again gives the same value.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs.
    pub tags: Tags,
    /// The start position and the main line's moves, with the game's outcome: the one on the
    /// board (checkmate, stalemate, insufficient material, fivefold repetition, the 75-move rule)
    /// if any, else the claimed draw (threefold repetition, fifty moves) a drawn result token
    /// stands for where one is claimable, else a resignation or agreed draw standing for a
    /// decisive or drawn result token. The game follows [`DrawRule::ByClaim`](crate::DrawRule).
    pub game: Game,
    /// The result: the board's outcome if the game ended on the board, else the result token
    /// (or, without one, the `Result` tag).
    pub result: GameResult,
}
