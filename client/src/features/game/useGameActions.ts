import { useCallback, useState } from 'react';
import { ApiError, type ApiErrorCode, describeError } from '../../api/apiError';
import * as api from '../../api/games';
import type { LegalMove } from '../../api/types';
import { type Notice, noticeApplies } from './notice';
import type { GameViewState } from './useGameView';
import type { MoveReports } from './useMoveReports';

/** The action waiting for the server's answer (one at a time). */
export type Busy = 'move' | 'takeback' | 'resign' | null;

/** Refusals that mean the board on screen is out of date: show the server's game, not "try again". */
const REFETCH_ON: readonly ApiErrorCode[] = ['stale_ply', 'game_over', 'not_your_turn', 'illegal_move'];

/**
 * The player's actions on the game: play a move, take back, resign. One at a time; a refusal
 * becomes a notice (with "Try again" when retrying can help), and the answer replaces the view.
 * A retry repeats the action as it was: a move is sent again with the ply it was made at, so the
 * server refuses it (409) if the game has moved on meanwhile; and a newer view hides the notice.
 */
export function useGameActions(
  id: string,
  token: string | undefined,
  game: Pick<GameViewState, 'view' | 'latest' | 'write' | 'refresh' | 'failLoad'>,
  reports: MoveReports,
) {
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { view, latest, write, refresh, failLoad } = game;
  const { playerMoved, movesAdded, takenBack } = reports;
  // A newer view drops the notice it makes obsolete, in this render (so it cannot come back later).
  if (notice && !noticeApplies(notice, view)) setNotice(null);

  /** Shows a failed action (ours, or the hint's) to the player; a vanished game replaces the screen. */
  const reportError = useCallback(
    (error: unknown, failed: { retry?: () => void; atPly?: number; san?: string } = {}) => {
      if (error instanceof ApiError && error.code === 'game_not_found') return failLoad(error);
      const refetch = error instanceof ApiError && REFETCH_ON.includes(error.code);
      if (refetch) refresh();
      const message = describeError(error, { san: failed.san });
      setNotice(refetch || !failed.retry ? { message } : { message, retry: failed.retry, atPly: failed.atPly });
    },
    [failLoad, refresh],
  );

  const play = useCallback(
    (move: LegalMove) => {
      /** The ply the player made the move at: every attempt claims it, never a newer one. */
      const madeAt = latest()?.ply;
      const attempt = async (): Promise<void> => {
        if (madeAt === undefined || !token || busy) return;
        setNotice(null);
        setBusy('move');
        playerMoved(move);
        try {
          const next = await write(() => api.playMove(id, token, move.uci, madeAt), move);
          movesAdded(next, madeAt + 1);
        } catch (error) {
          reportError(error, { retry: () => void attempt(), atPly: madeAt, san: move.san });
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
      const triedAt = latest()?.ply;
      const attempt = async (): Promise<void> => {
        if (!token || busy) return;
        setNotice(null);
        setBusy(kind);
        try {
          const next = await write(() => (kind === 'takeback' ? api.takeBack(id, token) : api.resign(id, token)));
          if (kind === 'takeback') takenBack();
          else movesAdded(next, next.ply);
        } catch (error) {
          reportError(error, { retry: () => void attempt(), atPly: triedAt });
        } finally {
          setBusy(null);
        }
      };
      return attempt();
    },
    [busy, id, latest, movesAdded, reportError, takenBack, token, write],
  );

  return {
    busy,
    notice: notice && noticeApplies(notice, view) ? notice : null,
    play,
    takeBack: () => void runAction('takeback'),
    resign: () => void runAction('resign'),
    reportError,
    dismissNotice: () => setNotice(null),
  };
}
