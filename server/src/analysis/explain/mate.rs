//! Forced mates checked by the rules crate alone: a claim "mate in N" is stated only when a full
//! search of every defence proves it, never on the engine's word.
//!
//! The search is exhaustive (no pruning but the order: checks first), so it is kept to
//! [`MAX_PROVEN_MATE`] moves: a mate in 2 is at most a few tens of thousands of positions.

use alphachess_engine::Position;

/// The longest mate (in the attacker's moves) this module proves.
pub const MAX_PROVEN_MATE: u32 = 2;

/// Whether the side to move in `position` mates in at most `moves` of its moves, whatever the
/// defence (only up to [`MAX_PROVEN_MATE`]; longer claims are refused).
pub fn mates_within(position: &Position, moves: u32) -> bool {
    if moves == 0 || moves > MAX_PROVEN_MATE {
        return false;
    }
    position.legal_moves().into_iter().any(|m| {
        let mut after = position.clone();
        if after.play(m).is_err() {
            return false;
        }
        after.is_checkmate() || (moves > 1 && every_defence_mated_within(&after, moves - 1))
    })
}

/// Whether the side to move in `position` (the defender) is mated within `moves` of the
/// attacker's moves whatever it plays. Stalemate is no mate: there must be a defence to lose.
pub fn every_defence_mated_within(position: &Position, moves: u32) -> bool {
    let defences = position.legal_moves();
    !defences.is_empty()
        && defences.into_iter().all(|defence| {
            let mut next = position.clone();
            next.play(defence).is_ok() && mates_within(&next, moves)
        })
}

/// The shortest forced mate for the side to move, if one within [`MAX_PROVEN_MATE`] exists.
pub fn shortest_mate(position: &Position) -> Option<u32> {
    (1..=MAX_PROVEN_MATE).find(|&n| mates_within(position, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        fen.parse().expect("a FEN")
    }

    #[test]
    fn a_back_rank_mate_in_one_is_proven() {
        // Ra8# (black's king boxed in by its own pawns).
        let p = position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert!(mates_within(&p, 1));
        assert_eq!(shortest_mate(&p), Some(1));
    }

    #[test]
    fn a_mate_in_two_is_proven_and_not_in_one() {
        // Queen and king against a cornered king; Qb7 is blocked by white's own king on b6.
        // Stockfish 15.1 says mate 2 (`go depth 12`).
        let p = position("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1");
        assert!(!mates_within(&p, 1));
        assert!(mates_within(&p, 2));
        assert_eq!(shortest_mate(&p), Some(2));
    }

    #[test]
    fn no_mate_is_claimed_where_there_is_none_or_past_the_proof_s_reach() {
        assert_eq!(
            shortest_mate(&position("k7/8/8/8/8/8/8/K7 w - - 0 1")),
            None
        );
        assert_eq!(shortest_mate(&Position::startpos()), None);
        assert!(!mates_within(&Position::startpos(), 3));
    }
}
