import type { GameView } from '../../../../api/types';
import { fullmoveFromFen, turnFromFen } from '../../../../chess/placement';
import type { Color } from '../../../../chess/types';

/**
 * What the review needs to know of the game itself: the analysis names plies by number only, so
 * the moves played and the first position's side to move and move number come from the GameView.
 */
export interface GameLine {
  /** The SAN of every move played; `sans[p - 1]` is ply p. */
  sans: readonly string[];
  /** Who moved first: a game from a FEN may start with black to move. */
  firstTurn: Color;
  /** The full-move number of the first position. */
  firstFullmove: number;
}

export function gameLine(view: GameView): GameLine {
  return {
    sans: view.moves.map((move) => move.san),
    firstTurn: turnFromFen(view.initial_fen),
    firstFullmove: fullmoveFromFen(view.initial_fen),
  };
}

/** Who played ply p: the side to move in the position before it. */
export function moverOf(ply: number, firstTurn: Color): Color {
  return (ply % 2 === 1) === (firstTurn === 'white') ? 'white' : 'black';
}

/** The full-move number ply p is written under on a score sheet. */
export function moveNumber(ply: number, line: Pick<GameLine, 'firstTurn' | 'firstFullmove'>): number {
  const offset = line.firstTurn === 'black' ? 1 : 0;
  return line.firstFullmove + Math.floor((ply - 1 + offset) / 2);
}

/** `14. Nf3` or `14… Nxe4`, the way a move is quoted on its own; `suffix` is a judgment's `??`. */
export function moveLabel(ply: number, line: GameLine, suffix = ''): string {
  const san = line.sans[ply - 1] ?? '?';
  const dots = moverOf(ply, line.firstTurn) === 'white' ? '.' : '…';
  return `${moveNumber(ply, line)}${dots} ${san}${suffix}`;
}
