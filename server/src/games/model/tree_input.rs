//! A move tree as a client sends it, flat: each entry a move from an earlier entry's position
//! (or from the start), checked here into the rules crate's [`GameTree`].
//!
//! Flat rather than nested, because JSON readers bound nesting far below a long game's length.
//! Every refusal names the entry it is about, by its index, so a board can point at it.

use alphachess_engine::pgn::{self, Comment, InvalidCommentError};
use alphachess_engine::{
    GameTree, IllegalUciMoveError, NodeId, ParseUciMoveError, Position, TreeError, UciMove,
};

use crate::games::model::comment_text::clean_comment;
use crate::games::model::setup::SetupError;

/// The longest comment a client may put on a move, in characters: a paragraph, well within
/// what PGN keeps ([`pgn::MAX_COMMENT_LEN`] bytes).
pub const MAX_TREE_COMMENT_CHARS: usize = 2000;

/// One entry of a flat tree, as sent (the edge only reads the JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeEntry {
    /// The index of an earlier entry whose position the move is played in; `None`: the start.
    pub parent: Option<usize>,
    /// The move in UCI.
    pub uci: String,
    /// What the player wrote about the move.
    pub comment: Option<String>,
}

/// Why a flat tree is no move tree (or not the game's), naming the entry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidTree {
    #[error("entry {index}: {source}")]
    Notation {
        index: usize,
        source: ParseUciMoveError,
    },
    #[error("entry {index}: {source}")]
    Illegal {
        index: usize,
        source: IllegalUciMoveError,
    },
    #[error("entry {index}: its parent {parent} is not an earlier entry")]
    Parent { index: usize, parent: usize },
    #[error("entry {index} repeats entry {first}: the same move in the same position")]
    Repeated { index: usize, first: usize },
    #[error("entry {index}: the comment is longer than {MAX_TREE_COMMENT_CHARS} characters")]
    CommentTooLong { index: usize },
    #[error("entry {index}: {source}")]
    Comment {
        index: usize,
        source: InvalidCommentError,
    },
    #[error("entry {index}: {source}")]
    Bound { index: usize, source: TreeError },
    #[error("the tree does not start from the game's start position")]
    OtherStart,
    #[error("the game's move {ply} ({san}) is not in the tree: the game's moves must be a line of it from the start")]
    MissingGameMove { ply: usize, san: String },
    #[error("the tree does not fit around the game's moves: {0}")]
    Misfit(TreeError),
}

/// The tree `entries` describe, from `start`.
pub fn tree_of_entries(start: Position, entries: &[TreeEntry]) -> Result<GameTree, InvalidTree> {
    let mut tree = GameTree::new(start);
    let mut ids: Vec<NodeId> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let at = match entry.parent {
            None => tree.root(),
            Some(parent) => *ids
                .get(parent)
                .ok_or(InvalidTree::Parent { index, parent })?,
        };
        let uci: UciMove = entry
            .uci
            .parse()
            .map_err(|source| InvalidTree::Notation { index, source })?;
        let position = tree.position(at).expect("ids of the entries are live");
        let m = uci
            .to_move(position)
            .map_err(|source| InvalidTree::Illegal { index, source })?;
        let children = tree.children(at).expect("ids of the entries are live");
        if let Some(&twin) = children
            .iter()
            .find(|&&child| tree.node(child).and_then(|node| node.m()) == Some(m))
        {
            let first = ids.iter().position(|&id| id == twin).unwrap_or(index);
            return Err(InvalidTree::Repeated { index, first });
        }
        let id = tree
            .play(at, m)
            .map_err(|source| InvalidTree::Bound { index, source })?;
        if let Some(comment) = comment_of(index, entry.comment.as_deref())? {
            let annotation = tree.annotation_mut(id).expect("just played");
            annotation.comments.push(comment);
        }
        ids.push(id);
    }
    Ok(tree)
}

/// The comment of entry `index`, cleaned (see `comment_text.rs`): none for no text or only
/// whitespace.
fn comment_of(index: usize, text: Option<&str>) -> Result<Option<Comment>, InvalidTree> {
    let Some(text) = text else {
        return Ok(None);
    };
    if text.chars().count() > MAX_TREE_COMMENT_CHARS {
        return Err(InvalidTree::CommentTooLong { index });
    }
    match Comment::new(&clean_comment(text)) {
        Ok(comment) => Ok(Some(comment)),
        Err(InvalidCommentError::Empty) => Ok(None),
        Err(source) => Err(InvalidTree::Comment { index, source }),
    }
}

/// The first game of a PGN text with its variations and comments.
pub fn parse_pgn_tree(text: &str) -> Result<GameTree, SetupError> {
    pgn::read_tree(text)
        .map(|read| read.tree)
        .map_err(|error| SetupError::Pgn(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(parent: Option<usize>, uci: &str) -> TreeEntry {
        TreeEntry {
            parent,
            uci: uci.to_owned(),
            comment: None,
        }
    }

    fn tree(entries: &[TreeEntry]) -> Result<GameTree, InvalidTree> {
        tree_of_entries(Position::startpos(), entries)
    }

    #[test]
    fn entries_build_the_tree_with_the_first_child_as_the_main_line() {
        let mut sicilian = entry(Some(0), "c7c5");
        sicilian.comment = Some("  the  Sicilian ".into());
        let built = tree(&[
            entry(None, "e2e4"),
            entry(Some(0), "e7e5"),
            sicilian,
            entry(Some(1), "g1f3"),
        ])
        .expect("a valid tree");
        let text = pgn::write_tree(&pgn::Tags::new(), &built);
        assert!(
            text.ends_with("\n\n1. e4 e5 (1... c5 { the Sicilian }) 2. Nf3 *\n"),
            "{text}"
        );
    }

    #[test]
    fn each_refusal_names_its_entry() {
        let illegal = tree(&[entry(None, "e2e4"), entry(Some(0), "e2e4")]);
        assert!(
            matches!(illegal, Err(InvalidTree::Illegal { index: 1, .. })),
            "{illegal:?}"
        );
        let notation = tree(&[entry(None, "e2e9")]);
        assert!(matches!(
            notation,
            Err(InvalidTree::Notation { index: 0, .. })
        ));
        assert_eq!(
            tree(&[entry(None, "e2e4"), entry(Some(1), "e7e5")]).err(),
            Some(InvalidTree::Parent {
                index: 1,
                parent: 1
            }),
            "a parent must come earlier"
        );
        assert_eq!(
            tree(&[
                entry(None, "e2e4"),
                entry(None, "d2d4"),
                entry(None, "e2e4")
            ])
            .err(),
            Some(InvalidTree::Repeated { index: 2, first: 0 })
        );
        let mut long = entry(None, "e2e4");
        long.comment = Some("é".repeat(MAX_TREE_COMMENT_CHARS + 1));
        assert_eq!(
            tree(&[long.clone()]).err(),
            Some(InvalidTree::CommentTooLong { index: 0 })
        );
        long.comment = Some("é".repeat(MAX_TREE_COMMENT_CHARS));
        assert!(tree(&[long]).is_ok(), "2000 characters (4000 bytes) fit");
        let mut brace = entry(None, "e2e4");
        brace.comment = Some("a } b".into());
        assert!(matches!(
            tree(&[brace]),
            Err(InvalidTree::Comment { index: 0, .. })
        ));
    }

    #[test]
    fn a_blank_comment_is_no_comment() {
        let mut blank = entry(None, "e2e4");
        blank.comment = Some("  ".into());
        let built = tree(&[blank]).expect("valid");
        let e4 = built.mainline()[0];
        assert!(built.node(e4).expect("live").comments().is_empty());
    }

    #[test]
    fn no_move_is_legal_after_checkmate() {
        let moves = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"];
        let entries: Vec<TreeEntry> = moves
            .iter()
            .enumerate()
            .map(|(i, uci)| entry(i.checked_sub(1), uci))
            .collect();
        assert!(matches!(
            tree(&entries),
            Err(InvalidTree::Illegal { index: 4, .. })
        ));
    }
}
