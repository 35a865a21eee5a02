//! The sentences about mate: a move that allows one, or misses one, proven or on the engine's
//! line.

use alphachess_engine::{Move, Position};

use super::mate::{every_defence_mated_within, shortest_mate, MAX_PROVEN_MATE};
use super::{quoted, san, Explanation, ExplanationKind, MoveFacts};

/// Whether the first `plies` moves of `line` from `position` are legal and end in checkmate.
fn ends_in_mate(position: &Position, line: &[Move], plies: usize) -> bool {
    if line.len() < plies {
        return false;
    }
    let mut at = position.clone();
    line[..plies].iter().all(|&m| at.play(m).is_ok()) && at.is_checkmate()
}

/// How many plies of `line` from `position` lead to checkmate, if the line (replayed with the
/// rules crate) ends in one within its length.
fn plies_to_mate(position: &Position, line: &[Move]) -> Option<usize> {
    let mut at = position.clone();
    for (index, &m) in line.iter().enumerate() {
        at.play(m).ok()?;
        if at.is_checkmate() {
            return Some(index + 1);
        }
    }
    None
}

/// A mate in `n` on `line` (`plies` long) from `position`: proven by full search when short
/// enough ([`shortest_mate`]), else shown by the engine's line, which the caller replayed to the
/// checkmate. The sentence's tail says which.
fn mate_claim(position: &Position, line: &[Move], plies: usize) -> (usize, Vec<String>, String) {
    let n = plies.div_ceil(2);
    let san = san(position, &line[..plies]);
    let proven = shortest_mate(position).is_some_and(|proven| proven as usize == n);
    let text = if proven {
        format!("{n}: {}", quoted(&san))
    } else {
        format!("{n} (Stockfish's line): {}", quoted(&san))
    };
    (n, san, text)
}

pub(super) fn allows_mate(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    // A proven short mate shown by the line, else any mate the line shows.
    let plies = match shortest_mate(after) {
        Some(n) if ends_in_mate(after, facts.reply_line, 2 * n as usize - 1) => 2 * n as usize - 1,
        _ => plies_to_mate(after, facts.reply_line).filter(|plies| plies % 2 == 1)?,
    };
    let (_, line, text) = mate_claim(after, facts.reply_line, plies);
    Some(Explanation {
        kind: ExplanationKind::AllowsMate,
        sentence: format!("Allows mate in {text}."),
        line,
        from_ply: facts.ply,
    })
}

pub(super) fn misses_mate(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    if after.is_checkmate() || facts.best_line.first() == Some(&facts.played) {
        return None;
    }
    let plies = plies_to_mate(facts.before, facts.best_line).filter(|plies| plies % 2 == 1)?;
    let n = plies.div_ceil(2);
    // A move that still mates within the same number of moves misses nothing: every defence
    // then loses to a mate in n - 1 (checked where the proof reaches).
    let limit = u32::try_from(n).unwrap_or(u32::MAX);
    if limit > 1 && limit <= MAX_PROVEN_MATE + 1 && every_defence_mated_within(after, limit - 1) {
        return None;
    }
    let (_, line, text) = mate_claim(facts.before, facts.best_line, plies);
    Some(Explanation {
        kind: ExplanationKind::MissesMate,
        sentence: format!("Misses mate in {text}."),
        line,
        from_ply: facts.ply - 1,
    })
}
