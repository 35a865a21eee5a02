//! Writes a game as PGN: tags, then SAN movetext (with its annotations, if asked) wrapped at 80
//! columns, then the result.

use super::{Annotations, Comment, MoveAnnotation, Tags};
use crate::{Color, Game, GameResult, Position, SanPlus};

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
    write_annotated(tags, game, &Annotations::new())
}

/// Writes `game` as [`write_game`] does, with `annotations` as lichess writes them: comments
/// before the first move, then after each move its first NAG as a mark if it judges the move
/// (`Nxe5?!`), its other NAGs as `$n`, and its comments as `{ text }`, Black's move number
/// repeated after a comment. Comments wrap between words.
///
/// ```
/// use alphachess_engine::pgn::{self, Annotations, Eval, Nag};
/// use alphachess_engine::{Game, San};
///
/// let mut game = Game::default();
/// for san in ["e4", "e5", "Nf3", "Qh4"] {
///     game.play(san.parse::<San>()?.to_move(game.position())?)?;
/// }
/// let mut annotations = Annotations::new();
/// let qh4 = annotations.of_move_mut(3);
/// qh4.nags.push(Nag::MISTAKE);
/// qh4.comments.push(format!("{} Mistake. Nc6 was best.", Eval::Centipawns(95).command()).parse()?);
/// let text = pgn::write_annotated(&pgn::Tags::new(), &game, &annotations);
/// assert!(text.ends_with("\n\n1. e4 e5 2. Nf3 Qh4? { [%eval 0.95] Mistake. Nc6 was best. } *\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_annotated(tags: &Tags, game: &Game, annotations: &Annotations) -> String {
    let result = game.outcome().map(|o| o.result()).unwrap_or_else(|| {
        tags.get("Result")
            .and_then(|r| r.parse().ok())
            .unwrap_or(GameResult::Ongoing)
    });
    let mut out = String::new();
    push_tags(&mut out, tags, game.initial_position(), result);
    let mut line = Line::new(&mut out);
    push_comments(&mut line, &annotations.before);
    let mut after_comment = false;
    for (ply, (pos, &m)) in game.positions().iter().zip(game.moves()).enumerate() {
        let number = pos.fullmove_number();
        match pos.turn() {
            Color::White => line.push(&format!("{number}.")),
            Color::Black if ply == 0 || after_comment => line.push(&format!("{number}...")),
            Color::Black => {}
        }
        let san = SanPlus::from_move(pos, m).to_string();
        let annotation = annotations.moves.get(ply).unwrap_or(&NO_ANNOTATION);
        push_annotated_move(&mut line, san, annotation);
        after_comment = !annotation.comments.is_empty();
    }
    line.push(&result.to_string());
    out.push('\n');
    out
}

/// Writes the tags as [`write_game`] orders them, and the blank line after them.
pub(super) fn push_tags(out: &mut String, tags: &Tags, start: &Position, result: GameResult) {
    for (name, value) in tags.canonical(start, result).iter() {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        push_escaped(out, value);
        out.push_str("\"]\n");
    }
    out.push('\n');
}

/// What a move without annotations has.
static NO_ANNOTATION: MoveAnnotation = MoveAnnotation {
    nags: Vec::new(),
    comments: Vec::new(),
};

/// Writes a move with its NAGs and comments: `Nxe5?! $14 { text }`.
pub(super) fn push_annotated_move(
    line: &mut Line<'_>,
    mut san: String,
    annotation: &MoveAnnotation,
) {
    let mut nags = annotation.nags.iter();
    let mark = annotation.nags.first().and_then(|nag| nag.glyph());
    if let Some(mark) = mark {
        san.push_str(mark);
        nags.next();
    }
    line.push(&san);
    for nag in nags {
        line.push(&nag.to_string());
    }
    push_comments(line, &annotation.comments);
}

/// Writes comments as `{ text }`, word by word so that lines wrap inside them: a comment's
/// whitespace is single spaces, which is what reading makes of a line break.
pub(super) fn push_comments(line: &mut Line<'_>, comments: &[Comment]) {
    for comment in comments {
        line.push("{");
        for word in comment.as_str().split(' ') {
            line.push(word);
        }
        line.push("}");
    }
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
pub(super) struct Line<'a> {
    out: &'a mut String,
    width: usize,
    /// Whether a `(` waits to be written right before the next token (so that no line ends
    /// with one).
    open: bool,
}

impl<'a> Line<'a> {
    pub(super) fn new(out: &'a mut String) -> Line<'a> {
        Line {
            out,
            width: 0,
            open: false,
        }
    }

    /// Adds a token, after a space or on a new line.
    pub(super) fn push(&mut self, token: &str) {
        if std::mem::take(&mut self.open) {
            return self.push(&format!("({token}"));
        }
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

    /// Opens a variation: `(`, with the next token right after it.
    pub(super) fn push_open(&mut self) {
        self.open = true;
    }

    /// Closes a variation: `)` right after the last token, unless the line is full.
    pub(super) fn push_close(&mut self) {
        if self.width + 1 > LINE_WIDTH {
            self.out.push('\n');
            self.width = 0;
        }
        self.out.push(')');
        self.width += 1;
    }
}
