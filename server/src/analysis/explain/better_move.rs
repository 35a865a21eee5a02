//! The last resort, always true of legal lines: the engine's better move and what its line
//! does after the move played.

use alphachess_engine::{Position, SanPlus};

use super::{san, Explanation, ExplanationKind, MoveFacts, PV_PLIES};

pub(super) fn better_move(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    let &best = facts.best_line.first()?;
    let played = SanPlus::from_move(facts.before, facts.played);
    let reply = san(
        after,
        &facts.reply_line[..facts.reply_line.len().min(PV_PLIES)],
    );
    let best_line = san(
        facts.before,
        &facts.best_line[..facts.best_line.len().min(PV_PLIES)],
    );
    let tail = if reply.is_empty() {
        String::new()
    } else {
        format!(
            "; after {played}, Stockfish's line goes {}",
            reply.join(" ")
        )
    };
    let sentence = if best == facts.played {
        format!("Stockfish's line after {played}: {}.", reply.join(" "))
    } else {
        format!(
            "{} was better ({}){tail}.",
            SanPlus::from_move(facts.before, best),
            best_line.join(" ")
        )
    };
    Some(Explanation {
        kind: ExplanationKind::BetterMove,
        sentence,
        line: reply,
        from_ply: facts.ply,
    })
}
