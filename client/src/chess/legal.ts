import type { LegalMove } from '../api/types';
import type { PromotionRole, SquareName } from './types';

/**
 * Questions about the server's list of legal moves. Nothing here decides legality: a move is legal
 * exactly when the server listed it.
 */

/** The squares the piece on `from` may go to. */
export function targetsFrom(legal: readonly LegalMove[], from: SquareName): SquareName[] {
  return [...new Set(legal.filter((m) => m.from === from).map((m) => m.to))];
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

export function intentFor(legal: readonly LegalMove[], from: SquareName, to: SquareName): MoveIntent {
  const matches = legal.filter((m) => m.from === from && m.to === to);
  if (matches.length === 0) return { kind: 'illegal' };
  const choices = matches.flatMap((m) => (m.promotion ? [m.promotion] : []));
  if (choices.length > 0) return { kind: 'promotion', from, to, choices };
  return { kind: 'move', move: matches[0] };
}

/** The listed move for a promotion choice. */
export function promotionMove(
  legal: readonly LegalMove[],
  from: SquareName,
  to: SquareName,
  role: PromotionRole,
): LegalMove | undefined {
  return legal.find((m) => m.from === from && m.to === to && m.promotion === role);
}
