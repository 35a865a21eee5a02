import type { LegalMove } from '../api/types';
import type { PromotionRole, SquareName } from './types';

/**
 * Questions about the server's list of legal moves. Nothing here decides legality: a move is legal
 * exactly when the server listed it.
 */

/**
 * The square of the rook a castling move castles with, or undefined for any other move. In Chess960
 * the move's UCI is king-takes-rook (`b1a1`); in standard chess it is the king's two-square move and
 * the rook stands in the corner its SAN points to.
 */
export function castlingRookSquare(m: LegalMove): SquareName | undefined {
  if (!m.san.startsWith('O-O')) return undefined;
  const target = m.uci.slice(2, 4) as SquareName;
  if (target !== m.to) return target;
  const rank = m.from.slice(1);
  return `${m.san.startsWith('O-O-O') ? 'a' : 'h'}${rank}` as SquareName;
}

/** The squares the piece on `from` may go to; for the king, also the rooks it may castle with. */
export function targetsFrom(legal: readonly LegalMove[], from: SquareName): SquareName[] {
  const moves = legal.filter((m) => m.from === from);
  const rooks = moves.flatMap((m) => castlingRookSquare(m) ?? []);
  return [...new Set([...moves.map((m) => m.to), ...rooks])].filter((to) => to !== from);
}

/** Whether the piece on `from` has any legal move. */
export function canMoveFrom(legal: readonly LegalMove[], from: SquareName): boolean {
  return legal.some((m) => m.from === from);
}

/** What a from/to pair means: not a move, one move, or a promotion that needs a choice. */
export type MoveIntent =
  | { kind: 'illegal' }
  | { kind: 'move'; move: LegalMove }
  | { kind: 'promotion'; from: SquareName; to: SquareName; choices: PromotionRole[] };

/**
 * The king castles by going to its destination or onto its own rook (as on lichess, and the only
 * way when a Chess960 king already stands on its destination).
 */
export function intentFor(legal: readonly LegalMove[], from: SquareName, to: SquareName): MoveIntent {
  const direct = legal.filter((m) => m.from === from && m.to === to && to !== from);
  const matches = direct.length > 0 ? direct : legal.filter((m) => m.from === from && castlingRookSquare(m) === to);
  if (matches.length === 0) return { kind: 'illegal' };
  const choices = matches.flatMap((m) => (m.promotion ? [m.promotion] : []));
  if (choices.length > 0) return { kind: 'promotion', from, to, choices };
  return { kind: 'move', move: matches[0] };
}

/** The listed move for a promotion choice. */
export function promotionMove(legal: readonly LegalMove[], from: SquareName, to: SquareName, role: PromotionRole): LegalMove | undefined {
  return legal.find((m) => m.from === from && m.to === to && m.promotion === role);
}
