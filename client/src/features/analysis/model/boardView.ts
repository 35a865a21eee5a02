import type { BoardPosition, LegalMove } from '../../../api/types';
import { kingSquare, parseUci, placementFromFen, turnFromFen } from '../../../chess/placement';
import type { Placement, PromotionRole, SquareName } from '../../../chess/types';
import type { MoveNode } from './moveTree';

/** What the board draws for a node: its pieces, the move that led there, the king in check. */
export interface NodeBoard {
  placement: Placement;
  lastMove?: { from: SquareName; to: SquareName };
  checkSquare?: SquareName;
}

const PROMOTIONS: readonly string[] = ['q', 'r', 'b', 'n'];

/** The board at a node, read from the server's FEN and SAN (a `+` or `#` marks the check). */
export function nodeBoard(node: MoveNode): NodeBoard {
  const placement = placementFromFen(node.fen);
  const squares = node.move ? parseUci(node.move.uci) : undefined;
  const checks = node.move !== null && /[+#]/.test(node.move.san);
  return {
    placement,
    lastMove: squares ? { from: squares.from, to: squares.to } : undefined,
    checkSquare: checks ? kingSquare(placement, turnFromFen(node.fen)) : undefined,
  };
}

/**
 * A position's legal moves in the board's shape. Only the server's list is used: a Chess960
 * castling move keeps its king-takes-rook UCI, so the king is dropped on its rook to castle.
 */
export function legalMovesOf(position: BoardPosition): LegalMove[] {
  return position.legal_moves.flatMap((move) => {
    const squares = parseUci(move.uci);
    if (!squares) return [];
    const promotion = squares.promotion && PROMOTIONS.includes(squares.promotion) ? (squares.promotion as PromotionRole) : null;
    return [{ uci: move.uci, san: move.san, fen_after: move.fen, from: squares.from, to: squares.to, promotion }];
  });
}
