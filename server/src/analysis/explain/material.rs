//! Material as the explanations count it: the usual 1, 3, 3, 5, 9, and what a line of moves
//! wins or loses, replayed with the rules crate.

use alphachess_engine::{Color, Move, Position, Role};

/// A piece's worth in pawns (the king is not counted).
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// `color`'s material on the board.
pub fn material(position: &Position, color: Color) -> i32 {
    [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .into_iter()
    .map(|role| {
        let count = (position.by_role(role) & position.by_color(color)).count();
        value(role) * i32::try_from(count).unwrap_or(i32::MAX / 16)
    })
    .sum()
}

/// `side`'s material minus the other side's.
pub fn balance(position: &Position, side: Color) -> i32 {
    material(position, side) - material(position, !side)
}

/// What `side` gains in balance over the first `plies` moves of `line` from `position` (a loss
/// is negative), or `None` if a move is not legal in turn.
pub fn gain_along(position: &Position, side: Color, line: &[Move], plies: usize) -> Option<i32> {
    let mut at = position.clone();
    for &m in line.iter().take(plies) {
        at.play(m).ok()?;
    }
    Some(balance(&at, side) - balance(position, side))
}

/// The lowercase name of a piece, for sentences.
pub fn name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::UciMove;

    #[test]
    fn the_start_is_level_and_a_capture_moves_the_balance_by_the_piece() {
        let start = Position::startpos();
        assert_eq!(material(&start, Color::White), 39);
        assert_eq!(balance(&start, Color::Black), 0);
        // 1. e4 d5 2. exd5: white is a pawn up.
        let line: Vec<Move> = ["e2e4", "d7d5", "e4d5"]
            .iter()
            .scan(start.clone(), |at, text| {
                let uci: UciMove = text.parse().expect("UCI");
                let m = uci.to_move(at).expect("legal");
                at.play(m).expect("legal");
                Some(m)
            })
            .collect();
        assert_eq!(gain_along(&start, Color::White, &line, 3), Some(1));
        assert_eq!(gain_along(&start, Color::Black, &line, 2), Some(0));
    }
}
