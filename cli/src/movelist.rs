//! The moves of a game in SAN with move numbers, `1. e4 e5 2. Nf3`, wrapped to a width.
//!
//! Numbering starts from the start position's own move number and side to move (read with the
//! engine crate), so a game from a FEN where black moves first reads `12... Qd7 13. Rd1`.

use alphachess_engine::{Color, FenError};

use crate::view::GameView;

/// The widest a line of the move list gets.
pub const WIDTH: usize = 72;

/// The numbered moves of `view` as wrapped lines; none when no move was played.
pub fn move_list(view: &GameView, width: usize) -> Result<Vec<String>, FenError> {
    let start = view.initial_position()?;
    let mut number = start.fullmove_number();
    let mut turn = start.turn();
    let mut tokens = Vec::with_capacity(view.moves.len() * 3 / 2 + 1);
    for (index, played) in view.moves.iter().enumerate() {
        match turn {
            Color::White => tokens.push(format!("{number}. {}", played.san)),
            Color::Black if index == 0 => tokens.push(format!("{number}... {}", played.san)),
            Color::Black => tokens.push(played.san.clone()),
        }
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    Ok(wrap(&tokens, width))
}

/// Joins `tokens` with spaces into lines no wider than `width` (a longer token gets its own line).
fn wrap(tokens: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::MoveView;

    fn view(initial_fen: &str, sans: &[&str]) -> GameView {
        let json = serde_json::json!({
            "id": "test", "fen": initial_fen, "initial_fen": initial_fen,
            "player_color": "white", "turn": "white", "ply": sans.len(), "level": 8,
            "status": "ongoing", "result": "*", "reason": null, "winner": null, "check": false,
            "last_move": null, "moves": [], "legal_moves": [], "engine_thinking": false,
        });
        let mut view: GameView = serde_json::from_value(json).expect("a view");
        view.moves = sans
            .iter()
            .map(|san| MoveView {
                uci: String::new(),
                san: (*san).to_owned(),
            })
            .collect();
        view
    }

    const START: &str = alphachess_engine::STARTPOS_FEN;

    #[test]
    fn moves_from_the_start_are_numbered_in_pairs() {
        let lines = move_list(&view(START, &["e4", "e5", "Nf3"]), WIDTH).expect("a list");
        assert_eq!(lines, ["1. e4 e5 2. Nf3"]);
    }

    #[test]
    fn a_game_from_a_fen_with_black_to_move_starts_with_an_ellipsis() {
        let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 12";
        let lines = move_list(&view(fen, &["h6", "Rd8+", "Kh7"]), WIDTH).expect("a list");
        assert_eq!(lines, ["12... h6 13. Rd8+ Kh7"]);
    }

    #[test]
    fn no_moves_make_no_lines() {
        assert!(move_list(&view(START, &[]), WIDTH)
            .expect("a list")
            .is_empty());
    }

    #[test]
    fn long_games_wrap_between_moves_never_after_a_move_number() {
        let sans = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(3);
        let lines = move_list(&view(START, &sans), 20).expect("a list");
        assert_eq!(
            lines,
            [
                "1. Nf3 Nf6 2. Ng1",
                "Ng8 3. Nf3 Nf6",
                "4. Ng1 Ng8 5. Nf3",
                "Nf6 6. Ng1 Ng8"
            ]
        );
    }
}
