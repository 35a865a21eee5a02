//! Chess rules for AlphaChess: bitboards, magic move generation, Zobrist draws, FEN, UCI, SAN and PGN.
//!
//! Parse text at the edge into typed values, then ask the position:
//!
//! ```
//! use alphachess_engine::{perft, Position, UciMove};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 20);
//! let uci: UciMove = "e2e4".parse().expect("valid uci syntax");
//! let m = uci.to_move(&pos).expect("legal in the start position");
//! pos.play(m).expect("legal");
//! assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(pos.zobrist(), 0x823c9b50fd114196);
//! assert_eq!(perft(&Position::startpos(), 4), 197_281);
//! ```
//!
//! A [`Game`] keeps the moves and the positions reached, and says how the game ended:
//!
//! ```
//! use alphachess_engine::{Color, Game, GameResult, Outcome, UciMove, WinReason};
//!
//! let mut game = Game::default();
//! for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     let uci: UciMove = text.parse().expect("valid uci syntax");
//!     let m = uci.to_move(game.position()).expect("legal");
//!     game.play(m).expect("the game goes on");
//! }
//! let mate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate };
//! assert_eq!(game.outcome(), Some(mate));
//! assert_eq!(game.result(), GameResult::BlackWins);
//! assert_eq!(game.result().to_string(), "0-1");
//! ```
//!
//! The vocabulary ([`Square`], [`Color`], [`Role`], [`Piece`], [`Bitboard`], [`Move`],
//! [`CastlingRights`]) is re-exported flat; [`attacks`] exposes the attack tables; [`pgn`] reads
//! and writes games, and [`GameTree`] keeps a game's variations. With the `serde` feature the vocabulary types implement `Serialize` and
//! `Deserialize` (squares and moves as their text).
//!
//! Moves are generated legal by construction (check and pin masks, no make-and-test), the
//! position is a 96-byte value copied per move, and [`perft`] counts the last ply with popcounts.
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod castling;
mod castling_rooks;
mod chess960;
mod color;
mod fen;
mod game;
mod line;
mod movegen;
mod moves;
mod perft;
pub mod pgn;
mod piece;
mod position;
mod replay;
mod role;
mod san;
mod square;
mod tree;
mod uci;
mod zobrist;
mod zobrist_keys;

pub use bitboard::{Bitboard, BitboardIter};
pub use castling::{CastlingMode, CastlingRights, CastlingSide};
pub use castling_rooks::CastlingSquares;
pub use chess960::{Chess960NumberError, STANDARD_CHESS960_NUMBER};
pub use color::{ByColor, Color};
pub use fen::{FenError, STARTPOS_FEN};
pub use game::{
    DrawReason, DrawRule, Game, GameResult, NoClaimableDrawError, Outcome, ParseGameResultError,
    PlayError, WinReason,
};
pub use line::Line;
pub use moves::{Move, MoveList, MoveListIntoIter, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use piece::Piece;
pub use position::{IllegalMoveError, Position};
pub use replay::{ReplayError, ReplayErrorReason};
pub use role::{ByRole, Role};
pub use san::{IllegalSanReason, ParseSanError, San, SanError, SanPlus, Suffix};
pub use square::{File, ParseSquareError, Rank, Square};
pub use tree::{GameTree, Node, NodeId, TreeError, MAX_TREE_NODES, MAX_VARIATION_DEPTH};
pub use uci::{IllegalUciMoveError, ParseUciMoveError, UciMove};
