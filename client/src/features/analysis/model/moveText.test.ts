import { describe, expect, it } from 'vitest';
import { lineParts, moveNumber, moveTokens, type MoveToken } from './moveText';
import { emptyTree, playMove, ROOT, setComment, type MoveTree, type NodeId } from './moveTree';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The tokens as the text a reader sees. */
function text(tokens: MoveToken[]): string {
  return tokens
    .map((token) => {
      if (token.kind === 'move') return token.number ? `${token.number} ${token.san}` : token.san;
      if (token.kind === 'comment') return `{${token.text}}`;
      return token.kind === 'open' ? '(' : ')';
    })
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')');
}

function play(tree: MoveTree, at: NodeId, san: string): { tree: MoveTree; node: NodeId } {
  return playMove(tree, at, { uci: san, san, fen: `after ${san}` });
}

describe('the move text', () => {
  it('numbers white moves, and black moves only where a line starts or resumes', () => {
    expect(moveNumber(START, 1, false)).toBe('1.');
    expect(moveNumber(START, 2, false)).toBe('');
    expect(moveNumber(START, 2, true)).toBe('1...');
    expect(moveNumber(START, 3, true)).toBe('2.');
    const blackFirst = '4k3/8/8/8/8/8/8/4K3 b - - 0 30';
    expect(moveNumber(blackFirst, 1, true)).toBe('30...');
    expect(moveNumber(blackFirst, 2, false)).toBe('31.');
  });

  it('writes side lines in parentheses after the move they replace, nested, with comments', () => {
    let tree = emptyTree(START);
    const e4 = play(tree, ROOT, 'e4');
    const e5 = play(e4.tree, e4.node, 'e5');
    const nf3 = play(e5.tree, e5.node, 'Nf3');
    const c5 = play(nf3.tree, e4.node, 'c5');
    const c5nf3 = play(c5.tree, c5.node, 'Nf3');
    const c5nc3 = play(c5nf3.tree, c5.node, 'Nc3');
    const nc6 = play(c5nc3.tree, nf3.node, 'Nc6');
    tree = setComment(nc6.tree, e5.node, 'Classical');
    expect(text(moveTokens(tree))).toBe('1. e4 e5 {Classical} (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 Nc6');
    const depths = moveTokens(tree).flatMap((token) => (token.kind === 'move' ? [`${token.san}:${token.depth}`] : []));
    expect(depths).toEqual(['e4:0', 'e5:0', 'c5:1', 'Nf3:1', 'Nc3:2', 'Nf3:0', 'Nc6:0']);
  });

  it('says the black move number again after a side line', () => {
    let tree = emptyTree(START);
    const e4 = play(tree, ROOT, 'e4');
    const d4 = play(e4.tree, ROOT, 'd4');
    const e5 = play(d4.tree, e4.node, 'e5');
    tree = e5.tree;
    expect(text(moveTokens(tree))).toBe('1. e4 (1. d4) 1... e5');
  });
});

describe('an engine line', () => {
  it('is numbered from its position and split at its first move', () => {
    expect(lineParts(START, ['e4', 'e5', 'Nf3'])).toEqual({ first: '1. e4', rest: 'e5 2. Nf3' });
    expect(lineParts('4k3/8/8/8/8/8/8/4K3 b - - 0 12', ['Kd7', 'Kd2', 'Kc6'])).toEqual({ first: '12... Kd7', rest: '13. Kd2 Kc6' });
    expect(lineParts(START, [])).toEqual({ first: '', rest: '' });
  });
});
