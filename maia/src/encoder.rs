//! lc0's `INPUT_CLASSICAL_112_PLANE` encoding of a position and its history, as lc0's
//! `EncodePositionForNN` writes it (the encoder behind the authors' `go nodes 1` and, through
//! trainingdata-tool, behind their training data):
//!
//! - 8 history positions, the current one first, 13 planes each: the side to move's pawns,
//!   knights, bishops, rooks, queens, king; the opponent's six; a plane of ones if that position
//!   had occurred before. Every board is seen from the side to move: for Black the ranks are
//!   mirrored, so "our" pieces always start on ranks 1–2.
//! - planes 104–107: ones if we may castle queenside, we kingside, they queenside, they kingside;
//!   108: ones if Black is to move; 109: the fifty-move counter (half-moves, not scaled: the
//!   weight files carry the 1/99 scaling); 110: zeros; 111: ones.
//! - before the game's first position (lc0's `FillEmptyHistory::FEN_ONLY`): nothing if the game
//!   began at the standard start position, otherwise copies of the first position, with a pawn
//!   that had just moved two squares put back on its starting square.

use alphachess_engine::{Bitboard, CastlingSide, Color, Piece, Position, Role};

/// The number of input planes.
pub const PLANES: usize = 112;
/// History positions encoded.
const HISTORY: usize = 8;
/// Planes per history position.
const PER_POSITION: usize = 13;
/// The first plane after the history ("aux" planes in lc0).
const AUX: usize = HISTORY * PER_POSITION;

/// 112 planes of 8×8, each a square mask and the value its set squares hold, as lc0 keeps them.
#[derive(Clone, Debug, PartialEq)]
pub struct InputPlanes {
    masks: [u64; PLANES],
    values: [f32; PLANES],
}

impl InputPlanes {
    fn new() -> InputPlanes {
        InputPlanes {
            masks: [0; PLANES],
            values: [1.0; PLANES],
        }
    }

    /// Plane `plane`'s squares (bit 0 = a1 from the side to move's point of view).
    pub fn mask(&self, plane: usize) -> u64 {
        self.masks[plane]
    }

    /// The value of plane `plane`'s set squares.
    pub fn value(&self, plane: usize) -> f32 {
        self.values[plane]
    }

    /// The input at `square` (0 = a1 from the side to move's point of view) of `plane`.
    pub fn at(&self, plane: usize, square: usize) -> f32 {
        if self.masks[plane] >> square & 1 == 1 {
            self.values[plane]
        } else {
            0.0
        }
    }

    /// Encodes the last position of `history` (the game's positions, its first position first).
    ///
    /// # Panics
    /// If `history` is empty.
    pub fn encode(history: &[Position]) -> InputPlanes {
        let current = history
            .last()
            .expect("a history holds at least one position");
        let us = current.turn();
        let mut planes = InputPlanes::new();
        let rights = current.castling_rights();
        let flags = [
            rights.has(us, CastlingSide::QueenSide),
            rights.has(us, CastlingSide::KingSide),
            rights.has(!us, CastlingSide::QueenSide),
            rights.has(!us, CastlingSide::KingSide),
            us == Color::Black,
        ];
        for (offset, set) in flags.into_iter().enumerate() {
            if set {
                planes.masks[AUX + offset] = !0;
            }
        }
        planes.masks[AUX + 5] = !0;
        planes.values[AUX + 5] = current.halfmove_clock() as f32;
        planes.masks[AUX + 7] = !0;

        let first = &history[0];
        let starts_at_startpos =
            first.ep_square().is_none() && first.zobrist() == Position::startpos().zobrist();
        for i in 0..HISTORY {
            let index = history.len() as isize - 1 - i as isize;
            if index < 0 && starts_at_startpos {
                break;
            }
            let position = &history[index.max(0) as usize];
            let base = i * PER_POSITION;
            for (r, role) in Role::ALL.into_iter().enumerate() {
                planes.masks[base + r] = oriented(position.by_piece(Piece { color: us, role }), us);
                planes.masks[base + 6 + r] =
                    oriented(position.by_piece(Piece { color: !us, role }), us);
            }
            if index >= 0 && repeated(history, index as usize) {
                planes.masks[base + 12] = !0;
            }
            if index < 0 {
                planes.undo_double_push(base, first, us);
            }
        }
        planes
    }

    /// lc0 fills the history before a FEN's position with that position, except that a pawn
    /// which the FEN says just moved two squares stands on its starting square again.
    fn undo_double_push(&mut self, base: usize, first: &Position, us: Color) {
        let Some(ep) = first.ep_square() else { return };
        let mover = !first.turn();
        let (now, before) = match mover {
            Color::White => (ep.index() + 8, ep.index() - 8),
            Color::Black => (ep.index() - 8, ep.index() + 8),
        };
        let plane = if mover == us { base } else { base + 6 };
        let moved = Bitboard(1 << now) | Bitboard(1 << before);
        self.masks[plane] ^= oriented(moved, us);
    }
}

/// A board mask from `us`'s point of view: Black sees the ranks mirrored.
fn oriented(mask: Bitboard, us: Color) -> u64 {
    match us {
        Color::White => mask.0,
        Color::Black => mask.0.swap_bytes(),
    }
}

/// Whether `history[index]` had occurred before, as lc0's `ComputeLastMoveRepetitions` decides:
/// the same board, side to move, castling rights and en-passant flag (the Polyglot key, whose
/// en-passant rule is lc0's), looking back two plies at a time until a capture or pawn move.
fn repeated(history: &[Position], index: usize) -> bool {
    let last = &history[index];
    if last.halfmove_clock() < 4 {
        return false;
    }
    let mut earlier = index.checked_sub(4);
    while let Some(j) = earlier {
        let position = &history[j];
        if position.zobrist() == last.zobrist() {
            return true;
        }
        if position.halfmove_clock() < 2 {
            return false;
        }
        earlier = j.checked_sub(2);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::{Game, UciMove};

    fn game(moves: &str) -> Game {
        let mut game = Game::default();
        for text in moves.split_whitespace() {
            let m = text
                .parse::<UciMove>()
                .expect("uci")
                .to_move(game.position())
                .expect("legal");
            game.play(m).expect("legal");
        }
        game
    }

    #[test]
    fn the_start_position_has_one_board_and_no_history() {
        let planes = InputPlanes::encode(Game::default().positions());
        assert_eq!(planes.mask(0), 0xff00, "our pawns on rank 2");
        assert_eq!(planes.mask(11), 1 << 60, "their king on e8");
        assert!(
            (13..AUX).all(|p| planes.mask(p) == 0),
            "no history before the start"
        );
        assert!(
            (AUX..AUX + 4).all(|p| planes.mask(p) == !0),
            "all castling rights"
        );
        assert_eq!(planes.mask(AUX + 4), 0, "White to move");
    }

    #[test]
    fn black_sees_the_board_mirrored_and_history_follows() {
        let planes = InputPlanes::encode(game("e2e4").positions());
        assert_eq!(
            planes.mask(0),
            0xff00,
            "Black's pawns, mirrored onto rank 2"
        );
        assert_eq!(
            planes.mask(6),
            0x00ef_0010_0000_0000,
            "White's pawns incl. e4, mirrored to e5"
        );
        assert_eq!(
            planes.mask(13 + 6),
            0x00ff_0000_0000_0000,
            "a ply ago White's pawns were home"
        );
        assert_eq!(planes.mask(AUX + 4), !0, "Black to move");
    }

    #[test]
    fn a_repeated_position_sets_its_repetition_plane() {
        let planes = InputPlanes::encode(game("g1f3 g8f6 f3g1 f6g8").positions());
        assert_eq!(planes.mask(12), !0, "the start position again");
        assert!((1..5).all(|i| planes.mask(i * PER_POSITION + 12) == 0));
        assert_eq!(
            planes.value(AUX + 5),
            4.0,
            "four half-moves without a pawn move or capture"
        );
    }

    #[test]
    fn a_fen_start_fills_history_with_the_double_push_undone() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let start = Position::from_fen(fen).expect("valid FEN");
        let planes = InputPlanes::encode(Game::new(start).positions());
        assert_eq!(planes.mask(6), 0x00ef_0010_0000_0000);
        assert_eq!(
            planes.mask(13 + 6),
            0x00ff_0000_0000_0000,
            "e-pawn back on e2 (mirrored)"
        );
        assert_eq!(planes.mask(7 * 13 + 6), 0x00ff_0000_0000_0000);
    }
}
