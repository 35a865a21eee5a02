//! Human blunders: how a Maia step plays below the weakest band a network learned from (issue
//! #37). A hotter temperature alone does not get there (uniform over Maia 1100's top five
//! measured about 980): what makes a beginner lose is not a random move but a plausible one that
//! overlooks a threat. So, at a step's blunder rate, the step plays the most likely move of the
//! band's players that leaves material en prise, judged by the static exchange of
//! `analysis::explain::exchange` (legal moves, exact for the sequence it plays out).
//!
//! Of the plausible moves that overlook something, the step plays the one that loses the most
//! (a mate in one allowed counts above any material): measured, the most likely of them alone
//! left Maia 1100 at about 850 however often it blundered (#37's log in docs/ladder.md).
//!
//! Two limits keep it human. The move is one at least a step's share of the band's players make
//! ([`PLAUSIBLE`] per mille unless the step says otherwise, never under [`LEAST_PLAUSIBLE`]),
//! never one nobody would consider. And a step never blunders while free material is on
//! the board for it: a beginner overlooks threats, but takes a hanging queen.

use alphachess_engine::{Move, Position};

use crate::analysis::explain::exchange::exchange_gain;
use crate::analysis::explain::material::balance;

/// The least material (in points) a blunder leaves en prise, net of what it took; and the least
/// free material that stops a blunder.
pub const EN_PRISE: i32 = 2;

/// The least probability (per mille) of a move a step may blunder with, unless the step says
/// otherwise: one player of the band in two hundred makes it.
pub const PLAUSIBLE: u16 = 5;

/// The least a step may say: one player of the band in five hundred.
pub const LEAST_PLAUSIBLE: u16 = 2;

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

/// The blunder a step would make in `position` from the band's `policy` (most likely first):
/// of the moves at least `plausible` per mille likely that leave at least [`EN_PRISE`] en prise, the
/// one that leaves the most (the more likely of equals). `None` when free material is there for
/// the taking, or no plausible move blunders.
pub fn blunder(position: &Position, policy: &[(Move, f32)], plausible: u16) -> Option<(Move, f32)> {
    if free_material(position) >= EN_PRISE {
        return None;
    }
    let floor = f32::from(plausible) / 1000.0;
    policy
        .iter()
        .take_while(|&&(_, p)| p >= floor)
        .map(|&candidate| (left_en_prise(position, candidate.0), candidate))
        .filter(|&(lost, _)| lost >= EN_PRISE)
        .max_by(|(lost, (_, p)), (other, (_, q))| lost.cmp(other).then(p.total_cmp(q)))
        .map(|(_, candidate)| candidate)
}

/// The move that takes free material, for a step that takes it (`@g`): when the side to move
/// has at least [`EN_PRISE`] to win by exchange, the legal move that wins the most net of what it
/// leaves en prise (at least [`EN_PRISE`]; the more likely in `policy` of equals), whatever its
/// probability. `None` when nothing is free or no move nets it.
///
/// Any legal move, not only the network's candidates: measured, the free queens Maia 1100 left
/// at temperature 1 were mostly captures its band's policy ranks below the candidates' floor
/// (22.Bh8xe5 along the long diagonal, 9...Bxd1 behind 9...Bxe6), so a rule among the candidates
/// would keep most of the misses. The static exchange decides what is free, so the move is
/// still one a beginner who sees the hanging piece makes; the step shows it among the
/// candidates, as it shows a blunder.
pub fn free_capture(position: &Position, policy: &[(Move, f32)]) -> Option<(Move, f32)> {
    if free_material(position) < EN_PRISE {
        return None;
    }
    let side = position.turn();
    let before = balance(position, side);
    position
        .legal_moves()
        .into_iter()
        // A move that takes less than EN_PRISE cannot net it: skip the exchange for the rest.
        .filter(|&m| {
            position
                .after(m)
                .is_ok_and(|after| balance(&after, side) - before >= EN_PRISE)
        })
        .map(|m| (-left_en_prise(position, m), m))
        .filter(|&(net, _)| net >= EN_PRISE)
        .map(|(net, m)| {
            let p = policy.iter().find(|&&(c, _)| c == m).map_or(0.0, |c| c.1);
            (net, (m, p))
        })
        .max_by(|(net, (_, p)), (other, (_, q))| net.cmp(other).then(p.total_cmp(q)))
        .map(|(_, taken)| taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::UciMove;

    fn position(fen: &str) -> Position {
        fen.parse().expect("a FEN")
    }

    fn mv(position: &Position, uci: &str) -> Move {
        let m: UciMove = uci.parse().expect("uci");
        m.to_move(position).expect("legal")
    }

    /// Black's bishop on g4 looks at White's queen through the pawn on e2.
    const PINNED_PAWN: &str = "rn1qkbnr/ppp1pppp/8/3p4/6b1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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

    #[test]
    fn the_blunder_is_the_most_likely_plausible_move_that_leaves_material() {
        let p = position(PINNED_PAWN);
        let policy = [
            (mv(&p, "b1c3"), 0.6),
            (mv(&p, "e2e3"), 0.2),
            (mv(&p, "e2e4"), 0.1),
        ];
        assert_eq!(blunder(&p, &policy, PLAUSIBLE), Some(policy[1]));
        // A move hardly anyone of the band makes is never the blunder.
        let implausible = [(mv(&p, "b1c3"), 0.99), (mv(&p, "e2e3"), 0.004)];
        assert_eq!(blunder(&p, &implausible, PLAUSIBLE), None);
        assert_eq!(blunder(&p, &implausible, 4), Some(implausible[1]));
    }

    #[test]
    fn the_blunder_loses_the_most_and_a_mate_in_one_most_of_all() {
        // 1.f3 e5: 2.g4?? allows Qh4#; 2.e3?? leaves nothing; 2.Nc3 nothing.
        let p = position("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(left_en_prise(&p, mv(&p, "g2g4")), MATE);
        let policy = [
            (mv(&p, "e2e4"), 0.5),
            (mv(&p, "g2g4"), 0.05),
            (mv(&p, "b1c3"), 0.04),
        ];
        assert_eq!(blunder(&p, &policy, PLAUSIBLE), Some(policy[1]));
        // Of two moves that leave the queen to the bishop, the more likely.
        let q = position(PINNED_PAWN);
        let policy = [
            (mv(&q, "b1c3"), 0.6),
            (mv(&q, "e2e4"), 0.2),
            (mv(&q, "e2e3"), 0.1),
        ];
        assert_eq!(blunder(&q, &policy, PLAUSIBLE), Some(policy[1]));
    }

    #[test]
    fn free_material_stops_a_blunder() {
        // As above, and Black's knight on a3 is free for the b-pawn or the knight on b1.
        let p = position("r2qkbnr/ppp1pppp/8/3p4/6b1/n7/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(free_material(&p), 3);
        let policy = [(mv(&p, "e2e3"), 0.5), (mv(&p, "b2a3"), 0.4)];
        assert_eq!(left_en_prise(&p, mv(&p, "e2e3")), 6);
        assert_eq!(blunder(&p, &policy, PLAUSIBLE), None);
    }

    #[test]
    fn free_capture_wins_the_most_net_of_what_it_leaves() {
        // Black's queen on h4 hangs to the knight on f3, the knight on a3 to the b-pawn: the
        // queen is taken, however less likely.
        let p = position("r1b1kbnr/pppp1ppp/8/4p3/7q/n4N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
        assert_eq!(free_material(&p), 9);
        let policy = [(mv(&p, "b2a3"), 0.7), (mv(&p, "f3h4"), 0.2)];
        assert_eq!(free_capture(&p, &policy), Some(policy[1]));
        // Nothing free: nothing to take.
        let q = position(PINNED_PAWN);
        assert_eq!(free_capture(&q, &[(mv(&q, "b1c3"), 1.0)]), None);
        // A capture outside the policy given is still found, with probability 0.
        assert_eq!(
            free_capture(&p, &[(mv(&p, "b2a3"), 1.0)]),
            Some((mv(&p, "f3h4"), 0.0))
        );
    }
}
