//! A position as an analysis board needs it: whose turn, whether the game could go on, and
//! every legal move with where it leads, so a board shows any position without knowing the rules.

use alphachess_engine::{Color, Position, SanPlus};
use serde::Serialize;
use utoipa::ToSchema;

use super::color_name::ColorName;

/// Whether play could go on from the position, by the rules of the board alone (a repetition
/// needs the moves before it, which a position does not have).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BoardStatus {
    Playing,
    Checkmate,
    Stalemate,
    /// Neither side could ever mate.
    InsufficientMaterial,
    /// Fifty moves by each side without a capture or a pawn move: a draw may be claimed.
    FiftyMoves,
}

impl BoardStatus {
    /// The status of `position`; a mate on the hundredth half-move is a mate.
    pub fn of(position: &Position) -> BoardStatus {
        if position.is_checkmate() {
            BoardStatus::Checkmate
        } else if position.is_stalemate() {
            BoardStatus::Stalemate
        } else if position.has_insufficient_material() {
            BoardStatus::InsufficientMaterial
        } else if position.halfmove_clock() >= 100 {
            BoardStatus::FiftyMoves
        } else {
            BoardStatus::Playing
        }
    }
}

/// A legal move and the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BoardMove {
    /// In Chess960, castling is king-takes-rook (`e1h1`).
    #[schema(example = "e2e4")]
    pub uci: String,
    /// With `+` or `#` for a check or a mate.
    #[schema(example = "e4")]
    pub san: String,
    /// The position after the move.
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: String,
}

/// A position with its legal moves: `POST /api/positions/moves`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BoardPosition {
    /// The position, as the server writes FEN.
    #[schema(example = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
    pub fen: String,
    #[schema(value_type = ColorName)]
    pub turn: Color,
    pub status: BoardStatus,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Every legal move, in the rules crate's order; a promotion once per piece.
    pub legal_moves: Vec<BoardMove>,
}

impl BoardPosition {
    /// `position` and its legal moves.
    pub fn of(position: &Position) -> BoardPosition {
        let legal_moves = position
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = position.clone();
                after.play_unchecked(m);
                BoardMove {
                    uci: m.to_string(),
                    san: SanPlus::from_move(position, m).to_string(),
                    fen: after.to_fen(),
                }
            })
            .collect();
        BoardPosition {
            fen: position.to_fen(),
            turn: position.turn(),
            status: BoardStatus::of(position),
            check: position.is_check(),
            legal_moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::setup::parse_fen;

    fn board(fen: &str) -> BoardPosition {
        BoardPosition::of(&parse_fen(fen).expect("a FEN"))
    }

    #[test]
    fn the_start_has_twenty_moves_each_with_its_position() {
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(start.legal_moves.len(), 20, "Stockfish's perft 1");
        assert_eq!((start.status, start.check), (BoardStatus::Playing, false));
        let e4 = start
            .legal_moves
            .iter()
            .find(|m| m.uci == "e2e4")
            .expect("e4 is legal");
        assert_eq!(e4.san, "e4");
        assert_eq!(
            e4.fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
    }

    #[test]
    fn a_promotion_is_one_move_per_piece_and_a_mate_has_its_sign() {
        let promotion = board("7k/P7/8/8/8/8/8/K7 w - - 0 1");
        let promotions: Vec<&str> = promotion
            .legal_moves
            .iter()
            .filter(|m| m.uci.starts_with("a7a8"))
            .map(|m| m.san.as_str())
            .collect();
        assert_eq!(promotions.len(), 4, "{promotions:?}");
        assert!(promotions.contains(&"a8=Q+"), "{promotions:?}");
        let mated = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(mated.status, BoardStatus::Checkmate);
        assert!(mated.check && mated.legal_moves.is_empty());
    }

    #[test]
    fn stalemate_bare_kings_and_fifty_moves_are_told_apart() {
        assert_eq!(
            board("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").status,
            BoardStatus::Stalemate
        );
        assert_eq!(
            board("k7/8/1K6/8/8/8/8/8 w - - 0 1").status,
            BoardStatus::InsufficientMaterial
        );
        assert_eq!(
            board("k7/8/1K6/8/8/8/8/7R w - - 100 80").status,
            BoardStatus::FiftyMoves
        );
    }
}
