import type { Color, PieceCode, Placement } from './types';

/**
 * The material balance of a position, as lichess shows it beside the players: for each kind of
 * piece, the side with more of it shows the difference, and the side ahead in points shows `+N`.
 * Counting from the piece placement alone (no rules involved) also handles promotions: a queen
 * more is a queen more, however it got there.
 */

type Role = 'P' | 'N' | 'B' | 'R' | 'Q';

/** From the most valuable down, the order the pieces are written in. */
const ROLES: readonly Role[] = ['Q', 'R', 'B', 'N', 'P'];
const POINTS: Record<Role, number> = { P: 1, N: 3, B: 3, R: 5, Q: 9 };

export interface SideMaterial {
  /** The pieces this side has more of than the other, e.g. `['bN', 'bP']`: what it "took". */
  extra: PieceCode[];
  /** Points ahead (0 when level or behind). */
  advantage: number;
}

export function materialBalance(placement: Placement): Record<Color, SideMaterial> {
  const count = (piece: PieceCode) => Object.values(placement).filter((p) => p === piece).length;
  const white: SideMaterial = { extra: [], advantage: 0 };
  const black: SideMaterial = { extra: [], advantage: 0 };
  let score = 0;
  for (const role of ROLES) {
    const diff = count(`w${role}`) - count(`b${role}`);
    score += diff * POINTS[role];
    // A side with more of a role shows the other colour's piece: the one it has taken.
    if (diff > 0) white.extra.push(...Array<PieceCode>(diff).fill(`b${role}`));
    if (diff < 0) black.extra.push(...Array<PieceCode>(-diff).fill(`w${role}`));
  }
  if (score > 0) white.advantage = score;
  if (score < 0) black.advantage = -score;
  return { white, black };
}
