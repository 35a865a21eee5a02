//! Chess rules for AlphaChess: bitboards, magic move generation, Zobrist draws, FEN and UCI.
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
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod castling;
mod color;
mod fen;
mod game;
mod movegen;
mod moves;
mod perft;
pub mod pgn;
mod piece;
mod position;
mod role;
mod san;
mod square;
mod uci;
mod zobrist;
mod zobrist_keys;

pub use bitboard::{Bitboard, BitboardIter};
pub use castling::{CastlingRights, CastlingSide};
pub use color::{ByColor, Color};
pub use fen::{FenError, STARTPOS_FEN};
pub use game::{DrawReason, Game, GameResult, Outcome, ParseGameResultError, PlayError, WinReason};
pub use moves::{Move, MoveList, MoveListIntoIter, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use piece::Piece;
pub use position::{IllegalMoveError, Position};
pub use role::{ByRole, Role};
pub use san::{IllegalSanReason, ParseSanError, San, SanError, SanPlus, Suffix};
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{IllegalUciMoveError, ParseUciMoveError, UciMove};
