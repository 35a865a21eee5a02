//! Writes a move tree as PGN with its variations, in the style of [`write_annotated`].
//!
//! [`write_annotated`]: super::write_annotated

use super::writer::{push_annotated_move, push_comments, push_tags, Line};
use super::Tags;
use crate::{Color, GameResult, GameTree, NodeId};

/// Writes `tree` as one PGN game with its variations, ending with a newline.
///
/// As lichess exports a study: each move with its NAGs and comments, then the side lines that
/// replace it, each in parentheses, then the main continuation: `12. Nxe5 (12. Bb5 a6) 12... Qh4`.
/// A line's first move always has its number, and Black's number is repeated after a comment or
/// a variation. Comments before a side line's first move are written inside its parenthesis;
/// those of a main continuation can only be written after the previous move, and read back as
/// its comments. The root's comments come before the first move.
///
/// The tags are written as [`write_game`](super::write_game) writes them; the result is the
/// main line's outcome on the board if it has one, else the `Result` tag, else `*`. Reading what
/// this writes with [`read_tree`](super::read_tree) gives the same tree, and writing that gives
/// the same bytes.
///
/// ```
/// use alphachess_engine::pgn;
///
/// let read = pgn::read_tree("1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5 *")?;
/// let text = pgn::write_tree(&read.tags, &read.tree);
/// assert!(text.ends_with("\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5 *\n"));
/// # Ok::<(), pgn::PgnError>(())
/// ```
pub fn write_tree(tags: &Tags, tree: &GameTree) -> String {
    let result = tree
        .to_game()
        .ok()
        .and_then(|game| game.outcome())
        .map(|outcome| outcome.result())
        .or_else(|| tags.get("Result").and_then(|r| r.parse().ok()))
        .unwrap_or(GameResult::Ongoing);
    let mut out = String::new();
    push_tags(&mut out, tags, tree.start(), result);
    let mut line = Line::new(&mut out);
    let root = tree.node(tree.root()).expect("the root is live");
    push_comments(&mut line, root.comments());
    if let Some(&first) = root.children().first() {
        push_line(&mut line, tree, first, true);
    }
    line.push(&result.to_string());
    out.push('\n');
    out
}

/// Writes the line starting at `first` (a move and its main continuations), each move followed
/// by the side lines that replace it, except `first`'s own unless `with_siblings` (a side line
/// is written by its parent's loop, its siblings by the same loop). Recursion is one level per
/// variation, bounded by [`MAX_VARIATION_DEPTH`](crate::MAX_VARIATION_DEPTH).
fn push_line(line: &mut Line<'_>, tree: &GameTree, first: NodeId, with_siblings: bool) {
    let mut id = first;
    let mut numbered = true;
    let mut with_siblings = with_siblings;
    loop {
        let node = tree.node(id).expect("ids from the tree are live");
        let parent = node.parent().expect("a line's moves have parents");
        let pos = tree.position(parent).expect("a parent is live");
        if !node.starting_comments().is_empty() {
            push_comments(line, node.starting_comments());
            numbered = true;
        }
        let number = pos.fullmove_number();
        match pos.turn() {
            Color::White => line.push(&format!("{number}.")),
            Color::Black if numbered => line.push(&format!("{number}...")),
            Color::Black => {}
        }
        let san = node.san().expect("a move has its san").to_string();
        push_annotated_move(line, san, node.annotation());
        numbered = !node.comments().is_empty();
        if with_siblings {
            let siblings = tree.children(parent).expect("a parent is live");
            for &side in &siblings[1..] {
                line.push_open();
                push_line(line, tree, side, false);
                line.push_close();
                numbered = true;
            }
        }
        match node.children().first() {
            Some(&next) => id = next,
            None => break,
        }
        with_siblings = true;
    }
}
