//! Writes a game as PGN: tags, then SAN movetext wrapped at 80 columns, then the result.

use super::Tags;
use crate::{Color, Game, GameResult, SanPlus};

/// The widest a movetext line may be, as the PGN standard asks.
const LINE_WIDTH: usize = 80;

/// Writes `game` as one PGN game, ending with a newline.
///
/// The Seven Tag Roster comes first (missing tags filled with `?`; `Result` from the game's
/// outcome, else from `tags`, else `*`), then `SetUp`/`FEN` if the game did not start from the
/// initial position, then the other tags of `tags` in order. Separate games in a file with a
/// blank line.
///
/// ```
/// use alphachess_engine::{pgn, Game, San};
///
/// let mut game = Game::default();
/// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"] {
///     let m = san.parse::<San>()?.to_move(game.position())?;
///     game.play(m)?;
/// }
/// let mut tags = pgn::Tags::new();
/// tags.set("White", "Scholar");
/// let text = pgn::write_game(&tags, &game);
/// assert!(text.starts_with("[Event \"?\"]\n"));
/// assert!(text.contains("[White \"Scholar\"]\n"));
/// assert!(text.ends_with("\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game(tags: &Tags, game: &Game) -> String {
    let result = game.outcome().map(|o| o.result()).unwrap_or_else(|| {
        tags.get("Result")
            .and_then(|r| r.parse().ok())
            .unwrap_or(GameResult::Ongoing)
    });
    let mut out = String::new();
    for (name, value) in tags.canonical(game.initial_position(), result).iter() {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        push_escaped(&mut out, value);
        out.push_str("\"]\n");
    }
    out.push('\n');
    let mut line = Line::new(&mut out);
    for (ply, (pos, &m)) in game.positions().iter().zip(game.moves()).enumerate() {
        let number = pos.fullmove_number();
        match pos.turn() {
            Color::White => line.push(&format!("{number}.")),
            Color::Black if ply == 0 => line.push(&format!("{number}...")),
            Color::Black => {}
        }
        line.push(&SanPlus::from_move(pos, m).to_string());
    }
    line.push(&result.to_string());
    out.push('\n');
    out
}

/// Writes a tag value with `\` and `"` escaped; a line break (which no reader can take inside a
/// tag) becomes a space.
fn push_escaped(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// Movetext being laid out in lines of at most [`LINE_WIDTH`] columns.
struct Line<'a> {
    out: &'a mut String,
    width: usize,
}

impl<'a> Line<'a> {
    fn new(out: &'a mut String) -> Line<'a> {
        Line { out, width: 0 }
    }

    /// Adds a token, after a space or on a new line.
    fn push(&mut self, token: &str) {
        if self.width > 0 && self.width + 1 + token.len() > LINE_WIDTH {
            self.out.push('\n');
            self.width = 0;
        }
        if self.width > 0 {
            self.out.push(' ');
            self.width += 1;
        }
        self.out.push_str(token);
        self.width += token.len();
    }
}
