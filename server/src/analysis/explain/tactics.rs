//! The sentences about a piece the engine's reply wins: hung, forked, pinned or skewered, or a
//! pawn promoted.

use alphachess_engine::{attacks, Move, Position, Role, SanPlus, Square};

use super::exchange::exchange_gain;
use super::material::{balance, gain_along, name, value};
use super::{san, Explanation, ExplanationKind, MoveFacts, MATERIAL_PLIES, MATERIAL_POINTS};

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

pub(super) fn hangs_piece(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

pub(super) fn allows_fork(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

pub(super) fn allows_pin_or_skewer(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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

pub(super) fn allows_promotion(facts: &MoveFacts<'_>, after: &Position) -> Option<Explanation> {
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
