import { useEffect, useEffectEvent, useState } from 'react';
import type { GameView, LegalMove } from '../../../api/types';
import type { Premove } from '../../../components/Board';
import { premoveMove } from '../model/premove';

/** The premove queued, with the ply it was made at: it is due at any later ply with the player to move. */
type Queued = Premove & { ply: number };

/**
 * One queued premove (react-chessboard v5 has no premoves of its own): the player drags or clicks a
 * move while Stockfish thinks; as soon as the player may move (`ready`) at a later ply, the server's
 * legal moves judge it, and it is played or dropped. A new premove replaces the old; a right-click,
 * a takeback, the game's end or the setting turned off cancels it.
 */
export function usePremove(view: GameView | null, enabled: boolean, ready: boolean, play: (move: LegalMove) => void) {
  const [premove, setPremove] = useState<Queued | null>(null);
  /** The move a due premove named, to play once (a new object per premove). */
  const [due, setDue] = useState<{ move: LegalMove } | null>(null);
  const ply = view?.ply;

  // A takeback (an earlier ply), the game's end or the setting turned off drop it, in this render.
  if (premove && (!enabled || view === null || view.status !== 'ongoing' || (ply !== undefined && ply < premove.ply))) {
    setPremove(null);
  } else if (premove && ready && view && view.ply > premove.ply) {
    // Its time has come: played or not, it is spent.
    setPremove(null);
    const move = premoveMove(view.legal_moves, premove);
    if (move) setDue({ move });
  }

  const playDue = useEffectEvent((move: LegalMove) => play(move));
  useEffect(() => {
    if (due) playDue(due.move);
  }, [due]);

  return {
    premove,
    /** Queues a premove made at the live ply. */
    set: (next: Premove) => {
      if (enabled && ply !== undefined) setPremove({ ...next, ply });
    },
    cancel: () => setPremove(null),
  };
}
