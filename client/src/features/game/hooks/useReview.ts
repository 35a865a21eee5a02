import { useMemo, useState } from 'react';
import type { GameView } from '../../../api/types';
import { type BoardState, liveBoard, pastBoard, pendingBoard } from '../model/boardState';
import type { PendingMove } from '../model/pendingMove';

/**
 * Which position the board shows: the live one, the live one with the player's move in flight, or
 * an earlier one the player stepped back to (read-only). Any new move returns to the live position.
 */
export function useReview(view: GameView | null, pending: PendingMove | null) {
  const [shownPly, setShownPly] = useState<number | null>(null);
  // Any new move (or takeback) returns to the live position, in this render.
  const [shownAt, setShownAt] = useState(view?.ply);
  if (shownAt !== view?.ply) {
    setShownAt(view?.ply);
    setShownPly(null);
  }

  const live = useMemo(() => (view ? liveBoard(view) : undefined), [view]);
  const reviewing = view !== null && shownPly !== null && shownPly < view.ply;
  const board: BoardState | undefined = useMemo(() => {
    if (!view || !live) return undefined;
    if (pending) return pendingBoard(pending.move);
    if (reviewing && shownPly !== null) return pastBoard(view, shownPly);
    return live;
  }, [view, live, pending, reviewing, shownPly]);

  const lastPly = view?.ply ?? 0;
  const currentPly = reviewing && shownPly !== null ? shownPly : lastPly;
  /** Shows the position after `ply` (clamped); the last ply means the live position. */
  const step = (ply: number) => {
    const clamped = Math.max(0, Math.min(lastPly, ply));
    setShownPly(clamped >= lastPly ? null : clamped);
  };
  return { board, reviewing, currentPly, step };
}
