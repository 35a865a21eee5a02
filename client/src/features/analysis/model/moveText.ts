import { fullmoveFromFen, turnFromFen } from '../../../chess/placement';
import { nodeOf, ROOT, startFen, type MoveTree, type NodeId } from './moveTree';

/**
 * The move tree as the text lichess's analysis board shows: the mainline, and each side line in
 * parentheses right after the move it is an alternative to, nested as deep as it goes:
 * `1. e4 e5 (1... c5 2. Nf3) 2. Nf3`. A flat list of tokens, so the component only draws them.
 */
export type MoveToken =
  /** A move; `number` is its move number as PGN writes it there (`3.`, `3...`), or empty. */
  | { kind: 'move'; id: NodeId; number: string; san: string; depth: number }
  | { kind: 'comment'; id: NodeId; text: string; depth: number }
  /** A side line begins (`(`) or ends (`)`); `depth` is the side line's own. */
  | { kind: 'open'; depth: number }
  | { kind: 'close'; depth: number };

/** The move number of the move played at `ply` (1 = the first move from the start), as PGN writes it. */
export function moveNumber(fen: string, ply: number, forceBlack: boolean): string {
  const whiteFirst = turnFromFen(fen) === 'white';
  const index = ply - 1 + (whiteFirst ? 0 : 1);
  const number = fullmoveFromFen(fen) + Math.floor(index / 2);
  if (index % 2 === 0) return `${number}.`;
  return forceBlack ? `${number}...` : '';
}

/** The tokens of the whole tree, mainline first. */
export function moveTokens(tree: MoveTree): MoveToken[] {
  const tokens: MoveToken[] = [];
  const fen = startFen(tree);

  /** The move `id` and its comment; a comment makes the next black move say its number again. */
  const writeMove = (id: NodeId, depth: number, numbered: boolean): boolean => {
    const node = nodeOf(tree, id);
    tokens.push({ kind: 'move', id, number: moveNumber(fen, node.ply, numbered), san: node.move?.san ?? '', depth });
    if (node.comment) tokens.push({ kind: 'comment', id, text: node.comment, depth });
    return node.comment !== null;
  };

  // What is still to write, the next on top: an explicit stack, so a long mainline never deepens the call stack.
  type Frame =
    | { kind: 'line'; after: NodeId; depth: number; numbered: boolean }
    | { kind: 'side'; id: NodeId; depth: number }
    | { kind: 'close'; depth: number };
  const stack: Frame[] = [{ kind: 'line', after: ROOT, depth: 0, numbered: true }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.kind === 'close') {
      tokens.push({ kind: 'close', depth: frame.depth });
    } else if (frame.kind === 'side') {
      tokens.push({ kind: 'open', depth: frame.depth });
      const commented = writeMove(frame.id, frame.depth, true);
      stack.push({ kind: 'line', after: frame.id, depth: frame.depth, numbered: commented });
    } else {
      const children = nodeOf(tree, frame.after).children;
      if (children.length === 0) continue;
      const [main, ...sides] = children;
      const commented = writeMove(main, frame.depth, frame.numbered);
      // After its side lines the line goes on from the main move, its number said again if anything came between.
      stack.push({ kind: 'line', after: main, depth: frame.depth, numbered: commented || sides.length > 0 });
      for (const side of [...sides].reverse())
        stack.push({ kind: 'close', depth: frame.depth + 1 }, { kind: 'side', id: side, depth: frame.depth + 1 });
    }
  }
  return tokens;
}

/**
 * An engine line from `fen` as a book writes it, split at its first move (which the panel makes a
 * button): `{ first: '12... Nf6', rest: '13. Nc3 e6' }`.
 */
export function lineParts(fen: string, sans: readonly string[]): { first: string; rest: string } {
  if (sans.length === 0) return { first: '', rest: '' };
  const first = `${moveNumber(fen, 1, true)} ${sans[0]}`;
  const rest = sans.slice(1).map((san, index) => {
    const number = moveNumber(fen, index + 2, false);
    return number ? `${number} ${san}` : san;
  });
  return { first, rest: rest.join(' ') };
}
