//! What is en prise, by the static exchange of `analysis::explain::exchange` (legal moves, exact
//! for the sequence it plays out): the material the side to move can win on one square, and what
//! a move leaves for the other side to win. Maia's steps judge their blunders and the free
//! material they take by it (`maia.rs`).

use alphachess_engine::{Move, Position};

use crate::analysis::explain::exchange::exchange_gain;
use crate::analysis::explain::material::balance;

/// The least material (in points) a blunder leaves en prise, net of what it took; and the least
/// free material that stops a blunder.
pub const EN_PRISE: i32 = 2;

/// What allowing a mate in one counts as, in points: more than all the material on the board.
pub const MATE: i32 = 100;

/// The most material the side to move in `position` wins by the exchange on one square of the
/// other side's pieces (0 when nothing pays).
pub fn free_material(position: &Position) -> i32 {
    position
        .by_color(!position.turn())
        .into_iter()
        .map(|square| exchange_gain(position, square))
        .max()
        .unwrap_or(0)
}

/// What `m` leaves en prise in `position`: the most the opponent then wins by one exchange,
/// minus what `m` itself took (so a fair trade leaves nothing), or [`MATE`] if the opponent
/// then mates in one; 0 for an illegal move.
pub fn left_en_prise(position: &Position, m: Move) -> i32 {
    let Ok(after) = position.after(m) else {
        return 0;
    };
    if mates_in_one(&after) {
        return MATE;
    }
    let side = position.turn();
    let took = balance(&after, side) - balance(position, side);
    free_material(&after) - took
}

/// Whether the side to move in `position` has a move that mates.
fn mates_in_one(position: &Position) -> bool {
    position
        .legal_moves()
        .into_iter()
        .any(|m| position.after(m).is_ok_and(|next| next.is_checkmate()))
}

/// The positions and moves these tests and Maia's (`maia/tests.rs`) are written in.
#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use alphachess_engine::UciMove;

    pub(in crate::games::opponent) fn position(fen: &str) -> Position {
        fen.parse().expect("a FEN")
    }

    pub(in crate::games::opponent) fn mv(position: &Position, uci: &str) -> Move {
        let m: UciMove = uci.parse().expect("uci");
        m.to_move(position).expect("legal")
    }

    /// Black's bishop on g4 looks at White's queen through the pawn on e2.
    pub(in crate::games::opponent) const PINNED_PAWN: &str =
        "rn1qkbnr/ppp1pppp/8/3p4/6b1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_move_that_overlooks_a_capture_leaves_it_en_prise_and_a_trade_does_not() {
        let p = position(PINNED_PAWN);
        // Nc3 leaves nothing: e2 is defended, d1 still covered.
        assert_eq!(left_en_prise(&p, mv(&p, "b1c3")), 0);
        // e2-e3 opens the bishop's line: Bxd1 Kxd1 wins 9 for 3.
        assert_eq!(left_en_prise(&p, mv(&p, "e2e3")), 6);
        // Bxf3 gxf3 is three for three.
        let trade = position("6k1/5ppp/8/8/6b1/5N2/5PPP/6K1 b - - 0 1");
        assert_eq!(left_en_prise(&trade, mv(&trade, "g4f3")), 0);
    }
}
