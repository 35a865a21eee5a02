//! One node of a move tree and the id that names it.

use crate::pgn::{Comment, MoveAnnotation, Nag};
use crate::{Move, Position, SanPlus};

/// Names a node of one [`GameTree`](super::GameTree).
///
/// An id is small and `Copy` so that a board can hold on to "where I am"; it carries a
/// generation so that an id kept past a [`delete`](super::GameTree::delete) is refused
/// ([`TreeError::UnknownNode`](super::TreeError::UnknownNode)) rather than naming whatever
/// node reused its slot. Outside the process (a client, a saved tree) a node is addressed by
/// its [`path`](super::GameTree::path), which [`find`](super::GameTree::find) turns back into an id.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId {
    pub(super) index: u32,
    pub(super) generation: u32,
}

/// A move of the tree with what was said about it, or the root (no move: the start position).
#[derive(Clone, Debug)]
pub struct Node {
    /// The move and its SAN from the parent's position; `None` at the root.
    pub(super) played: Option<(Move, SanPlus)>,
    /// The position after the move (the start position at the root).
    pub(super) position: Position,
    pub(super) parent: Option<NodeId>,
    /// The first child is the main continuation, the others side lines in order.
    pub(super) children: Vec<NodeId>,
    /// The NAGs and comments written after the move (at the root: comments before the first move).
    pub(super) annotation: MoveAnnotation,
    /// Comments written before the move, at the start of a side line: `( {Also good is} 8. Qxb7 )`.
    pub(super) starting_comments: Vec<Comment>,
}

impl Node {
    /// The move, `None` at the root.
    pub fn m(&self) -> Option<Move> {
        self.played.map(|(m, _)| m)
    }

    /// The move in SAN with its check or mate suffix, `None` at the root.
    pub fn san(&self) -> Option<SanPlus> {
        self.played.map(|(_, san)| san)
    }

    /// The position after the move (the start position at the root).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The node whose position the move was played in, `None` at the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The continuations: the main one first, then the side lines in order.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// The NAGs after the move.
    pub fn nags(&self) -> &[Nag] {
        &self.annotation.nags
    }

    /// The comments after the move (at the root: the comments before the first move).
    pub fn comments(&self) -> &[Comment] {
        &self.annotation.comments
    }

    /// The NAGs and comments after the move.
    pub fn annotation(&self) -> &MoveAnnotation {
        &self.annotation
    }

    /// The comments before the move; PGN can only say them at the start of a side line, so a
    /// main continuation's are written where they read back as its parent's comments.
    pub fn starting_comments(&self) -> &[Comment] {
        &self.starting_comments
    }
}
