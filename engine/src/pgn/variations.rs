//! Reading a game's variations into a [`GameTree`]: where each `(` ... `)` attaches, and which
//! move the comments and NAGs inside follow.

use super::budget::AnnotationBudget;
use super::error::{MoveTextError, PgnErrorKind};
use super::lexer::Symbol;
use super::{Comment, Nag};
use crate::{GameTree, NodeId, PlayError, San};

/// The tree of one game being read.
///
/// A variation replaces the move before it, so `(` moves the cursor back to that move's parent
/// (remembering where to come back to) and `)` returns. A `(` with no move before it at its
/// level attaches nowhere: it is skipped with everything in it, as the main-line reader skips
/// every variation.
pub(super) struct TreeBuilder {
    pub(super) tree: GameTree,
    /// The node the next move is played from, and comments and NAGs follow.
    cursor: NodeId,
    /// Where each open variation returns to.
    open: Vec<NodeId>,
    /// Nesting of variations being skipped (inside one that attaches nowhere).
    skipping: u32,
    /// Between a `(` and the variation's first move: comments there start the variation.
    at_start: bool,
    starting_comments: Vec<Comment>,
    /// What the annotations kept so far count against [`super::MAX_ANNOTATION_BYTES`].
    budget: AnnotationBudget,
}

impl TreeBuilder {
    /// A builder for a tree from `tree`'s root (which may already hold comments).
    pub(super) fn new(tree: GameTree) -> TreeBuilder {
        let budget = tree
            .node(tree.root())
            .map_or_else(AnnotationBudget::default, |root| {
                AnnotationBudget::holding(root.comments())
            });
        TreeBuilder {
            cursor: tree.root(),
            tree,
            open: Vec::new(),
            skipping: 0,
            at_start: false,
            starting_comments: Vec::new(),
            budget,
        }
    }

    pub(super) fn open_variation(&mut self) {
        match self.tree.parent(self.cursor) {
            Some(parent) if self.skipping == 0 => {
                self.open.push(self.cursor);
                self.cursor = parent;
                self.at_start = true;
                self.starting_comments.clear();
            }
            _ => self.skipping = self.skipping.saturating_add(1),
        }
    }

    pub(super) fn close_variation(&mut self) {
        if self.skipping > 0 {
            self.skipping -= 1;
        } else if let Some(back) = self.open.pop() {
            self.cursor = back;
            self.at_start = false;
            self.starting_comments.clear();
        }
    }

    /// Plays `symbol` from the cursor, or says why it cannot be played (the move number and
    /// side are the cursor's, as the main-line reader names them).
    pub(super) fn play(&mut self, symbol: &Symbol) -> Result<(), PgnErrorKind> {
        if self.skipping > 0 {
            return Ok(());
        }
        let pos = self
            .tree
            .position(self.cursor)
            .expect("the cursor is a live node");
        let (move_number, color) = (pos.fullmove_number(), pos.turn());
        let error = |error| PgnErrorKind::Move {
            move_number,
            color,
            text: symbol.text(),
            error,
        };
        let bytes = symbol
            .bytes()
            .ok_or(error(MoveTextError::Syntax(crate::ParseSanError)))?;
        let san = San::from_ascii(bytes).map_err(|e| error(MoveTextError::Syntax(e)))?;
        let m = san.to_move(pos).map_err(|e| {
            // After checkmate or stalemate no move is legal: say why rather than "illegal".
            if pos.legal_moves().is_empty() {
                error(MoveTextError::Play(PlayError::GameOver))
            } else {
                error(MoveTextError::Illegal(e))
            }
        })?;
        let node = self
            .tree
            .play(self.cursor, m)
            .map_err(|e| error(MoveTextError::Tree(e)))?;
        let parent = self.cursor;
        self.cursor = node;
        let is_first = self.tree.children(parent).and_then(|c| c.first()) == Some(&node);
        if self.open.is_empty() && !is_first {
            // A variation read earlier may have continued this move with another: the main
            // line's move is the main continuation all the same.
            self.tree
                .promote(node)
                .map_err(|e| error(MoveTextError::Tree(e)))?;
        }
        if self.at_start {
            self.at_start = false;
            let comments = std::mem::take(&mut self.starting_comments);
            // A variation that repeats the main move merges into it, and PGN can only say a
            // main move's starting comments after its parent: keep them there, as writing would.
            let is_main = self.tree.children(parent).and_then(|c| c.first()) == Some(&node);
            let kept = if is_main {
                &mut self.tree.annotation_mut(parent).expect("live").comments
            } else {
                self.tree.starting_comments_mut(node).expect("just played")
            };
            kept.extend(comments);
        }
        Ok(())
    }

    /// Keeps a comment: before a variation's first move, or after the cursor's move.
    pub(super) fn comment(&mut self, comment: Comment) {
        if self.skipping > 0 || !self.budget.spend_comment(&comment) {
            return;
        }
        if self.at_start {
            self.starting_comments.push(comment);
        } else {
            let annotation = self.tree.annotation_mut(self.cursor);
            annotation
                .expect("the cursor is live")
                .comments
                .push(comment);
        }
    }

    /// Keeps a NAG for the cursor's move (one where no move precedes annotates nothing).
    pub(super) fn nag(&mut self, nag: Nag) {
        if self.skipping > 0
            || self.at_start
            || self.cursor == self.tree.root()
            || !self.budget.spend(1)
        {
            return;
        }
        let annotation = self.tree.annotation_mut(self.cursor);
        annotation.expect("the cursor is live").nags.push(nag);
    }
}
