import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, describeError } from '../../api/apiError';
import * as api from '../../api/games';
import { loadToken } from '../../api/tokens';
import type { GameView, LegalMove } from '../../api/types';
import { playSound } from '../../sound/play';
import { soundForEnd, soundForSan } from '../../sound/soundFor';

/** The player's move shown on the board while the server (and Stockfish) work on it. */
export interface PendingMove {
  move: LegalMove;
  ply: number;
}

/** A sentence for the player about the last action, and what they can do next. */
export interface Notice {
  message: string;
  retry?: () => void;
}

export type Busy = 'move' | 'takeback' | 'resign' | null;

/** How long the game-end sound waits after the last move's sound, so both are heard. */
const END_SOUND_DELAY_MS = 280;
/** How often to look for Stockfish's move when the page finds it is Stockfish's turn. */
const ENGINE_TURN_POLL_MS = 1500;

/**
 * One game's state and the player's actions on it. The server is the single source of truth: every
 * action sends a request and replaces the view with the server's answer.
 */
export function useGame(id: string, initial: GameView | undefined) {
  const [view, setView] = useState<GameView | null>(initial?.id === id ? initial : null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const token = loadToken(id);
  const viewRef = useRef(view);
  viewRef.current = view;

  const refresh = useCallback(async () => {
    try {
      setView(await api.getGame(id));
      setLoadError(null);
    } catch (error) {
      if (error instanceof ApiError) setLoadError(error);
      else setLoadError(new ApiError(0, 'network', describeError(error)));
    }
  }, [id]);

  useEffect(() => {
    if (viewRef.current?.id !== id) void refresh();
  }, [id, refresh]);

  /** Plays the sounds and announces the moves the server added after `fromPly`, then the result. */
  const reportNewMoves = useCallback((next: GameView, fromPly: number) => {
    const added = next.moves.slice(fromPly);
    const last = added[added.length - 1];
    if (last) {
      playSound(soundForSan(last.san));
      setAnnouncement(`Stockfish played ${last.san}`);
    }
    if (next.status === 'finished') {
      const end = () => playSound(soundForEnd(next.winner, next.player_color));
      if (last) window.setTimeout(end, END_SOUND_DELAY_MS);
      else end();
    }
  }, []);

  // After a reload in the middle of Stockfish's turn, ask again until its move has been stored.
  useEffect(() => {
    if (!view || busy || view.status !== 'ongoing' || view.turn === view.player_color) return;
    const timer = window.setTimeout(async () => {
      try {
        const next = await api.getGame(id);
        if (next.ply !== viewRef.current?.ply) {
          setView(next);
          reportNewMoves(next, view.ply);
        }
      } catch {
        // The next render tries again.
      }
    }, ENGINE_TURN_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [busy, id, reportNewMoves, view]);

  const handleActionError = useCallback(
    (error: unknown, retry?: () => void) => {
      if (error instanceof ApiError && error.code === 'game_not_found') return setLoadError(error);
      const refetch = error instanceof ApiError && ['stale_ply', 'game_over', 'not_your_turn', 'illegal_move'].includes(error.code);
      if (refetch) void refresh();
      setNotice({ message: describeError(error), retry: refetch ? undefined : retry });
    },
    [refresh],
  );

  const play = useCallback(
    async (move: LegalMove) => {
      const current = viewRef.current;
      if (!current || !token || busy) return;
      setNotice(null);
      setPending({ move, ply: current.ply });
      setBusy('move');
      playSound(soundForSan(move.san));
      setAnnouncement(`You played ${move.san}`);
      try {
        const next = await api.playMove(id, token, move.uci, current.ply);
        setView(next);
        reportNewMoves(next, current.ply + 1);
      } catch (error) {
        handleActionError(error, () => void play(move));
      } finally {
        setPending(null);
        setBusy(null);
      }
    },
    [busy, handleActionError, id, reportNewMoves, token],
  );

  const runAction = useCallback(
    async (kind: 'takeback' | 'resign') => {
      if (!token || busy) return;
      setNotice(null);
      setBusy(kind);
      try {
        const next = kind === 'takeback' ? await api.takeBack(id, token) : await api.resign(id, token);
        setView(next);
        if (kind === 'takeback') setAnnouncement('Move taken back');
        else reportNewMoves(next, next.ply);
      } catch (error) {
        handleActionError(error, () => void runAction(kind));
      } finally {
        setBusy(null);
      }
    },
    [busy, handleActionError, id, reportNewMoves, token],
  );

  return {
    view,
    loadError,
    pending,
    busy,
    notice,
    announcement,
    hasToken: token !== undefined,
    play,
    takeBack: () => void runAction('takeback'),
    resign: () => void runAction('resign'),
    refresh: () => void refresh(),
    dismissNotice: () => setNotice(null),
    reportNewMoves,
    setAnnouncement,
  };
}
