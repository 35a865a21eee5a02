//! The sentences about material a line wins: the win a move missed, or a plain statement of
//! what the engine's reply line takes.

use alphachess_engine::{Move, Position, SanPlus};

use super::material::{balance, gain_along, name, value};
use super::{
    san, Explanation, ExplanationKind, MoveFacts, MATERIAL_PLIES, MATERIAL_POINTS, PV_PLIES,
};

pub(super) fn misses_material(facts: &MoveFacts<'_>) -> Option<Explanation> {
    let &best = facts.best_line.first()?;
    if best == facts.played || !facts.before.is_capture(best) {
        return None;
    }
    let plies = facts.best_line.len().min(MATERIAL_PLIES);
    let won = gain_along(facts.before, facts.before.turn(), facts.best_line, plies)?;
    if won < MATERIAL_POINTS {
        return None;
    }
    let line = san(facts.before, &facts.best_line[..plies]);
    Some(Explanation {
        kind: ExplanationKind::MissesMaterial,
        sentence: format!(
            "Misses {}, which wins {won} points of material: {}.",
            SanPlus::from_move(facts.before, best),
            line.join(" ")
        ),
        line,
        from_ply: facts.ply - 1,
    })
}

/// The material `line` (replayed from `position`) wins for the side not to move, in words: "a
/// knight" when the net is exactly one of the pieces it took, else "3 points of material".
fn material_words(position: &Position, line: &[Move], won: i32) -> String {
    let mut at = position.clone();
    let winner = position.turn();
    for &m in line {
        if at.turn() == winner {
            if let Some(role) = at.captured_role(m).filter(|&role| value(role) == won) {
                return format!("a {}", name(role));
            }
        }
        if at.play(m).is_err() {
            break;
        }
    }
    format!(
        "{won} {} of material",
        if won == 1 { "point" } else { "points" }
    )
}

pub(super) fn loses_material(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    let mover = facts.before.turn();
    let plies = facts.reply_line.len().min(PV_PLIES);
    // Counted from before the move, so what the move itself took is counted: a trade is no loss.
    let taken_by_move = balance(after, mover) - balance(facts.before, mover);
    let lost = -gain_along(after, mover, facts.reply_line, plies)? - taken_by_move;
    if lost < 1 {
        return None;
    }
    let line = san(after, &facts.reply_line[..plies]);
    // The material that moved, in the line's own order (the winner moves first after `after`).
    let words = material_words(after, &facts.reply_line[..plies], lost);
    Some(Explanation {
        kind: ExplanationKind::LosesMaterial,
        sentence: format!(
            "After this, Stockfish's line wins {words}: {}.",
            line.join(" ")
        ),
        line,
        from_ply: facts.ply,
    })
}
