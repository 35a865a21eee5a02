import { describe, expect, it } from 'vitest';
import type { TreeView } from '../../../api/types';
import {
  deleteLine,
  emptyTree,
  hasNode,
  isMainline,
  lineEnd,
  mainlineAt,
  moveCount,
  nodeOf,
  movesTo,
  pathTo,
  playMove,
  promoteLine,
  ROOT,
  setComment,
  treeBody,
  treeFromView,
  type MoveTree,
  type NodeId,
} from './moveTree';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A move whose FEN names it: the model never reads FENs, it only carries them. */
const move = (uci: string, san: string) => ({ uci, san, fen: `after ${san}` });

/** 1. e4 e5 (1... c5 2. Nf3 {Open Sicilian}) 2. Nf3, as the server would send it. */
const VIEW: TreeView = {
  fen: START,
  nodes: [
    { parent: null, uci: 'e2e4', san: 'e4', fen: 'after e4', ply: 1, comment: null },
    { parent: 0, uci: 'e7e5', san: 'e5', fen: 'after e5', ply: 2, comment: null },
    { parent: 0, uci: 'c7c5', san: 'c5', fen: 'after c5', ply: 2 },
    { parent: 2, uci: 'g1f3', san: 'Nf3', fen: 'after Nf3', ply: 3, comment: 'Open Sicilian' },
    { parent: 1, uci: 'g1f3', san: 'Nf3', fen: 'after Nf3', ply: 3, comment: null },
  ],
};

/** The SANs along the path to a node. */
const line = (tree: MoveTree, id: NodeId) => pathTo(tree, id).map((step) => nodeOf(tree, step).move?.san);
/** The SANs of the mainline. */
const mainline = (tree: MoveTree) => line(tree, lineEnd(tree, ROOT));
/** The node reached by a list of SANs from the start. */
function reach(tree: MoveTree, ...sans: string[]): NodeId {
  return sans.reduce((at, san) => {
    const found = nodeOf(tree, at).children.find((child) => nodeOf(tree, child).move?.san === san);
    if (found === undefined) throw new Error(`no ${san} after ${line(tree, at).join(' ')}`);
    return found;
  }, ROOT);
}

describe('the move tree', () => {
  it('is read from a TreeView with parents, sibling order, plies and comments kept', () => {
    const tree = treeFromView(VIEW);
    expect(moveCount(tree)).toBe(5);
    expect(mainline(tree)).toEqual(['e4', 'e5', 'Nf3']);
    const nf3 = reach(tree, 'e4', 'c5', 'Nf3');
    expect(nodeOf(tree, nf3).comment).toBe('Open Sicilian');
    expect(nodeOf(tree, nf3).ply).toBe(3);
    expect(nodeOf(tree, nf3).fen).toBe('after Nf3');
    expect(isMainline(tree, nf3)).toBe(false);
    expect(isMainline(tree, reach(tree, 'e4', 'e5'))).toBe(true);
  });

  it('finds the mainline’s node at a ply, its end without one', () => {
    const tree = treeFromView(VIEW);
    expect(mainlineAt(tree, 0)).toBe(ROOT);
    expect(mainlineAt(tree, 2)).toBe(reach(tree, 'e4', 'e5'));
    expect(mainlineAt(tree, 99)).toBe(reach(tree, 'e4', 'e5', 'Nf3'));
    expect(mainlineAt(tree, null)).toBe(reach(tree, 'e4', 'e5', 'Nf3'));
  });

  it('reads an entry without a parent field as a move from the start', () => {
    const tree = treeFromView({ fen: START, nodes: [{ uci: 'e2e4', san: 'e4', fen: 'after e4', ply: 1 }] });
    expect(mainline(tree)).toEqual(['e4']);
  });

  it('refuses an entry whose parent is not an earlier entry', () => {
    const broken: TreeView = { fen: START, nodes: [{ parent: 1, uci: 'e2e4', san: 'e4', fen: 'x', ply: 1 }] };
    expect(() => treeFromView(broken)).toThrow(/entry 0/);
  });

  it('goes to a move already in the tree instead of adding it twice', () => {
    const tree = treeFromView(VIEW);
    const e4 = reach(tree, 'e4');
    const played = playMove(tree, e4, move('c7c5', 'c5'));
    expect(played.added).toBe(false);
    expect(played.tree).toBe(tree);
    expect(played.node).toBe(reach(tree, 'e4', 'c5'));
  });

  it('adds a new move as the main continuation of a leaf and as a side line elsewhere', () => {
    let tree = emptyTree(START);
    const e4 = playMove(tree, ROOT, move('e2e4', 'e4'));
    tree = e4.tree;
    expect(mainline(tree)).toEqual(['e4']);
    const d4 = playMove(tree, ROOT, move('d2d4', 'd4'));
    expect(d4.added).toBe(true);
    expect(mainline(d4.tree)).toEqual(['e4']);
    expect(line(d4.tree, d4.node)).toEqual(['d4']);
    expect(nodeOf(d4.tree, d4.node).ply).toBe(1);
    expect(isMainline(d4.tree, d4.node)).toBe(false);
    // The old tree is untouched.
    expect(nodeOf(tree, ROOT).children).toHaveLength(1);
  });

  it('names the moves from the start to a node, side lines included', () => {
    const tree = treeFromView(VIEW);
    expect(movesTo(tree, reach(tree, 'e4', 'c5'))).toEqual(['e2e4', 'c7c5']);
    expect(movesTo(tree, ROOT)).toEqual([]);
  });

  it('deletes a line from a node on, going back to its parent', () => {
    const tree = treeFromView(VIEW);
    const c5 = reach(tree, 'e4', 'c5');
    const nf3 = reach(tree, 'e4', 'c5', 'Nf3');
    const { tree: pruned, parent } = deleteLine(tree, c5);
    expect(parent).toBe(reach(tree, 'e4'));
    expect(moveCount(pruned)).toBe(3);
    expect(hasNode(pruned, c5)).toBe(false);
    expect(hasNode(pruned, nf3)).toBe(false);
    expect(nodeOf(pruned, parent).children).toEqual([reach(tree, 'e4', 'e5')]);
    expect(deleteLine(tree, ROOT).tree).toBe(tree);
  });

  it('promotes a side line one level, as lichess does, and makes a deep line the mainline', () => {
    // 1. e4 e5 (1... c5 2. Nf3 (2. Nc3 d6 (2... Nc6)))
    let tree = treeFromView(VIEW);
    const c5 = reach(tree, 'e4', 'c5');
    const nc3 = playMove(tree, c5, move('b1c3', 'Nc3'));
    const d6 = playMove(nc3.tree, nc3.node, move('d7d6', 'd6'));
    const nc6 = playMove(d6.tree, nc3.node, move('b8c6', 'Nc6'));
    tree = nc6.tree;

    const once = promoteLine(tree, nc6.node, false);
    // The deepest branch on the path moved: Nc6 is now Nc3's main reply, the rest stays.
    expect(line(once, lineEnd(once, nc3.node))).toEqual(['e4', 'c5', 'Nc3', 'Nc6']);
    expect(mainline(once)).toEqual(['e4', 'e5', 'Nf3']);
    const twice = promoteLine(once, nc6.node, false);
    expect(line(twice, lineEnd(twice, c5))).toEqual(['e4', 'c5', 'Nc3', 'Nc6']);
    expect(mainline(twice)).toEqual(['e4', 'e5', 'Nf3']);

    const main = promoteLine(tree, nc6.node, true);
    expect(mainline(main)).toEqual(['e4', 'c5', 'Nc3', 'Nc6']);
    expect(isMainline(main, nc6.node)).toBe(true);
    // The displaced moves are side lines now, not lost.
    expect(moveCount(main)).toBe(moveCount(tree));
    expect(promoteLine(main, nc6.node, false)).toEqual(main);
  });

  it('keeps a comment, and drops a blank one', () => {
    const tree = treeFromView(VIEW);
    const e4 = reach(tree, 'e4');
    const commented = setComment(tree, e4, 'Best by test');
    expect(nodeOf(commented, e4).comment).toBe('Best by test');
    expect(nodeOf(setComment(commented, e4, '  '), e4).comment).toBeNull();
    expect(setComment(commented, e4, 'Best by test')).toBe(commented);
  });

  it('is written back as the TreeBody it was read from: parents first, siblings in order, comments kept', () => {
    const body = treeBody(treeFromView(VIEW));
    expect(body).toEqual({
      fen: START,
      nodes: [
        { parent: null, uci: 'e2e4' },
        { parent: 0, uci: 'e7e5' },
        { parent: 1, uci: 'g1f3' },
        { parent: 0, uci: 'c7c5' },
        { parent: 3, uci: 'g1f3', comment: 'Open Sicilian' },
      ],
    });
    // And what it writes reads back to the same tree shape.
    const again = treeFromView({
      fen: START,
      nodes: body.nodes.map((entry, index) => ({ ...entry, san: `m${index}`, fen: `f${index}`, ply: 0 })),
    });
    expect(treeBody(again)).toEqual(body);
  });

  it('writes a long mainline without running out of stack', () => {
    let tree = emptyTree(START);
    let at = ROOT;
    for (let i = 0; i < 12_000; i++) {
      const played = playMove(tree, at, move(`m${i}`, `m${i}`));
      tree = played.tree;
      at = played.node;
    }
    const body = treeBody(tree);
    expect(body.nodes).toHaveLength(12_000);
    expect(body.nodes[11_999]).toEqual({ parent: 11_998, uci: 'm11999' });
  });
});
