import { useCallback, useState } from 'react';
import { ApiError, type ApiErrorCode, describeError } from '../../api/apiError';
import * as api from '../../api/games';
import type { LegalMove } from '../../api/types';
import type { GameViewState } from './useGameView';
import type { MoveReports } from './useMoveReports';

/** A sentence for the player about the last action, and what they can do next. */
export interface Notice {
  message: string;
  retry?: () => void;
}

/** The action waiting for the server's answer (one at a time). */
export type Busy = 'move' | 'takeback' | 'resign' | null;

/** Refusals that mean the board on screen is out of date: show the server's game, not "try again". */
const REFETCH_ON: readonly ApiErrorCode[] = ['stale_ply', 'game_over', 'not_your_turn', 'illegal_move'];

/**
 * The player's actions on the game: play a move, take back, resign. One at a time; a refusal
 * becomes a notice (with "Try again" when retrying can help), and the answer replaces the view.
 */
export function useGameActions(
  id: string,
  token: string | undefined,
  game: Pick<GameViewState, 'latest' | 'write' | 'refresh' | 'failLoad'>,
  reports: MoveReports,
) {
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { latest, write, refresh, failLoad } = game;
  const { playerMoved, movesAdded, takenBack } = reports;

  /** Shows a failed action (ours, or the hint's) to the player; a vanished game replaces the screen. */
  const reportError = useCallback(
    (error: unknown, retry?: () => void) => {
      if (error instanceof ApiError && error.code === 'game_not_found') return failLoad(error);
      const refetch = error instanceof ApiError && REFETCH_ON.includes(error.code);
      if (refetch) refresh();
      setNotice({ message: describeError(error), retry: refetch ? undefined : retry });
    },
    [failLoad, refresh],
  );

  const play = useCallback(
    (move: LegalMove) => {
      const attempt = async (): Promise<void> => {
        const current = latest();
        if (!current || !token || busy) return;
        setNotice(null);
        setBusy('move');
        playerMoved(move);
        try {
          const next = await write(() => api.playMove(id, token, move.uci, current.ply), move);
          movesAdded(next, current.ply + 1);
        } catch (error) {
          reportError(error, () => void attempt());
        } finally {
          setBusy(null);
        }
      };
      return attempt();
    },
    [busy, id, latest, movesAdded, playerMoved, reportError, token, write],
  );

  const runAction = useCallback(
    (kind: 'takeback' | 'resign') => {
      const attempt = async (): Promise<void> => {
        if (!token || busy) return;
        setNotice(null);
        setBusy(kind);
        try {
          const next = await write(() => (kind === 'takeback' ? api.takeBack(id, token) : api.resign(id, token)));
          if (kind === 'takeback') takenBack();
          else movesAdded(next, next.ply);
        } catch (error) {
          reportError(error, () => void attempt());
        } finally {
          setBusy(null);
        }
      };
      return attempt();
    },
    [busy, id, movesAdded, reportError, takenBack, token, write],
  );

  return {
    busy,
    notice,
    play,
    takeBack: () => void runAction('takeback'),
    resign: () => void runAction('resign'),
    reportError,
    dismissNotice: () => setNotice(null),
  };
}
