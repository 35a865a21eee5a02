//! The exchange on one square, played out with legal moves (static exchange evaluation): what
//! "hangs" means (issue #38). A piece hangs when it is lost for less than it is worth once every
//! capture and recapture on its square that pays is played, never when it is only traded.
//!
//! Each side captures with its least valuable piece (a king only where the capture is legal,
//! which the rules crate decides, pins included) and may stop at any point, as SEE assumes; the
//! result is exact for that sequence, not an engine's guess.

use alphachess_engine::{Move, Position, Square};

use super::material::{balance, value};

/// The legal capture on `square` with the least valuable piece, if any.
fn least_valuable_capture(position: &Position, square: Square) -> Option<Move> {
    position
        .legal_moves()
        .into_iter()
        .filter(|&m| m.to() == square && position.is_capture(m))
        .min_by_key(|&m| {
            let role = position.moved_role(m);
            // The king last: it captures only when nothing can take it back.
            if role == alphachess_engine::Role::King {
                100
            } else {
                value(role)
            }
        })
}

/// The material (in points) the side to move in `position` wins by capturing on `square` and
/// playing out the exchange there, each side free to stop: 0 when it should not start.
pub fn exchange_gain(position: &Position, square: Square) -> i32 {
    let Some(capture) = least_valuable_capture(position, square) else {
        return 0;
    };
    let side = position.turn();
    let mut next = position.clone();
    if next.play(capture).is_err() {
        return 0;
    }
    // The capture's own gain (a promotion included), then the other side's best continuation.
    let gain = balance(&next, side) - balance(position, side);
    (gain - exchange_gain(&next, square)).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gain(fen: &str, square: &str) -> i32 {
        let position: Position = fen.parse().expect("a FEN");
        exchange_gain(&position, square.parse().expect("a square"))
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // Black's bishop takes the knight on f3; nothing takes back.
        assert_eq!(gain("6k1/5ppp/8/8/6b1/5N2/5P1P/6K1 b - - 0 1", "f3"), 3);
    }

    #[test]
    fn a_defended_piece_of_equal_worth_is_a_trade() {
        // Bxf3 gxf3: three for three.
        assert_eq!(gain("6k1/5ppp/8/8/6b1/5N2/5PPP/6K1 b - - 0 1", "f3"), 0);
    }

    #[test]
    fn a_rook_defended_only_by_a_pawn_still_loses_to_a_knight() {
        // Nxd4 wins the rook (5), exd4 takes the knight back (3): 2.
        assert_eq!(gain("6k1/8/8/5n2/3R4/4P3/8/6K1 b - - 0 1", "d4"), 2);
    }

    #[test]
    fn a_side_stops_when_the_next_capture_would_lose() {
        // The queen would take a pawn defended by a pawn: it does not start.
        assert_eq!(gain("6k1/8/2p5/3p4/8/8/8/3Q2K1 w - - 0 1", "d5"), 0);
        // A rook behind the queen does not change that: Qxd5 cxd5 Rxd5 is 1 + 1 - 9.
        assert_eq!(gain("6k1/8/2p5/3p4/8/8/3R4/3Q2K1 w - - 0 1", "d5"), 0);
    }
}
