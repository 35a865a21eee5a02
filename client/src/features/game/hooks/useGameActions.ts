import { useCallback, useState } from 'react';
import { ApiError, type ApiErrorCode, describeError } from '../../../api/apiError';
import type { LegalMove } from '../../../api/types';
import type { Busy, GameAction } from '../model/gameScreenModel';
import { type Notice, noticeApplies } from '../model/notice';
import type { GameViewState } from './useGameView';
import type { MoveReports } from './useMoveReports';

/** Refusals that mean the board on screen is out of date: show the server's game, not "try again". */
const REFETCH_ON: readonly ApiErrorCode[] = [
  'stale_ply',
  'game_over',
  'not_your_turn',
  'illegal_move',
  'abort_too_late',
  'no_draw_to_claim',
];
/** Refusals that are an answer, not a failure: trying again at once would get the same one. */
const FINAL: readonly ApiErrorCode[] = ['draw_declined'];
/** What a typed move's refusal says under the box, instead of a notice: the move was the problem. */
const NOTATION_REFUSALS: readonly ApiErrorCode[] = ['invalid_move_notation', 'illegal_move'];

/** The server's sentence about a typed move, as a sentence: capital first, full stop last. */
function asSentence(message: string): string {
  const text = message.trim();
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The player's actions on the game: play a move, take back, resign. Each is a command sent through
 * the game's mutation (`send`, see useGameCommand), whose answer the version guard writes into the
 * game's query. One at a time; a refusal becomes a notice (with "Try again" when retrying can help).
 * A retry repeats the action as it was: a move is sent again with the ply it was made at, so the
 * server refuses it (409) if the game has moved on meanwhile; and a newer view hides the notice.
 */
export function useGameActions(
  token: string | undefined,
  game: Pick<GameViewState, 'view' | 'latest' | 'send' | 'refresh' | 'failLoad'>,
  reports: MoveReports,
) {
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { view, latest, send, refresh, failLoad } = game;
  const { playerMoved, movesAdded, takenBack } = reports;
  // A newer view drops the notice it makes obsolete, in this render (so it cannot come back later).
  if (notice && !noticeApplies(notice, view)) setNotice(null);

  /** Shows a failed action (ours, or the hint's) to the player; a vanished game replaces the screen. */
  const reportError = useCallback(
    (error: unknown, failed: { retry?: () => void; atPly?: number; san?: string } = {}) => {
      if (error instanceof ApiError && error.code === 'game_not_found') return failLoad(error);
      const refetch = error instanceof ApiError && REFETCH_ON.includes(error.code);
      const final = error instanceof ApiError && FINAL.includes(error.code);
      if (refetch) refresh();
      const message = describeError(error, { san: failed.san });
      setNotice(refetch || final || !failed.retry ? { message } : { message, retry: failed.retry, atPly: failed.atPly });
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
          const next = await send({ token, command: { kind: 'move', move: move.uci, ply: madeAt, shown: move } });
          movesAdded(next, madeAt + 1);
        } catch (error) {
          reportError(error, { retry: () => void attempt(), atPly: madeAt, san: move.san });
        } finally {
          setBusy(null);
        }
      };
      return attempt();
    },
    [busy, latest, movesAdded, playerMoved, reportError, send, token],
  );

  /**
   * Plays a move the player typed (`e4`, `Nf3`, `e2e4`, `O-O`), once the move box has found the
   * listed legal move the text names: that move is sent, as the board sends one, and shows on the
   * board while the server answers. Resolves to a sentence for under the box when the server still
   * refuses it (its list was out of date), and to null otherwise (other failures are notices).
   */
  const playNotation = useCallback(
    async (move: LegalMove): Promise<string | null> => {
      const madeAt = latest()?.ply;
      if (madeAt === undefined || !token || busy) return null;
      setNotice(null);
      setBusy('move');
      playerMoved(move);
      try {
        const next = await send({ token, command: { kind: 'move', move: move.uci, ply: madeAt, shown: move } });
        movesAdded(next, madeAt + 1);
        return null;
      } catch (error) {
        if (error instanceof ApiError && NOTATION_REFUSALS.includes(error.code)) {
          refresh();
          return asSentence(error.message);
        }
        reportError(error, { san: move.san });
        return null;
      } finally {
        setBusy(null);
      }
    },
    [busy, latest, movesAdded, playerMoved, refresh, reportError, send, token],
  );

  const runAction = useCallback(
    (kind: GameAction) => {
      const triedAt = latest()?.ply;
      const attempt = async (): Promise<void> => {
        if (!token || busy) return;
        setNotice(null);
        setBusy(kind);
        try {
          const next = await send({ token, command: { kind } });
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
    [busy, latest, movesAdded, reportError, send, takenBack, token],
  );

  return {
    busy,
    notice: notice && noticeApplies(notice, view) ? notice : null,
    play,
    playNotation,
    takeBack: () => void runAction('takeback'),
    resign: () => void runAction('resign'),
    offerDraw: () => void runAction('draw'),
    abort: () => void runAction('abort'),
    claimDraw: () => void runAction('claim'),
    reportError,
    dismissNotice: () => setNotice(null),
  };
}
