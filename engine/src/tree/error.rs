//! What can go wrong changing a [`GameTree`](super::GameTree).

use std::fmt;

use crate::IllegalMoveError;

/// Why a [`GameTree`](super::GameTree) refused a change.
///
/// The bounds ([`MAX_TREE_NODES`](super::MAX_TREE_NODES),
/// [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH)) are errors rather than panics because
/// trees are built from untrusted input: a PGN upload, or moves sent by an analysis board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The id names no node of this tree (never did, or its node was deleted).
    UnknownNode,
    /// The move is not legal in the node's position.
    Illegal(IllegalMoveError),
    /// The root has no move: it cannot be deleted or promoted.
    Root,
    /// The tree would hold more than [`MAX_TREE_NODES`](super::MAX_TREE_NODES) moves.
    TooManyNodes,
    /// A side line would be nested more than
    /// [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH) levels deep.
    TooDeep,
    /// Two trees from different start positions cannot be grafted together.
    OtherStart,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::UnknownNode => f.write_str("no such node in the move tree"),
            TreeError::Illegal(error) => error.fmt(f),
            TreeError::Root => f.write_str("the root of the move tree has no move"),
            TreeError::TooManyNodes => write!(
                f,
                "the move tree would hold more than {} moves",
                super::MAX_TREE_NODES
            ),
            TreeError::TooDeep => write!(
                f,
                "variations would be nested more than {} levels deep",
                super::MAX_VARIATION_DEPTH
            ),
            TreeError::OtherStart => f.write_str("the move trees start from different positions"),
        }
    }
}

impl std::error::Error for TreeError {}

impl From<IllegalMoveError> for TreeError {
    fn from(error: IllegalMoveError) -> TreeError {
        TreeError::Illegal(error)
    }
}
