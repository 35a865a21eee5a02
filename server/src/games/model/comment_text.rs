//! The comments a player writes on a kept tree's moves come from text anyone can send, and go to
//! every screen that shows the game and into its PGN export. So they are cleaned once, the way
//! player names are (see `players.rs`), whenever a tree is kept and when a stored one is read
//! back (issue #42, L4):
//!
//! - control characters (NUL, ESC, …) and the bidirectional embeddings, overrides and isolates
//!   (U+202E reverses the text after it on screen) become spaces, and runs of whitespace one;
//! - `[%` becomes `[ %`: PGN readers (lichess, ChessBase, our own review) take `[%eval …]` or
//!   `[%clk …]` inside a comment as data, so a player's comment could otherwise forge the
//!   review's evaluation in the export.
//!
//! Cleaning is idempotent: a clean comment comes back as it was.

use alphachess_engine::pgn::{Comment, MAX_COMMENT_LEN};
use alphachess_engine::GameTree;

use crate::games::model::players::is_unsafe;

/// `text` cleaned as a comment (see the module); whitespace is collapsed by [`Comment::new`].
pub fn clean_comment(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if is_unsafe(c) { ' ' } else { c })
        .collect();
    spaced.replace("[%", "[ %")
}

/// `comment` cleaned: none if nothing is left of it; cut at a character to PGN's bound if the
/// spaces put in `[%` made it longer.
fn cleaned(comment: &Comment) -> Option<Comment> {
    let mut text = clean_comment(comment.as_str());
    while text.len() > MAX_COMMENT_LEN {
        text.pop();
    }
    Comment::new(&text).ok()
}

/// Cleans every comment of `tree` (after moves and before them); whether any changed.
pub fn clean_tree_comments(tree: &mut GameTree) -> bool {
    let mut changed = false;
    let mut stack = vec![tree.root()];
    while let Some(at) = stack.pop() {
        stack.extend_from_slice(tree.children(at).expect("a live node"));
        let annotation = tree.annotation_mut(at).expect("a live node");
        changed |= clean_all(&mut annotation.comments);
        let before = tree.starting_comments_mut(at).expect("a live node");
        changed |= clean_all(before);
    }
    changed
}

/// Cleans `comments` in place; whether any changed.
fn clean_all(comments: &mut Vec<Comment>) -> bool {
    let clean: Vec<Comment> = comments.iter().filter_map(cleaned).collect();
    let changed = clean != *comments;
    *comments = clean;
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::pgn;

    #[test]
    fn control_and_bidi_characters_become_spaces_and_commands_are_defused() {
        assert_eq!(clean_comment("a\u{0}b\u{1b}[31mc\u{202E}d"), "a b [31mc d");
        assert_eq!(clean_comment("[%eval 9.99] won"), "[ %eval 9.99] won");
        assert_eq!(clean_comment("[\u{7}%clk 0:01]"), "[ %clk 0:01]");
        let once = clean_comment("x [%eval 1] \u{202E}y");
        assert_eq!(clean_comment(&once), once, "idempotent");
    }

    #[test]
    fn a_trees_comments_are_cleaned_everywhere_and_an_emptied_one_goes() {
        let read = pgn::read_tree("{ [%eval 3] } 1. e4 { \u{202E}mate } (1. d4 { \u{7} }) e5 *")
            .expect("a tree");
        let mut tree = read.tree;
        assert!(clean_tree_comments(&mut tree));
        let written = pgn::write_tree(&pgn::Tags::new(), &tree);
        assert!(written.contains("{ [ %eval 3] }"), "{written}");
        assert!(written.contains("{ mate }"), "{written}");
        assert!(!written.contains('\u{7}') && !written.contains('\u{202E}'));
        assert!(
            !written.contains("{  }") && !written.contains("{ }"),
            "{written}"
        );
        assert!(!clean_tree_comments(&mut tree), "clean already");
    }
}
