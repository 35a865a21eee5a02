import type { GameView } from '../../../api/types';

/** A sentence for the player about the last action that failed, and what they can do next. */
export interface Notice {
  message: string;
  /** Tries the failed action again, exactly as it was (a move keeps the ply it was made at). */
  retry?: () => void;
  /** The game's ply when the failed action was tried, for a notice that offers to retry it. */
  atPly?: number;
}

/**
 * Whether a notice still says something true about the game on screen. A failure that can be
 * retried belongs to the position it happened in: once the server shows another ply (the move went
 * through after all, Stockfish replied, another tab played) or the game is over, retrying would act
 * on a game the player has not seen, so the notice goes. A plain message stays until dismissed.
 */
export function noticeApplies(notice: Notice, view: GameView | null): boolean {
  if (notice.atPly === undefined) return true;
  return view !== null && view.status === 'ongoing' && view.ply === notice.atPly;
}
