//! Portable Game Notation: reading games (one, or a stream of many) and writing them, with their
//! annotations.
//!
//! Reading is forgiving about what real files contain — a byte-order mark, CRLF line ends,
//! missing tags, `;` comments, `!?` marks, `{}` anywhere, variations (skipped by [`read_game`]
//! with everything in them, never mistaken for the main line), `%` escape lines — and strict about the moves: an
//! illegal or unparsable one is an error naming the game, the move number and the text. Memory is
//! bounded per game, whatever the size of the file.
//!
//! [`read_tree`] keeps the variations too: it reads a game into a [`GameTree`], each variation's
//! moves checked legal from the position before the move they replace, with their comments and
//! NAGs, and [`write_tree`] writes the tree back in the same style with its variations
//! (`12. Nxe5 (12. Bb5 a6) 12... Qh4`), so that reading, writing and reading again gives the
//! same tree.
//!
//! The main line's annotations are kept ([`Annotations`]): comments before the first move, and
//! each move's NAGs ([`Nag`]; marks such as `?!` read as their NAG, `$6`) and `{ }` comments
//! ([`Comment`], whitespace collapsed, commands such as `[%eval 0.35]` and `[%clk 0:03:00]` kept
//! verbatim; [`Eval`] reads and writes the first). [`write_annotated`] writes them back the way
//! lichess exports analysed games, so that what it writes reads back to the same moves, NAGs and
//! comments and writes again to the same bytes:
//!
//! ```text
//! 12. Nxe5?! { [%eval 0.35] Inaccuracy. Nf3 was best. } 12... Qh4 { [%eval #-3] }
//! ```
//!
//! A move's first NAG, if it judges the move (`$1` to `$6`), is written as its mark right after
//! the move; any other NAG as `$n`; each comment as `{ text }`; and Black's move number is repeated
//! after a comment. [`write_game`] writes no annotations.
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
//! assert_eq!(game.annotations.moves[5].comments[0].as_str(), "the pin");
//! assert!(pgn::write_game(&game.tags, &game.game).contains("17. Rd8# 1-0"));
//! # Ok::<(), pgn::PgnError>(())
//! ```

mod annotations;
mod budget;
mod comment;
mod error;
mod eval;
mod lexer;
mod nag;
mod reader;
mod tags;
mod tree_writer;
mod variations;
mod writer;

pub use annotations::{Annotations, MoveAnnotation};
pub use budget::MAX_ANNOTATION_BYTES;
pub use comment::{Comment, InvalidCommentError, MAX_COMMENT_LEN};
pub use error::{MoveTextError, PgnError, PgnErrorKind};
pub use eval::{Eval, ParseEvalError};
pub use nag::{Nag, ParseNagError};
pub use reader::{read_game, read_tree, Reader, MAX_PLIES, MAX_TAGS};
pub use tags::Tags;
pub use tree_writer::write_tree;
pub use writer::{write_annotated, write_game};

use crate::{Game, GameResult, GameTree};

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
    /// The main line's comments and NAGs, one entry per move.
    pub annotations: Annotations,
}

/// One game read from PGN with its variations, as a move tree ([`read_tree`]).
///
/// The tags and result are those [`read_game`] reads; the tree's main line is its game's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTree {
    /// The tag pairs, normalised as [`PgnGame::tags`] are.
    pub tags: Tags,
    /// The moves, the main line first at every branching, with their comments and NAGs.
    pub tree: GameTree,
    /// The result, as [`PgnGame::result`].
    pub result: GameResult,
}
