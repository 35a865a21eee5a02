//! Grafting one move tree onto another: the union of their lines, the receiving tree's order first.

use super::{GameTree, NodeId, TreeError, ROOT};
use crate::pgn::MoveAnnotation;

impl GameTree {
    /// Adds every line of `other` to this tree: a move already here keeps its node and its
    /// place, a move that is not is added after this tree's continuations there (so this tree's
    /// main line stays the main line, and `other`'s lines keep their order among themselves).
    /// Comments and NAGs of `other` that a node lacks are added after its own.
    ///
    /// Both trees must start from the same position. On an error (a bound of
    /// [`MAX_TREE_NODES`](super::MAX_TREE_NODES) or
    /// [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH): `other`'s main line may become a side
    /// line here, nesting its own side lines one level deeper) this tree keeps the moves
    /// grafted so far; graft onto a clone to keep it whole.
    ///
    /// ```
    /// use alphachess_engine::{pgn, GameTree};
    ///
    /// let mut game = pgn::read_tree("1. e4 e5 2. Nf3 *")?.tree;
    /// let board = pgn::read_tree("1. e4 c5 (1... e5 2. Nf3 Nc6) *")?.tree;
    /// game.graft(&board)?;
    /// let text = pgn::write_tree(&pgn::Tags::new(), &game);
    /// assert!(text.ends_with("\n\n1. e4 e5 (1... c5) 2. Nf3 Nc6 *\n"), "{text}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn graft(&mut self, other: &GameTree) -> Result<(), TreeError> {
        if self.start() != other.start() {
            return Err(TreeError::OtherStart);
        }
        let mut stack: Vec<(NodeId, NodeId)> = vec![(ROOT, ROOT)];
        while let Some((from, to)) = stack.pop() {
            let node = other.node_ref(from);
            let here = self.node_mut(to);
            merge(&mut here.annotation, &node.annotation);
            for comment in &node.starting_comments {
                if !here.starting_comments.contains(comment) {
                    here.starting_comments.push(comment.clone());
                }
            }
            // Children in order: each `play` appends a new one after the others.
            let mut pairs = Vec::with_capacity(node.children.len());
            for &child in &node.children {
                let m = other
                    .node_ref(child)
                    .m()
                    .expect("only the root has no move");
                pairs.push((child, self.play(to, m)?));
            }
            // Reversed, so the first child's line is grafted first (popped first).
            stack.extend(pairs.into_iter().rev());
        }
        Ok(())
    }
}

/// Adds to `into` the NAGs and comments of `from` it does not have, in `from`'s order.
fn merge(into: &mut MoveAnnotation, from: &MoveAnnotation) {
    for nag in &from.nags {
        if !into.nags.contains(nag) {
            into.nags.push(*nag);
        }
    }
    for comment in &from.comments {
        if !into.comments.contains(comment) {
            into.comments.push(comment.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::pgn::{self, Tags};
    use crate::{GameTree, Position, TreeError, MAX_VARIATION_DEPTH};

    fn tree(text: &str) -> GameTree {
        pgn::read_tree(text).expect("a valid PGN").tree
    }

    fn movetext(tree: &GameTree) -> String {
        let text = pgn::write_tree(&Tags::new(), tree);
        let movetext = text.rsplit("\n\n").next().expect("movetext after the tags");
        movetext.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_receiving_main_line_stays_main_and_new_lines_follow_in_order() {
        let mut game = tree("1. e4 e5 2. Nf3 Nc6 *");
        game.graft(&tree("1. e4 c5 (1... e6 2. d4) (1... e5 2. Bc4) *"))
            .expect("grafts");
        assert_eq!(
            movetext(&game),
            "1. e4 e5 (1... c5) (1... e6 2. d4) 2. Nf3 (2. Bc4) 2... Nc6 *"
        );
    }

    #[test]
    fn comments_and_nags_are_added_once_after_the_nodes_own() {
        let mut game = tree("{ intro } 1. e4 { best by test } 1... e5?! *");
        let other =
            tree("{ intro } 1. e4 { mine } 1... e5? { dubious } (1... c5 { the Sicilian }) *");
        game.graft(&other).expect("grafts");
        assert_eq!(
            movetext(&game),
            "{ intro } 1. e4 { best by test } { mine } 1... e5?! $2 { dubious } (1... c5 { the Sicilian }) *"
        );
    }

    #[test]
    fn grafting_a_tree_onto_itself_or_an_empty_tree_changes_nothing() {
        let study = tree("1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5 2. Nf3 *");
        let mut same = study.clone();
        same.graft(&study).expect("grafts");
        assert_eq!(same, study);
        same.graft(&GameTree::new(Position::startpos()))
            .expect("grafts");
        assert_eq!(same, study);
        let mut empty = GameTree::new(Position::startpos());
        empty.graft(&study).expect("grafts");
        assert_eq!(empty, study, "onto an empty tree: a copy");
    }

    #[test]
    fn trees_from_different_starts_are_refused() {
        let mut game = tree("1. e4 *");
        let other = tree("[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"] 1. O-O *");
        assert_eq!(game.graft(&other), Err(TreeError::OtherStart));
    }

    #[test]
    fn a_graft_that_would_nest_too_deeply_is_refused() {
        // Side lines nested MAX_VARIATION_DEPTH deep under a main line the receiving tree
        // lacks: grafted, that main line is a side line and the deepest line one level deeper.
        let uci = |tree: &GameTree, at, text: &str| {
            let uci: crate::UciMove = text.parse().expect("uci syntax");
            uci.to_move(tree.position(at).expect("live"))
                .expect("legal")
        };
        let mut other = GameTree::new(Position::startpos());
        let mut at = other
            .play(other.root(), uci(&other, other.root(), "g1f3"))
            .expect("room");
        let knights = ["g8f6", "f3g1", "f6g8", "g1f3"];
        for depth in 1..=MAX_VARIATION_DEPTH {
            let pawn = if depth % 2 == 1 { "a7a6" } else { "a2a3" };
            other
                .play(at, uci(&other, at, pawn))
                .expect("a main continuation");
            let knight = knights[(depth - 1) % 4];
            at = other
                .play(at, uci(&other, at, knight))
                .expect("deep enough");
            assert_eq!(other.nesting(at), depth);
        }
        let mut game = tree("1. d4 *");
        assert_eq!(game.graft(&other), Err(TreeError::TooDeep));
        let mut same_main = tree("1. Nf3 *");
        same_main
            .graft(&other)
            .expect("the same main line: the same nesting");
    }
}
