//! Perft: counting the leaf nodes of the legal move tree, the standard check of a move generator.

use crate::movegen::{pawn_origin, MoveSet};
use crate::{Move, Position, Role};

/// The number of leaf nodes `depth` plies below `pos` (bulk-counted at depth 1).
///
/// ```
/// use alphachess_engine::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            let mut below = |child: &Position| nodes += perft(child, depth - 1);
            pos.generate(|set| match set {
                // Plain moves, the great majority, are played from the set's parts directly.
                MoveSet::Piece { role, from, to } => {
                    for to in to {
                        let mut child = pos.clone();
                        child.play_normal_unchecked(from, to, role, role);
                        below(&child);
                    }
                }
                MoveSet::Pawns { to, delta } => {
                    for to in to {
                        let mut child = pos.clone();
                        let from = pawn_origin(to, delta);
                        child.play_normal_unchecked(from, to, Role::Pawn, Role::Pawn);
                        below(&child);
                    }
                }
                _ => {
                    let role = set.role();
                    set.for_each(|m| {
                        let mut child = pos.clone();
                        child.play_role_unchecked(m, role);
                        below(&child);
                    });
                }
            });
            nodes
        }
    }
}

/// The perft count below each legal move at the root, in generation order (`depth` >= 1).
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
