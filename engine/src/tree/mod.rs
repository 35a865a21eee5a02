//! A move tree: a game with its variations, as an analysis board keeps them.
//!
//! Each node is a legal move from its parent's position; a node's first child is the main
//! continuation and the others are side lines, in order. [`pgn::read_tree`](crate::pgn::read_tree)
//! and [`pgn::write_tree`](crate::pgn::write_tree) read and write it as PGN with variations.
//!
//! The tree knows the rules of movement, not the rules that end a game: a side line may go on
//! past a threefold repetition or a dead position (analysis does), but no move is legal after
//! checkmate or stalemate. [`GameTree::to_game`] applies the game rules to the main line.

mod error;
mod graft;
mod node;

pub use error::TreeError;
pub use node::{Node, NodeId};

use crate::pgn::{Annotations, Comment, MoveAnnotation};
use crate::{DrawRule, Game, Move, PlayError, Position, SanPlus};

/// The most moves a tree may hold (the root not counted): room for the longest game
/// [`pgn::read_game`](crate::pgn::read_game) accepts and plenty of analysis, while a hostile
/// upload or board session stays around ten megabytes (a node holds its position).
pub const MAX_TREE_NODES: usize = 50_000;
/// How deeply side lines may nest: a side line of the main line is at depth 1, a side line of
/// that at depth 2. Bounds the recursion of anything that walks variations (the PGN writer)
/// far below any stack limit; real annotated games rarely nest past 5.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// A start position and a tree of moves from it, addressed by [`NodeId`].
///
/// ```
/// use alphachess_engine::{GameTree, Position, San};
///
/// let mut tree = GameTree::new(Position::startpos());
/// let san = |tree: &GameTree, at, text: &str| -> Result<_, Box<dyn std::error::Error>> {
///     Ok(text.parse::<San>()?.to_move(tree.position(at).expect("a node of the tree"))?)
/// };
/// let e4 = tree.play(tree.root(), san(&tree, tree.root(), "e4")?)?;
/// let e5 = tree.play(e4, san(&tree, e4, "e5")?)?;
/// let c5 = tree.play(e4, san(&tree, e4, "c5")?)?; // a side line: Black tries the Sicilian
/// assert_eq!(tree.children(e4), Some(&[e5, c5][..]));
/// assert_eq!(tree.play(e4, san(&tree, e4, "c5")?)?, c5, "the same move reuses its node");
///
/// tree.make_mainline(c5)?;
/// assert_eq!(tree.mainline(), [e4, c5]);
/// tree.delete(e5)?;
/// assert_eq!(tree.children(e4), Some(&[c5][..]));
/// assert_eq!(tree.position(e5), None, "a deleted node's id names nothing");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    /// Nodes by slot; a deleted node's slot is reused with the next generation.
    slots: Vec<Slot>,
    /// Empty slots, reused before the vector grows.
    free: Vec<u32>,
    /// Moves in the tree (live nodes but the root).
    len: usize,
}

#[derive(Clone, Debug)]
struct Slot {
    generation: u32,
    node: Option<Node>,
}

/// The root is always the first slot, never deleted.
const ROOT: NodeId = NodeId {
    index: 0,
    generation: 0,
};

impl GameTree {
    /// A tree with no moves from `start`.
    pub fn new(start: Position) -> GameTree {
        let root = Node {
            played: None,
            position: start,
            parent: None,
            children: Vec::new(),
            annotation: MoveAnnotation::default(),
            starting_comments: Vec::new(),
        };
        GameTree {
            slots: vec![Slot {
                generation: 0,
                node: Some(root),
            }],
            free: Vec::new(),
            len: 0,
        }
    }

    /// The tree of `game`'s moves as its main line, with `annotations` on them (its comments
    /// before the first move on the root).
    pub fn from_game(game: &Game, annotations: &Annotations) -> Result<GameTree, TreeError> {
        let mut tree = GameTree::new(game.initial_position().clone());
        tree.node_mut(ROOT).annotation.comments = annotations.before.clone();
        let mut at = ROOT;
        for (ply, &m) in game.moves().iter().enumerate() {
            at = tree.play(at, m)?;
            if let Some(annotation) = annotations.moves.get(ply) {
                tree.node_mut(at).annotation = annotation.clone();
            }
        }
        Ok(tree)
    }

    /// The main line as a [`Game`] under [`DrawRule::ByClaim`] (as PGN games are read), or why
    /// one of its moves cannot be played in a game: after a dead position, say.
    pub fn to_game(&self) -> Result<Game, PlayError> {
        let mut game = Game::new(self.start().clone()).with_draw_rule(DrawRule::ByClaim);
        for id in self.mainline() {
            game.play(self.node_ref(id).m().expect("only the root has no move"))?;
        }
        Ok(game)
    }

    /// The main line's annotations, as [`Annotations`] for [`to_game`](GameTree::to_game)'s game.
    pub fn mainline_annotations(&self) -> Annotations {
        Annotations {
            before: self.node_ref(ROOT).annotation.comments.clone(),
            moves: self
                .mainline()
                .into_iter()
                .map(|id| self.node_ref(id).annotation.clone())
                .collect(),
        }
    }

    /// The root: no move, the start position.
    pub fn root(&self) -> NodeId {
        ROOT
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.node_ref(ROOT).position
    }

    /// How many moves the tree holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the tree holds no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The node `id` names, if it is in this tree.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        let slot = self.slots.get(id.index as usize)?;
        (slot.generation == id.generation)
            .then_some(slot.node.as_ref())
            .flatten()
    }

    /// The position at `at` (after its move).
    pub fn position(&self, at: NodeId) -> Option<&Position> {
        self.node(at).map(Node::position)
    }

    /// The node before `at`; `None` at the root or for an unknown id.
    pub fn parent(&self, at: NodeId) -> Option<NodeId> {
        self.node(at)?.parent
    }

    /// The continuations of `at`, the main one first.
    pub fn children(&self, at: NodeId) -> Option<&[NodeId]> {
        self.node(at).map(Node::children)
    }

    /// The moves from the start position to `at`.
    pub fn path(&self, at: NodeId) -> Option<Vec<Move>> {
        let mut moves = Vec::new();
        let mut node = self.node(at)?;
        while let Some(m) = node.m() {
            moves.push(m);
            node = self.node_ref(node.parent.expect("a node with a move has a parent"));
        }
        moves.reverse();
        Some(moves)
    }

    /// The node reached by playing `path` from the start, if every move of it is in the tree:
    /// the way back from [`path`](GameTree::path), for ids that left the process.
    pub fn find(&self, path: &[Move]) -> Option<NodeId> {
        path.iter().try_fold(ROOT, |at, &m| {
            let children = &self.node_ref(at).children;
            children
                .iter()
                .copied()
                .find(|&c| self.node_ref(c).m() == Some(m))
        })
    }

    /// The main line: the first child of the root, its first child, and so on.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = ROOT;
        while let Some(&next) = self.node_ref(at).children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The NAGs and comments after the move at `at`, to change (at the root: the comments
    /// before the first move; its NAGs are not written). Comments are not counted against any
    /// bound here: whoever takes them from a user bounds them.
    pub fn annotation_mut(&mut self, at: NodeId) -> Option<&mut MoveAnnotation> {
        self.node(at)?;
        Some(&mut self.node_mut(at).annotation)
    }

    /// The comments before the move at `at`, to change (see [`Node::starting_comments`]).
    pub fn starting_comments_mut(&mut self, at: NodeId) -> Option<&mut Vec<Comment>> {
        self.node(at)?;
        Some(&mut self.node_mut(at).starting_comments)
    }

    /// Plays `m` from `at`: the existing child if that move was played there already, else a
    /// new node (the main continuation if `at` had none, else a new side line after the others).
    pub fn play(&mut self, at: NodeId, m: Move) -> Result<NodeId, TreeError> {
        let node = self.node(at).ok_or(TreeError::UnknownNode)?;
        if let Some(&child) = node
            .children
            .iter()
            .find(|&&c| self.node_ref(c).m() == Some(m))
        {
            return Ok(child);
        }
        let position = node.position.after(m)?;
        if self.len >= MAX_TREE_NODES {
            return Err(TreeError::TooManyNodes);
        }
        let depth = self.nesting(at) + usize::from(!node.children.is_empty());
        if depth > MAX_VARIATION_DEPTH {
            return Err(TreeError::TooDeep);
        }
        let san = SanPlus::from_move(&node.position, m);
        let id = self.allocate(Node {
            played: Some((m, san)),
            position,
            parent: Some(at),
            children: Vec::new(),
            annotation: MoveAnnotation::default(),
            starting_comments: Vec::new(),
        });
        self.node_mut(at).children.push(id);
        Ok(id)
    }

    /// Removes `at` and every move after it.
    pub fn delete(&mut self, at: NodeId) -> Result<(), TreeError> {
        let parent = self
            .node(at)
            .ok_or(TreeError::UnknownNode)?
            .parent
            .ok_or(TreeError::Root)?;
        self.node_mut(parent).children.retain(|&c| c != at);
        let mut stack = vec![at];
        while let Some(id) = stack.pop() {
            let slot = &mut self.slots[id.index as usize];
            let node = slot.node.take().expect("children of a live node are live");
            slot.generation = slot.generation.wrapping_add(1);
            self.free.push(id.index);
            self.len -= 1;
            stack.extend(node.children);
        }
        Ok(())
    }

    /// Makes the line through `at` the main one at the nearest branching above it where it is
    /// not, as lichess's "promote variation" does (one step; nothing if it already is the main line).
    pub fn promote(&mut self, at: NodeId) -> Result<(), TreeError> {
        self.promote_up_to(at, 1)
    }

    /// Makes the line through `at` the main line: the first child at every branching above it.
    pub fn make_mainline(&mut self, at: NodeId) -> Result<(), TreeError> {
        self.promote_up_to(at, usize::MAX)
    }

    /// Moves the line through `at` to the front at up to `steps` branchings above it, nearest
    /// first; undone if that would nest a demoted line too deeply.
    fn promote_up_to(&mut self, at: NodeId, steps: usize) -> Result<(), TreeError> {
        let node = self.node(at).ok_or(TreeError::UnknownNode)?;
        if node.parent.is_none() {
            return Err(TreeError::Root);
        }
        let mut moved = Vec::new();
        let mut child = at;
        while let Some(parent) = self.node_ref(child).parent {
            if moved.len() == steps {
                break;
            }
            let children = &mut self.node_mut(parent).children;
            let index = children
                .iter()
                .position(|&c| c == child)
                .expect("a node is among its parent's children");
            if index > 0 {
                let promoted = children.remove(index);
                children.insert(0, promoted);
                moved.push((parent, index));
            }
            child = parent;
        }
        if self.max_nesting() > MAX_VARIATION_DEPTH {
            for &(parent, index) in moved.iter().rev() {
                let children = &mut self.node_mut(parent).children;
                let promoted = children.remove(0);
                children.insert(index, promoted);
            }
            return Err(TreeError::TooDeep);
        }
        Ok(())
    }

    /// How many side lines deep `at` is: 0 on the main line.
    pub fn nesting(&self, at: NodeId) -> usize {
        let mut depth = 0;
        let mut child = at;
        while let Some(parent) = self.node(child).and_then(|n| n.parent) {
            depth += usize::from(self.node_ref(parent).children.first() != Some(&child));
            child = parent;
        }
        depth
    }

    /// The deepest nesting of any node.
    fn max_nesting(&self) -> usize {
        let mut max = 0;
        let mut stack = vec![(ROOT, 0)];
        while let Some((id, depth)) = stack.pop() {
            max = max.max(depth);
            for (i, &child) in self.node_ref(id).children.iter().enumerate() {
                stack.push((child, depth + usize::from(i > 0)));
            }
        }
        max
    }

    fn allocate(&mut self, node: Node) -> NodeId {
        self.len += 1;
        match self.free.pop() {
            Some(index) => {
                let slot = &mut self.slots[index as usize];
                slot.node = Some(node);
                NodeId {
                    index,
                    generation: slot.generation,
                }
            }
            None => {
                let index = u32::try_from(self.slots.len()).expect("bounded by MAX_TREE_NODES");
                self.slots.push(Slot {
                    generation: 0,
                    node: Some(node),
                });
                NodeId {
                    index,
                    generation: 0,
                }
            }
        }
    }

    /// The node of an id known to be live (taken from the tree itself).
    fn node_ref(&self, id: NodeId) -> &Node {
        self.node(id).expect("ids taken from the tree are live")
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.slots[id.index as usize]
            .node
            .as_mut()
            .expect("ids taken from the tree are live")
    }
}

/// Trees are equal when they hold the same start position and the same moves, in the same
/// order, with the same annotations: how the ids were laid out does not matter.
impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        let mut stack = vec![(ROOT, ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (a, b) = (self.node_ref(a), other.node_ref(b));
            let same = a.m() == b.m()
                && a.annotation == b.annotation
                && a.starting_comments == b.starting_comments
                && a.children.len() == b.children.len();
            if !same {
                return false;
            }
            stack.extend(a.children.iter().copied().zip(b.children.iter().copied()));
        }
        self.start() == other.start()
    }
}

impl Eq for GameTree {}
