import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, describeError } from '../../api/apiError';
import * as api from '../../api/games';
import { loadToken } from '../../api/tokens';
import type { GameView, LegalMove, Thinking } from '../../api/types';
import { playSound } from '../../sound/play';
import { soundForEnd, soundForSan } from '../../sound/soundFor';
import { searchedPly } from './gameFacts';
import { useGameStream } from './useGameStream';
import { shouldApplyStreamedView } from './viewGuard';

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
/** How often to look for Stockfish's move when it is Stockfish's turn and no event stream tells us. */
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
  const [search, setSearch] = useState<Thinking | null>(null);
  const token = loadToken(id);
  const viewRef = useRef(view);
  viewRef.current = view;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  /** True from sending one of our writes until its answer is on screen (stream views wait meanwhile). */
  const inFlight = useRef(false);

  /** Puts a view on screen, and in the ref the callbacks read before the next render. */
  const show = useCallback((next: GameView) => {
    viewRef.current = next;
    setView(next);
  }, []);

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
      const end = () => playSound(soundForEnd(next.winner ?? null, next.player_color));
      if (last) window.setTimeout(end, END_SOUND_DELAY_MS);
      else end();
    }
  }, []);

  const stream = useGameStream(id, {
    onGame: (next) => {
      const current = viewRef.current;
      if (!shouldApplyStreamedView(next, current, inFlight.current)) return;
      show(next);
      if (current && next.ply > current.ply) reportNewMoves(next, current.ply);
      if (current && next.ply < current.ply) setAnnouncement('Move taken back');
    },
    onThinking: (thinking) => {
      if (thinking.ply === searchedPly(viewRef.current, pendingRef.current)) setSearch(thinking);
    },
  });

  // After a reload in the middle of Stockfish's turn, ask again until its move has been stored,
  // unless the event stream is open and the server says the search runs (its `game` event follows).
  useEffect(() => {
    if (stream.state === 'open' && view?.engine_thinking) return;
    if (!view || busy || view.status !== 'ongoing' || view.turn === view.player_color) return;
    const timer = window.setTimeout(async () => {
      try {
        const next = await api.getGame(id);
        if (next.ply !== viewRef.current?.ply) {
          show(next);
          reportNewMoves(next, view.ply);
        }
      } catch {
        // The next render tries again.
      }
    }, ENGINE_TURN_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [busy, id, reportNewMoves, show, stream.state, view]);

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
      pendingRef.current = { move, ply: current.ply };
      setPending(pendingRef.current);
      setBusy('move');
      inFlight.current = true;
      playSound(soundForSan(move.san));
      setAnnouncement(`You played ${move.san}`);
      try {
        const next = await api.playMove(id, token, move.uci, current.ply);
        show(next);
        reportNewMoves(next, current.ply + 1);
      } catch (error) {
        handleActionError(error, () => void play(move));
      } finally {
        inFlight.current = false;
        pendingRef.current = null;
        setPending(null);
        setBusy(null);
      }
    },
    [busy, handleActionError, id, reportNewMoves, show, token],
  );

  const runAction = useCallback(
    async (kind: 'takeback' | 'resign') => {
      if (!token || busy) return;
      setNotice(null);
      setBusy(kind);
      inFlight.current = true;
      try {
        const next = kind === 'takeback' ? await api.takeBack(id, token) : await api.resign(id, token);
        show(next);
        if (kind === 'takeback') setAnnouncement('Move taken back');
        else reportNewMoves(next, next.ply);
      } catch (error) {
        handleActionError(error, () => void runAction(kind));
      } finally {
        inFlight.current = false;
        setBusy(null);
      }
    },
    [busy, handleActionError, id, reportNewMoves, show, token],
  );

  const engineThinking =
    busy === 'move' ||
    (!busy && view !== null && view.status === 'ongoing' && view.turn !== view.player_color && view.engine_thinking === true);
  const searched = searchedPly(view, pending);

  return {
    view,
    loadError,
    pending,
    busy,
    /** Stockfish is searching its reply (our move in flight, or found so after a reload). */
    engineThinking,
    /** The latest progress of the search under way, if the server streams it. */
    search: engineThinking && search?.ply === searched ? search : null,
    /** The score of the latest search that still applies to the game on screen (gone after a takeback). */
    evaluation: search && view && search.ply <= (searched ?? 0) ? search.score : undefined,
    /** Whether this server streams events (the evaluation bar only makes sense then). */
    streaming: stream.everOpen,
    reportError: handleActionError,
    notice,
    announcement,
    /** The game's secret, if this browser started the game. */
    token,
    hasToken: token !== undefined,
    play,
    takeBack: () => void runAction('takeback'),
    resign: () => void runAction('resign'),
    refresh: () => void refresh(),
    dismissNotice: () => setNotice(null),
    reportNewMoves,
  };
}
