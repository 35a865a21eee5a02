import type { TreeBody, TreeNodeBody, TreeView } from '../../../api/types';

/**
 * The analysis board's move tree, as a pure value: every change returns a new tree and leaves the
 * old one as it was (React state, undo-free but never half-changed). The server is the only judge
 * of chess: a node's SAN and FEN come from it (a `TreeView`, or a legal move it listed), never from
 * rules of our own.
 *
 * The start position is the root node, `ROOT`; every other node is one move. A node's first child
 * is its main continuation, the others are side lines in the order they were added (as in a PGN).
 */

/** A node's id: stable for the life of the tree (ids of deleted nodes are not reused). */
export type NodeId = number;

/** The start position's node. */
export const ROOT: NodeId = 0;

/** A move as the server describes it: its UCI, its SAN and the position after it. */
export interface TreeMove {
  uci: string;
  san: string;
  fen: string;
}

export interface MoveNode {
  id: NodeId;
  /** Null for the root only. */
  parent: NodeId | null;
  /** The move that led here; empty for the root. */
  move: TreeMove | null;
  /** The position here (the start FEN for the root). */
  fen: string;
  /** Plies from the start position (0 for the root). */
  ply: number;
  comment: string | null;
  children: readonly NodeId[];
}

export interface MoveTree {
  nodes: Readonly<Record<NodeId, MoveNode>>;
  /** The id the next node gets. */
  nextId: NodeId;
}

/** A tree with no move yet, at `fen`. */
export function emptyTree(fen: string): MoveTree {
  return { nodes: { [ROOT]: { id: ROOT, parent: null, move: null, fen, ply: 0, comment: null, children: [] } }, nextId: ROOT + 1 };
}

/** The start position's FEN. */
export function startFen(tree: MoveTree): string {
  return tree.nodes[ROOT].fen;
}

/** The node `id`; throws for an id that is not in the tree (a caller's bug, never the player's). */
export function nodeOf(tree: MoveTree, id: NodeId): MoveNode {
  const node = tree.nodes[id];
  if (!node) throw new Error(`no node ${id} in the move tree`);
  return node;
}

/** Whether `id` names a node of the tree (a node kept from before a delete may not). */
export function hasNode(tree: MoveTree, id: NodeId): boolean {
  return Object.hasOwn(tree.nodes, id);
}

/**
 * The tree the server sent. Entries come parents first (the contract), so each parent is known by
 * the time its children arrive; an entry that breaks that is a `bad_response` for the caller.
 */
export function treeFromView(view: TreeView): MoveTree {
  let tree = emptyTree(view.fen);
  const ids: NodeId[] = [];
  view.nodes.forEach((entry, index) => {
    const above = entry.parent ?? null;
    const parent = above === null ? ROOT : ids[above];
    if (parent === undefined || (above !== null && above >= index)) {
      throw new Error(`tree entry ${index} names parent ${above}, which is not an earlier entry`);
    }
    const added = appendChild(tree, parent, { uci: entry.uci, san: entry.san, fen: entry.fen }, entry.comment ?? null);
    tree = added.tree;
    ids.push(added.id);
  });
  return tree;
}

function appendChild(tree: MoveTree, parent: NodeId, move: TreeMove, comment: string | null): { tree: MoveTree; id: NodeId } {
  const above = nodeOf(tree, parent);
  const id = tree.nextId;
  const node: MoveNode = { id, parent, move, fen: move.fen, ply: above.ply + 1, comment, children: [] };
  return {
    tree: { nodes: { ...tree.nodes, [parent]: { ...above, children: [...above.children, id] }, [id]: node }, nextId: id + 1 },
    id,
  };
}

/** The child of `parent` reached by `uci`, if it is in the tree. */
export function childByUci(tree: MoveTree, parent: NodeId, uci: string): NodeId | undefined {
  return nodeOf(tree, parent).children.find((child) => nodeOf(tree, child).move?.uci === uci);
}

/**
 * Plays `move` at node `at`: a move already in the tree there is gone to (the tree is unchanged),
 * any other becomes a new last child (its main continuation if `at` had none, else a side line).
 */
export function playMove(tree: MoveTree, at: NodeId, move: TreeMove): { tree: MoveTree; node: NodeId; added: boolean } {
  const existing = childByUci(tree, at, move.uci);
  if (existing !== undefined) return { tree, node: existing, added: false };
  const { tree: grown, id } = appendChild(tree, at, move, null);
  return { tree: grown, node: id, added: true };
}

/** Every node of the subtree under `id`, `id` included. */
function subtree(tree: MoveTree, id: NodeId): NodeId[] {
  const found: NodeId[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as NodeId;
    found.push(next);
    stack.push(...nodeOf(tree, next).children);
  }
  return found;
}

/**
 * Deletes the line from `id` on (the move and everything after it); the answer's `parent` is where
 * the board goes. The root cannot be deleted: the tree is returned unchanged.
 */
export function deleteLine(tree: MoveTree, id: NodeId): { tree: MoveTree; parent: NodeId } {
  const node = nodeOf(tree, id);
  if (node.parent === null) return { tree, parent: ROOT };
  const parent = nodeOf(tree, node.parent);
  const nodes = { ...tree.nodes, [parent.id]: { ...parent, children: parent.children.filter((child) => child !== id) } };
  for (const gone of subtree(tree, id)) delete nodes[gone];
  return { tree: { ...tree, nodes }, parent: parent.id };
}

/** The nodes from the first move to `id` (empty for the root): the moves that lead to it. */
export function pathTo(tree: MoveTree, id: NodeId): NodeId[] {
  const path: NodeId[] = [];
  for (let at: NodeId | null = id; at !== null && at !== ROOT; at = nodeOf(tree, at).parent) path.push(at);
  return path.reverse();
}

/** The moves (UCI) from the start position to `id`, in order. */
export function movesTo(tree: MoveTree, id: NodeId): string[] {
  return pathTo(tree, id).flatMap((at) => {
    const move = nodeOf(tree, at).move;
    return move ? [move.uci] : [];
  });
}

/** Whether `id` is on the mainline (the root's first child, its first child, ...). */
export function isMainline(tree: MoveTree, id: NodeId): boolean {
  return pathTo(tree, id).every((step) => nodeOf(tree, nodeOf(tree, step).parent as NodeId).children[0] === step);
}

/**
 * Promotes the line through `id`, as lichess's "promote variation": the deepest step on the path
 * to `id` that is not its parent's main continuation becomes it (first among its siblings), so the
 * line moves up one level of nesting. With `toMainline`, every such step on the path is promoted
 * ("make mainline"). A node already on the mainline leaves the tree unchanged.
 */
export function promoteLine(tree: MoveTree, id: NodeId, toMainline: boolean): MoveTree {
  const nodes = { ...tree.nodes };
  for (const step of pathTo(tree, id).reverse()) {
    const parent = nodes[nodes[step].parent as NodeId];
    if (parent.children[0] === step) continue;
    nodes[parent.id] = { ...parent, children: [step, ...parent.children.filter((child) => child !== step)] };
    if (!toMainline) break;
  }
  return { ...tree, nodes };
}

/** The tree with `comment` on node `id` (blank text removes it). */
export function setComment(tree: MoveTree, id: NodeId, comment: string): MoveTree {
  const node = nodeOf(tree, id);
  const text = comment.trim() === '' ? null : comment;
  if (node.comment === text) return tree;
  return { ...tree, nodes: { ...tree.nodes, [id]: { ...node, comment: text } } };
}

/** Where "forward" goes: the main continuation, if any. */
export function nextNode(tree: MoveTree, id: NodeId): NodeId | undefined {
  return nodeOf(tree, id).children[0];
}

/** The end of the line `id` is on: main continuations followed to the last. */
export function lineEnd(tree: MoveTree, id: NodeId): NodeId {
  let at = id;
  for (let next = nextNode(tree, at); next !== undefined; next = nextNode(tree, at)) at = next;
  return at;
}

/** The mainline's node after `ply` plies (the last one if the mainline is shorter); its end when `ply` is null. */
export function mainlineAt(tree: MoveTree, ply: number | null): NodeId {
  let at = ROOT;
  for (let step = 0; ply === null || step < ply; step++) {
    const next = nextNode(tree, at);
    if (next === undefined) break;
    at = next;
  }
  return at;
}

/** The number of moves in the tree (the root is no move). */
export function moveCount(tree: MoveTree): number {
  return Object.keys(tree.nodes).length - 1;
}

/**
 * The tree as the server reads it (`TreeBody`): flat, parents before children (a depth-first walk),
 * siblings in order, each node's `parent` the index of its parent's entry.
 */
export function treeBody(tree: MoveTree): TreeBody {
  const entries: TreeNodeBody[] = [];
  // A depth-first walk with its own stack: a long game's mainline is deeper than a call stack likes.
  const stack: { id: NodeId; parentIndex: number | null }[] = [...nodeOf(tree, ROOT).children]
    .reverse()
    .map((id) => ({ id, parentIndex: null }));
  while (stack.length > 0) {
    const { id, parentIndex } = stack.pop() as { id: NodeId; parentIndex: number | null };
    const node = nodeOf(tree, id);
    const index = entries.length;
    entries.push({ parent: parentIndex, uci: (node.move as TreeMove).uci, ...(node.comment ? { comment: node.comment } : {}) });
    for (const child of [...node.children].reverse()) stack.push({ id: child, parentIndex: index });
  }
  return { fen: startFen(tree), nodes: entries };
}
