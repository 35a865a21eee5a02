//! Why a move was bad, in one plain sentence that the rules crate checks on the engine's line
//! (issues #25 and #38). Every Inaccuracy, Mistake, Blunder and Miss gets one.
//!
//! A sentence is never free text and never the engine's word alone: each rule states a fact the
//! rules crate checks on the engine's line before anything is said, and the sentence names that
//! line. The rules, first that holds:
//! - **allows mate in N**: after the move the opponent mates in N whatever the defence (N ≤ 2,
//!   proven by a full search, [`mate`]), or the engine's reply line, replayed, ends in checkmate
//!   after N of the opponent's moves (any N; the sentence then says it is Stockfish's line);
//! - **misses mate in N**: the same for the engine's best line before the move, when the move
//!   played does not itself mate or still mate in time (N ≤ 2, proven) and is not the best;
//! - **hangs a piece**: the engine's reply takes one of the mover's pieces (not a pawn), and
//!   once the exchange on that square is played out ([`exchange`], static exchange evaluation
//!   with legal moves) the mover has lost at least 2 points net, counting what the move itself
//!   took on that square: a trade (31.Rxc8 Qxc8) never hangs anything;
//! - **allows a fork**: the engine's reply puts a piece where it attacks two or more of the
//!   mover's pieces that it can win (the king, a piece worth more than the attacker, or one worth
//!   3 or more that nothing defends), and over the reply and the next three moves of its line the
//!   mover ends down at least 2 points;
//! - **allows a pin or a skewer**: the engine's reply puts a bishop, rook or queen where it attacks
//!   one of the mover's pieces with another of them behind it on the same line: a pin when the one
//!   in front is worth less than the one behind (or the one behind is the king), a skewer when the
//!   one in front is the king or worth more; and over four moves of the line the mover ends down at
//!   least 2 points;
//! - **allows a promotion**: within the first three moves of the engine's reply line the
//!   opponent promotes a pawn, and up to the move after the promotion the mover ends down at
//!   least 3 points;
//! - **misses a win of material**: the engine's best move was a capture whose line (four moves)
//!   wins at least 2 points;
//! - **loses material** (a plain statement of the line): over the engine's reply line (at most
//!   [`PV_PLIES`] moves, replayed) the mover ends down at least 1 point: "After this, Stockfish's
//!   line wins a knight: …";
//! - **a better move** (the last resort, always true of legal lines): "Qxc8 was better (…);
//!   after Nb8, Stockfish's line goes …".

pub mod exchange;
pub mod mate;
pub mod material;

use alphachess_engine::{attacks, Line, Move, Position, Role, SanPlus, Square};
use serde::Serialize;
use utoipa::ToSchema;

use self::exchange::exchange_gain;
use self::mate::{every_defence_mated_within, shortest_mate, MAX_PROVEN_MATE};
use self::material::{balance, gain_along, name, value};

/// Moves of a line that material claims look at: the capture, the reply, and one more pair.
const MATERIAL_PLIES: usize = 4;
/// The least a line must win or lose, in points, for a sentence about material.
const MATERIAL_POINTS: i32 = 2;
/// The most moves of a line a plain statement replays and quotes.
pub const PV_PLIES: usize = 6;
/// A mate line longer than this many moves is quoted with its middle left out.
const QUOTED_PLIES: usize = 7;

/// What kind of fact a sentence states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExplanationKind {
    AllowsMate,
    MissesMate,
    HangsPiece,
    AllowsFork,
    AllowsPin,
    AllowsSkewer,
    AllowsPromotion,
    MissesMaterial,
    /// A plain statement: the engine's reply line wins material from the mover.
    LosesMaterial,
    /// A plain statement: the engine's better move and what its line does after the move played.
    BetterMove,
}

/// One checked sentence about a move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Explanation {
    pub kind: ExplanationKind,
    /// E.g. "Allows mate in 1: Qxf7#."
    #[schema(example = "Hangs the knight on f3: Bxf3 wins it.")]
    pub sentence: String,
    /// The line the sentence rests on, in SAN.
    #[schema(example = json!(["Bxf3", "Qxf3"]))]
    pub line: Vec<String>,
    /// Where `line` starts: the position after this many plies (the move's own ply for what it
    /// allows, the ply before it for what it misses).
    pub from_ply: usize,
}

/// What a move's explanation is built from: the position before it, the move, and the engine's
/// lines from before it (its best) and after it (the reply).
#[derive(Debug, Clone, Copy)]
pub struct MoveFacts<'a> {
    /// The move's ply (1 is the first move).
    pub ply: usize,
    pub before: &'a Position,
    pub played: Move,
    /// The engine's line from `before`, starting with its best move.
    pub best_line: &'a [Move],
    /// The engine's line from the position after `played`, starting with its reply.
    pub reply_line: &'a [Move],
}

/// The sentence a tactic rule proves about a bad move, if any (the rules above, before the
/// plain statements).
pub fn explain(facts: &MoveFacts<'_>) -> Option<Explanation> {
    let mut after = facts.before.clone();
    after.play(facts.played).ok()?;
    allows_mate(facts, &after)
        .or_else(|| misses_mate(facts, &after))
        .or_else(|| hangs_piece(facts, &after))
        .or_else(|| allows_fork(facts, &after))
        .or_else(|| allows_pin_or_skewer(facts, &after))
        .or_else(|| allows_promotion(facts, &after))
        .or_else(|| misses_material(facts))
}

/// The sentence for a bad move (an Inaccuracy or worse): the rule [`explain`] proves, else a
/// plain statement of what the engine's lines do ([`ExplanationKind::LosesMaterial`],
/// [`ExplanationKind::BetterMove`]). `None` only for a move that is not legal in `before`.
pub fn explain_every(facts: &MoveFacts<'_>) -> Option<Explanation> {
    let mut after = facts.before.clone();
    after.play(facts.played).ok()?;
    explain(facts)
        .or_else(|| loses_material(facts, &after))
        .or_else(|| better_move(facts, &after))
}

/// `moves` from `position` in SAN, up to the first illegal one.
fn san(position: &Position, moves: &[Move]) -> Vec<String> {
    Line::from_moves(position, moves)
        .san()
        .iter()
        .map(ToString::to_string)
        .collect()
}

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

/// A mating line quoted in a sentence: whole when short, else its start, "…" and the mate.
fn quoted(line: &[String]) -> String {
    if line.len() <= QUOTED_PLIES {
        return line.join(" ");
    }
    let start = &line[..QUOTED_PLIES - 2];
    format!("{} … {}", start.join(" "), line[line.len() - 1])
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

fn allows_mate(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

fn misses_mate(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

/// What the mover loses net on the square the engine's `reply` captures on: the piece taken,
/// minus what the exchange there gets back, minus what the move played itself took on that
/// square (a trade loses nothing). `None` when the reply takes nothing.
pub fn hung_loss(before: &Position, played: Move, after: &Position, reply: Move) -> Option<i32> {
    let mover = before.turn();
    after.captured_role(reply)?;
    let mut taken = after.clone();
    taken.play(reply).ok()?;
    let reply_gain = balance(&taken, !mover) - balance(after, !mover);
    let won_back = exchange_gain(&taken, reply.to());
    let took_there = if played.to() == reply.to() {
        balance(after, mover) - balance(before, mover)
    } else {
        0
    };
    Some(reply_gain - won_back - took_there)
}

fn hangs_piece(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    let &reply = facts.reply_line.first()?;
    let taken = after.captured_role(reply)?;
    // A capture that promotes wins the promotion too: what is lost there is the pawn's march,
    // not a piece left unguarded ("taking back there" would get a queen), so it is no hang.
    if value(taken) < 3 || reply.is_promotion() {
        return None;
    }
    let lost = hung_loss(facts.before, facts.played, after, reply)?;
    if lost < MATERIAL_POINTS {
        return None;
    }
    let plies = facts.reply_line.len().min(MATERIAL_PLIES);
    let line = san(after, &facts.reply_line[..plies]);
    let square = reply.to();
    let capture = SanPlus::from_move(after, reply);
    let piece = name(taken);
    let sentence = if lost >= value(taken) {
        format!("Hangs the {piece} on {square}: {capture} wins it.")
    } else {
        let back = value(taken) - lost;
        format!(
            "Hangs the {piece} on {square}: {capture} wins it, and taking back there gets only {back} {} for it.",
            if back == 1 { "point" } else { "points" }
        )
    };
    Some(Explanation {
        kind: ExplanationKind::HangsPiece,
        sentence,
        line,
        from_ply: facts.ply,
    })
}

/// The mover's pieces the piece on `from` attacks in `position` and can win: the king, a piece
/// worth more than it, or one worth 3 or more that nothing of the mover's defends; the most
/// valuable first.
fn fork_targets(position: &Position, from: Square) -> Vec<(Role, Square)> {
    let Some(forker) = position.piece_at(from) else {
        return Vec::new();
    };
    let victim = !forker.color;
    let occupied = position.occupied();
    let attacked = match forker.role {
        Role::Pawn => attacks::pawn_attacks(forker.color, from),
        Role::Knight => attacks::knight_attacks(from),
        Role::Bishop => attacks::bishop_attacks(from, occupied),
        Role::Rook => attacks::rook_attacks(from, occupied),
        Role::Queen => attacks::queen_attacks(from, occupied),
        Role::King => attacks::king_attacks(from),
    } & position.by_color(victim);
    let mut targets: Vec<(Role, Square)> = attacked
        .into_iter()
        .filter_map(|square| {
            let role = position.role_at(square)?;
            let defended = position.attackers_to(square, victim, occupied).any();
            let wins = role == Role::King
                || value(role) > value(forker.role)
                || (value(role) >= 3 && !defended);
            wins.then_some((role, square))
        })
        .collect();
    targets.sort_by_key(|&(role, _)| {
        std::cmp::Reverse(if role == Role::King { 100 } else { value(role) })
    });
    targets
}

fn allows_fork(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    let mover = facts.before.turn();
    let &reply = facts.reply_line.first()?;
    let mut forked = after.clone();
    forked.play(reply).ok()?;
    let targets = fork_targets(&forked, reply.to());
    if targets.len() < 2 {
        return None;
    }
    let plies = facts.reply_line.len().min(MATERIAL_PLIES);
    let lost = -gain_along(after, mover, facts.reply_line, plies)?;
    if lost < MATERIAL_POINTS {
        return None;
    }
    let line = san(after, &facts.reply_line[..plies]);
    let named: Vec<String> = targets
        .iter()
        .take(2)
        .map(|&(role, square)| match role {
            Role::King => "the king".to_owned(),
            role => format!("the {} on {square}", name(role)),
        })
        .collect();
    Some(Explanation {
        kind: ExplanationKind::AllowsFork,
        sentence: format!(
            "Allows a fork: {} attacks {} and {}: {}.",
            SanPlus::from_move(after, reply),
            named[0],
            named[1],
            line.join(" ")
        ),
        line,
        from_ply: facts.ply,
    })
}

/// The piece in front and the piece behind it on one line from the slider on `from`: a pin or
/// a skewer of the other side's pieces, if there is one worth naming.
fn pinned_line(position: &Position, from: Square) -> Option<(ExplanationKind, Square, Square)> {
    let slider = position.piece_at(from)?;
    let rays = |occupied| match slider.role {
        Role::Bishop => attacks::bishop_attacks(from, occupied),
        Role::Rook => attacks::rook_attacks(from, occupied),
        Role::Queen => attacks::queen_attacks(from, occupied),
        _ => alphachess_engine::Bitboard::EMPTY,
    };
    let victims = position.by_color(!slider.color);
    let occupied = position.occupied();
    let worth = |role: Role| if role == Role::King { 100 } else { value(role) };
    let seen = rays(occupied);
    for front in seen & victims {
        // What the slider would see through `front`, on the same line: the piece behind it.
        let revealed = rays(occupied.without(front)) & !seen & attacks::line(from, front);
        let Some(behind) = (revealed & victims).into_iter().next() else {
            continue;
        };
        let (front_role, behind_role) = (position.role_at(front)?, position.role_at(behind)?);
        if front_role != Role::King
            && worth(front_role) < worth(behind_role)
            && value(front_role) >= 3
        {
            return Some((ExplanationKind::AllowsPin, front, behind));
        }
        if (front_role == Role::King || worth(front_role) > worth(behind_role))
            && value(behind_role) >= 3
        {
            return Some((ExplanationKind::AllowsSkewer, front, behind));
        }
    }
    None
}

fn allows_pin_or_skewer(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    let mover = facts.before.turn();
    let &reply = facts.reply_line.first()?;
    let mut attacked = after.clone();
    attacked.play(reply).ok()?;
    let (kind, front, behind) = pinned_line(&attacked, reply.to())?;
    let plies = facts.reply_line.len().min(MATERIAL_PLIES);
    let lost = -gain_along(after, mover, facts.reply_line, plies)?;
    if lost < MATERIAL_POINTS {
        return None;
    }
    let line = san(after, &facts.reply_line[..plies]);
    let piece = |square: Square| match attacked.role_at(square) {
        Some(Role::King) => "the king".to_owned(),
        Some(role) => format!("the {} on {square}", name(role)),
        None => String::new(),
    };
    let attack = SanPlus::from_move(after, reply);
    let sentence = match kind {
        ExplanationKind::AllowsPin => format!(
            "Allows a pin: {attack} pins {} to {}: {}.",
            piece(front),
            piece(behind),
            line.join(" ")
        ),
        _ => format!(
            "Allows a skewer: {attack} attacks {} and {} behind it: {}.",
            piece(front),
            piece(behind),
            line.join(" ")
        ),
    };
    Some(Explanation {
        kind,
        sentence,
        line,
        from_ply: facts.ply,
    })
}

fn allows_promotion(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
    let mover = facts.before.turn();
    // The opponent's moves of the line are its 1st and 3rd.
    let promotion = facts
        .reply_line
        .iter()
        .take(3)
        .step_by(2)
        .position(|m| m.is_promotion())?;
    let plies = (2 * promotion + 2).min(facts.reply_line.len());
    let lost = -gain_along(after, mover, facts.reply_line, plies)?;
    if lost < 3 {
        return None;
    }
    let line = san(after, &facts.reply_line[..plies]);
    Some(Explanation {
        kind: ExplanationKind::AllowsPromotion,
        sentence: format!("Allows a promotion: {}.", line.join(" ")),
        line,
        from_ply: facts.ply,
    })
}

fn misses_material(facts: &MoveFacts<'_>) -> Option<Explanation> {
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

fn loses_material(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

fn better_move(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::UciMove;

    /// The game after `moves`, and the moves of `line` from its position, as UCI texts.
    fn at(fen: &str, line: &[&str]) -> (Position, Vec<Move>) {
        let position: Position = fen.parse().expect("a FEN");
        let mut walk = position.clone();
        let moves = line
            .iter()
            .map(|text| {
                let uci: UciMove = text.parse().expect("UCI");
                let m = uci.to_move(&walk).expect("legal");
                walk.play(m).expect("legal");
                m
            })
            .collect();
        (position, moves)
    }

    fn explained(fen: &str, played: &str, best: &[&str], reply: &[&str]) -> Option<Explanation> {
        let (before, played) = at(fen, &[played]);
        let (_, best_line) = at(fen, best);
        let mut after = before.clone();
        after.play(played[0]).expect("legal");
        let (_, reply_line) = at(&after.to_fen(), reply);
        explain(&MoveFacts {
            ply: 10,
            before: &before,
            played: played[0],
            best_line: &best_line,
            reply_line: &reply_line,
        })
    }

    /// [`explained`] with the plain statements as the last resort.
    fn stated(fen: &str, played: &str, best: &[&str], reply: &[&str]) -> Option<Explanation> {
        let (before, played) = at(fen, &[played]);
        let (_, best_line) = at(fen, best);
        let mut after = before.clone();
        after.play(played[0]).expect("legal");
        let (_, reply_line) = at(&after.to_fen(), reply);
        explain_every(&MoveFacts {
            ply: 10,
            before: &before,
            played: played[0],
            best_line: &best_line,
            reply_line: &reply_line,
        })
    }

    #[test]
    fn a_move_that_lets_a_mate_in_one_through_says_so_with_the_mate() {
        // Scholar's mate: 3... Nf6?? allows Qxf7#.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
        let explanation = explained(fen, "g8f6", &["g7g6"], &["h5f7"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsMate);
        assert_eq!(explanation.sentence, "Allows mate in 1: Qxf7#.");
        assert_eq!(explanation.line, ["Qxf7#"]);
        assert_eq!(explanation.from_ply, 10);
    }

    #[test]
    fn a_mate_in_two_allowed_is_named_with_the_engine_s_line() {
        // Ka8 walks into Stockfish 15.1's mate in 2 (its line: b1e4 a8b8 e4b7).
        let fen = "1k6/8/1K6/8/8/8/8/1Q6 b - - 0 1";
        let explanation =
            explained(fen, "b8a8", &["b8c8"], &["b1e4", "a8b8", "e4b7"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsMate);
        assert_eq!(explanation.sentence, "Allows mate in 2: Qe4+ Kb8 Qb7#.");
        // An engine line that does not end in the mate proves nothing: no sentence.
        let wrong = explained(fen, "b8a8", &["b8c8"], &["b1e4", "a8b8", "e4e5"]);
        assert_eq!(wrong, None);
    }

    #[test]
    fn a_piece_left_to_be_taken_is_named_with_its_square_and_the_capture() {
        // White's knight on f3 has no defender once g2 moves: Bxf3 wins it.
        let fen = "6k1/5ppp/8/8/6b1/5N2/5PPP/6K1 w - - 0 1";
        let explanation = explained(fen, "g2g3", &["f3e5"], &["g4f3"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::HangsPiece);
        assert_eq!(
            explanation.sentence,
            "Hangs the knight on f3: Bxf3 wins it."
        );
        assert_eq!(explanation.line, ["Bxf3"]);
    }

    #[test]
    fn a_piece_taken_and_won_back_is_no_hanging_piece() {
        // The knight on f3 is defended by the g2 pawn: Bxf3 gxf3 is an even trade.
        let fen = "6k1/5ppp/8/8/6b1/5N2/5PPP/6K1 w - - 0 1";
        let explanation = explained(fen, "h2h3", &["h2h3"], &["g4f3", "g2f3"]);
        assert_eq!(explanation, None);
    }

    #[test]
    fn a_capture_that_wins_a_piece_missed_is_named() {
        // Black's knight on e5 hangs to white's d4 pawn; white plays a quiet move instead.
        let fen = "6k1/5ppp/8/4n3/3P4/8/5PPP/6K1 w - - 0 1";
        let explanation = explained(fen, "h2h3", &["d4e5"], &["e5c4"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::MissesMaterial);
        assert_eq!(
            explanation.sentence,
            "Misses dxe5, which wins 3 points of material: dxe5."
        );
        assert_eq!(explanation.from_ply, 9);
    }

    #[test]
    fn a_missed_mate_in_one_is_named_and_a_move_that_still_mates_is_not() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let missed = explained(fen, "g1f1", &["a1a8"], &["g8f8"]).expect("a sentence");
        assert_eq!(missed.kind, ExplanationKind::MissesMate);
        assert_eq!(missed.sentence, "Misses mate in 1: Ra8#.");
        // The mate itself: nothing missed, nothing said.
        assert_eq!(explained(fen, "a1a8", &["a1a8"], &[]), None);
    }

    #[test]
    fn a_knight_fork_allowed_is_named_with_its_targets() {
        // Black ignores the knight on d5: Nc7+ forks the king on e8 and the rook on a8.
        let fen = "r3k3/7p/8/3N4/8/8/8/6K1 b - - 0 1";
        let explanation =
            explained(fen, "h7h6", &["a8a5"], &["d5c7", "e8d7", "c7a8"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsFork);
        assert_eq!(
            explanation.sentence,
            "Allows a fork: Nc7+ attacks the king and the rook on a8: Nc7+ Kd7 Nxa8."
        );
    }

    #[test]
    fn a_check_that_attacks_one_piece_only_is_no_fork() {
        // Nc7+ with no rook on a8: one target, no material won.
        let fen = "4k3/7p/8/3N4/8/8/8/6K1 b - - 0 1";
        assert_eq!(explained(fen, "h7h6", &["e8f7"], &["d5c7", "e8d7"]), None);
    }

    #[test]
    fn a_skewer_of_the_king_and_the_queen_is_named() {
        // Black's king e5 in front of its queen e8 on the e-file: h6?? lets Re1+ skewer them.
        let fen = "4q3/7p/8/4k3/8/8/8/R5K1 b - - 0 1";
        let explanation =
            explained(fen, "h7h6", &["e5d5"], &["a1e1", "e5d6", "e1e8"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsSkewer);
        assert_eq!(
            explanation.sentence,
            "Allows a skewer: Re1+ attacks the king and the queen on e8 behind it: Re1+ Kd6 Rxe8."
        );
    }

    #[test]
    fn a_pin_of_a_knight_to_the_queen_is_named() {
        // Ba4 pins the knight on c6 to the queen on e8: the knight cannot move without losing
        // the queen, and the line takes it.
        let fen = "4q1k1/8/2n5/8/8/8/8/3B2K1 b - - 0 1";
        let explanation =
            explained(fen, "g8h8", &["c6d4"], &["d1a4", "h8g8", "a4c6"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsPin);
        assert_eq!(
            explanation.sentence,
            "Allows a pin: Ba4 pins the knight on c6 to the queen on e8: Ba4 Kg8 Bxc6."
        );
    }

    #[test]
    fn a_promotion_let_through_is_named_with_its_line() {
        // The rook leaves the eighth rank: b8=Q+ comes with check.
        let fen = "r6k/1P6/8/8/8/8/8/6K1 b - - 0 1";
        let explanation =
            explained(fen, "a8a2", &["a8b8"], &["b7b8q", "h8h7"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsPromotion);
        assert_eq!(explanation.sentence, "Allows a promotion: b8=Q+ Kh7.");
    }

    #[test]
    fn a_move_with_no_tactic_gets_the_plain_statement_of_the_lines() {
        let start = Position::startpos().to_fen();
        let explanation = stated(&start, "a2a3", &["e2e4", "e7e5"], &["e7e5"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::BetterMove);
        assert_eq!(
            explanation.sentence,
            "e4 was better (e4 e5); after a3, Stockfish's line goes e5."
        );
    }

    #[test]
    fn a_trade_on_the_square_hangs_nothing() {
        // The 31.Rxc8 Qxc8: rook takes rook, the queen takes back: an even trade.
        let fen_with_queen = "2rq2k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1";
        let explanation = stated(fen_with_queen, "c1c8", &["h2h3"], &["d8c8"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::BetterMove);
        assert_eq!(
            explanation.sentence,
            "h3 was better (h3); after Rxc8, Stockfish's line goes Qxc8."
        );
    }

    #[test]
    fn a_rook_lost_for_a_knight_hangs_with_what_comes_back() {
        // Rd4?? puts the rook where the knight takes it and only the e3 pawn takes back.
        let fen = "6k1/8/8/5n2/8/4P3/3R4/6K1 w - - 0 1";
        let explanation = explained(fen, "d2d4", &["g1f2"], &["f5d4", "e3d4"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::HangsPiece);
        assert_eq!(
            explanation.sentence,
            "Hangs the rook on d4: Nxd4 wins it, and taking back there gets only 3 points for it."
        );
    }

    #[test]
    fn a_capture_that_promotes_is_not_a_hang() {
        // Found by the property test over generated games: Rfd1?? lets cxd1=Q take the rook,
        // and Rxd1 takes back a queen, not "only 1 point": the loss is the promotion's.
        let fen = "7r/2q1k2p/P1npb2Q/4p1p1/8/3P1p1n/1Pp2P1K/R4R2 w - - 0 28";
        let explanation = explained(fen, "f1d1", &["h6h7"], &["c2d1q", "a1d1"]);
        assert_ne!(
            explanation.map(|explanation| explanation.kind),
            Some(ExplanationKind::HangsPiece)
        );
    }

    #[test]
    fn a_long_mate_the_line_shows_is_named_as_stockfish_s() {
        // Two rooks roll the king up the board: a mate in 4, past the proof's reach, which the
        // line replayed to the checkmate shows.
        let fen = "8/8/8/8/4k3/8/1R6/R6K b - - 0 1";
        let line = ["a1a5", "e5e6", "b2b6", "e6e7", "a5a7", "e7e8", "b6b8"];
        let explanation = explained(fen, "e4e5", &["e4d3"], &line).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::AllowsMate);
        assert_eq!(
            explanation.sentence,
            "Allows mate in 4 (Stockfish's line): Ra5+ Ke6 Rb6+ Ke7 Ra7+ Ke8 Rb8#."
        );
        // The same line cut before the mate proves nothing: no mate is claimed.
        let cut = stated(fen, "e4e5", &["e4d3"], &line[..6]).expect("a sentence");
        assert_ne!(cut.kind, ExplanationKind::AllowsMate);
    }

    #[test]
    fn a_line_that_wins_a_pawn_is_stated_plainly() {
        // No tactic rule holds: the pawn on d5 is simply lost.
        let fen = "6k1/8/8/3p4/8/2N5/8/6K1 b - - 0 1";
        let explanation = stated(fen, "g8f7", &["d5d4"], &["c3d5", "f7e6"]).expect("a sentence");
        assert_eq!(explanation.kind, ExplanationKind::LosesMaterial);
        assert_eq!(
            explanation.sentence,
            "After this, Stockfish's line wins a pawn: Nxd5 Ke6."
        );
    }
}
