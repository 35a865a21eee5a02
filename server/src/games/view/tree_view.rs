//! A move tree as the API shows it: flat, each node naming its parent, with what a board would
//! otherwise need the rules for (SAN, the position after each move).

use alphachess_engine::{GameTree, NodeId};
use serde::Serialize;
use utoipa::ToSchema;

/// One move of a [`TreeView`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TreeNodeView {
    /// The index of the node whose position the move is played in (always an earlier one);
    /// null for a move from the start.
    #[schema(example = json!(null))]
    pub parent: Option<usize>,
    #[schema(example = "e2e4")]
    pub uci: String,
    #[schema(example = "e4")]
    pub san: String,
    /// The position after the move.
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    pub fen: String,
    /// How many moves from the tree's start: 1 for a first move.
    #[schema(example = 1)]
    pub ply: usize,
    /// What was said after the move (several PGN comments joined by a space).
    #[schema(example = json!(null))]
    pub comment: Option<String>,
}

/// A start position and a tree of moves from it, flat: parents before their children, siblings
/// in order, a node's first child its main continuation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TreeView {
    /// The start position.
    #[schema(example = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
    pub fen: String,
    pub nodes: Vec<TreeNodeView>,
}

impl TreeView {
    /// `tree`, each line after its parent's move and before the next sibling's (depth first,
    /// the main continuation first): the order a PGN writes the moves in.
    pub fn of(tree: &GameTree) -> TreeView {
        let mut nodes = Vec::with_capacity(tree.len());
        // (node, its parent's index, its ply), popped in the order written.
        let mut stack: Vec<(NodeId, Option<usize>, usize)> = Vec::new();
        let children = |id| tree.children(id).expect("ids from the tree are live");
        for &child in children(tree.root()).iter().rev() {
            stack.push((child, None, 1));
        }
        while let Some((id, parent, ply)) = stack.pop() {
            let node = tree.node(id).expect("ids from the tree are live");
            let comments: Vec<&str> = node.comments().iter().map(|c| c.as_str()).collect();
            let index = nodes.len();
            nodes.push(TreeNodeView {
                parent,
                uci: node.m().expect("only the root has no move").to_string(),
                san: node.san().expect("a move has its san").to_string(),
                fen: node.position().to_fen(),
                ply,
                comment: (!comments.is_empty()).then(|| comments.join(" ")),
            });
            for &child in children(id).iter().rev() {
                stack.push((child, Some(index), ply + 1));
            }
        }
        TreeView {
            fen: tree.start().to_fen(),
            nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::pgn;

    #[test]
    fn a_tree_is_flattened_depth_first_with_parents_before_children() {
        let tree = pgn::read_tree("1. e4 e5 { open } { game } (1... c5 2. Nf3) 2. Nf3 *")
            .expect("a tree")
            .tree;
        let view = TreeView::of(&tree);
        let rows: Vec<(Option<usize>, &str, usize)> = view
            .nodes
            .iter()
            .map(|n| (n.parent, n.san.as_str(), n.ply))
            .collect();
        assert_eq!(
            rows,
            [
                (None, "e4", 1),
                (Some(0), "e5", 2),
                (Some(1), "Nf3", 3),
                (Some(0), "c5", 2),
                (Some(3), "Nf3", 3),
            ]
        );
        assert_eq!(view.nodes[1].comment.as_deref(), Some("open game"));
        assert_eq!(view.nodes[3].uci, "c7c5");
        assert_eq!(
            view.nodes[0].fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        assert_eq!(view.fen, alphachess_engine::STARTPOS_FEN);
    }
}
