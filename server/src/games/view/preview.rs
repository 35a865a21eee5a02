//! A look at a position before any game starts from it: what the "from a position" start screen
//! shows. Nothing is stored and no engine is asked.

use alphachess_engine::{Color, Game, SanPlus};
use serde::Serialize;
use utoipa::ToSchema;

use super::color_name::ColorName;

/// Where a game created from the same FEN or PGN would start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PositionPreview {
    /// The position a game would start at (a PGN's final position).
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: String,
    /// The side to move there.
    #[schema(value_type = ColorName)]
    pub turn: Color,
    /// Plies the PGN played (0 for a FEN).
    pub ply: usize,
    /// The PGN's moves in SAN (empty for a FEN).
    #[schema(example = json!(["e4"]))]
    pub moves: Vec<String>,
    /// How many legal moves the side to move has.
    pub legal_moves: usize,
}

impl PositionPreview {
    /// The preview of `game`, as `setup::parse_fen` or `setup::parse_pgn` read it.
    pub fn of(game: &Game) -> PositionPreview {
        let position = game.position();
        // positions()[i] is the position before moves()[i].
        let moves = game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(&m, before)| SanPlus::from_move(before, m).to_string())
            .collect();
        PositionPreview {
            fen: position.to_fen(),
            turn: position.turn(),
            ply: game.ply(),
            moves,
            legal_moves: position.count_legal_moves(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::setup::{parse_fen, parse_pgn};

    #[test]
    fn a_pgn_previews_its_final_position_and_its_moves_in_san() {
        let game = parse_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 *").expect("a PGN");
        let preview = PositionPreview::of(&game);
        assert_eq!(
            preview.fen,
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
        );
        assert_eq!(preview.turn, Color::Black);
        assert_eq!(preview.ply, 5);
        assert_eq!(preview.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(preview.legal_moves, 30, "Stockfish's perft 1");
    }

    #[test]
    fn a_fen_previews_itself_with_no_moves() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let preview = PositionPreview::of(&Game::new(parse_fen(fen).expect("a FEN")));
        assert_eq!(preview.fen, fen);
        assert_eq!(preview.turn, Color::White);
        assert_eq!((preview.ply, preview.moves.len()), (0, 0));
        assert_eq!(preview.legal_moves, 15, "Stockfish's perft 1");
    }
}
