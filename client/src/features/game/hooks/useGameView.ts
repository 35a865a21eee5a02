import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/apiError';
import * as api from '../../../api/games';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView, LegalMove } from '../../../api/types';
import { gameQuery, thinkingQuery } from '../api/gameQueries';
import { useGameStream } from '../api/useGameStream';
import { engineSearch, searchedPly } from '../model/gameFacts';
import type { PendingMove } from '../model/pendingMove';
import { shouldApplyStreamedView } from '../model/viewGuard';
import { useEngineTurnPoll } from './useEngineTurnPoll';
import type { MoveReports } from './useMoveReports';

/** How often to ask whether the server is back, while our move waits for it. */
const SERVER_BACK_POLL_MS = 1000;

/**
 * The game as the server says it is, kept current in the query cache (`queryKeys.game`): loaded
 * once, then replaced by the event stream, by the answers to our own requests (`write`), or by
 * polling on Stockfish's turn when nothing else tells us. The server is the single source of truth;
 * this hook only decides which answer is newest. The cache is also what the stream handlers read,
 * so a decision never waits for a render.
 */
export function useGameView(id: string, initial: GameView | undefined, reports: Pick<MoveReports, 'movesAdded' | 'takenBack'>) {
  const queryClient = useQueryClient();
  const game = useQuery(gameQuery(id, initial));
  const view = game.data ?? null;
  /** The game is gone (the server said so in answer to an action): shown instead of the board. */
  const [failed, setFailed] = useState<ApiError | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [writing, setWriting] = useState(false);
  const thinking = useQuery(thinkingQuery(id)).data ?? null;
  /** The last poll got no answer (the stream tells its own state). */
  const [pollFailing, setPollFailing] = useState(false);
  // What the stream handlers compare against, set together with the state so no render is awaited.
  const pendingRef = useRef(pending);
  /** True from sending one of our writes until its answer is on screen (stream views wait meanwhile). */
  const inFlight = useRef(false);
  const { movesAdded, takenBack } = reports;
  /** Our move was sent and no answer came: it stays on the board until the server is back. */
  const [awaitingServer, setAwaitingServer] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** The view in the cache now, for callbacks that run after this render. */
  const latest = useCallback(() => queryClient.getQueryData<GameView>(queryKeys.game(id)) ?? null, [queryClient, id]);

  /** Puts a view on screen, and in the ref the callbacks read before the next render. */
  const show = useCallback(
    (next: GameView) => {
      queryClient.setQueryData(queryKeys.game(id), next);
      setPollFailing(false); // whatever brought it, the server answered
    },
    [queryClient, id],
  );

  const stream = useGameStream(id, {
    onGame: (next) => {
      const current = latest();
      if (!shouldApplyStreamedView(next, current, inFlight.current)) return;
      show(next);
      if (current && next.ply > current.ply) movesAdded(next, current.ply);
      if (current && next.ply < current.ply) takenBack();
    },
    onThinking: (progress) => {
      if (progress.ply === searchedPly(latest(), pendingRef.current)) queryClient.setQueryData(queryKeys.thinking(id), progress);
    },
  });

  useEngineTurnPoll(
    id,
    view,
    writing || (stream.state === 'open' && view?.engine_thinking === true),
    (next) => {
      const shown = latest();
      show(next);
      if (shown) movesAdded(next, shown.ply);
    },
    (reachable) => setPollFailing(!reachable),
  );

  /**
   * Asks for the game until the server answers (it went away with our move unanswered), then
   * returns what it holds; null if the screen closed meanwhile.
   */
  const untilServerAnswers = useCallback(async (): Promise<GameView | null> => {
    while (mounted.current) {
      await new Promise((resolve) => window.setTimeout(resolve, SERVER_BACK_POLL_MS));
      if (!mounted.current) return null;
      try {
        return await api.getGame(id);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'network')) throw error;
      }
    }
    return null;
  }, [id]);

  /**
   * Sends one of our writes and shows its answer, which wins over any stream event meanwhile (see
   * viewGuard). The player's `move`, if given, stands on the board until then. Throws what the
   * request throws; returns the view shown.
   *
   * A move that got no answer at all (the server went away, perhaps in the middle of Stockfish's
   * search with the move already stored) is not shown as undone: it stays on the board, the screen
   * says Stockfish's reply will come when the server is back, and once the server answers its game
   * decides. If it holds our move, that is the answer; if not (the request never reached it, or
   * the game went on without it on another device), the original failure is thrown, to be shown
   * with its "Try again", and any newer game is shown.
   */
  const write = useCallback(
    async (request: () => Promise<GameView>, move?: LegalMove): Promise<GameView> => {
      const current = latest();
      if (move && current) {
        pendingRef.current = { move, ply: current.ply };
        setPending(pendingRef.current);
      }
      inFlight.current = true;
      setWriting(true);
      try {
        const next = await request();
        show(next);
        return next;
      } catch (error) {
        const sent = pendingRef.current;
        if (!move || !sent || !(error instanceof ApiError && error.code === 'network')) throw error;
        setAwaitingServer(true);
        const stored = await untilServerAnswers();
        setAwaitingServer(false);
        if (!stored) throw error;
        if (stored.moves[sent.ply]?.uci === move.uci) {
          show(stored);
          return stored;
        }
        // The server never got it (or the game went on without it): the failure stands, with its
        // "Try again", and the server's game is shown.
        if (stored.ply !== sent.ply) show(stored);
        throw error;
      } finally {
        inFlight.current = false;
        pendingRef.current = null;
        setPending(null);
        setWriting(false);
        setAwaitingServer(false);
      }
    },
    [latest, show, untilServerAnswers],
  );

  const { refetch } = game;
  /** Loads the game again; an answer clears a failure shown instead of the board. */
  const refresh = useCallback(() => {
    void refetch().then((result) => {
      if (result.isSuccess) setFailed(null);
    });
  }, [refetch]);

  return {
    view,
    loadError: failed ?? game.error,
    /** Our move got no answer: it stays on the board, and Stockfish's reply comes when the server is back. */
    awaitingServer,
    /** The player's move on the board while the server answers. */
    pending,
    ...engineSearch(view, pending, writing, thinking),
    /** Whether this server streams events (the evaluation bar only makes sense then). */
    streaming: stream.everOpen,
    /** The event stream's state now (`connecting` until the server accepts or refuses it). */
    streamState: stream.state,
    /**
     * The server stopped answering: the stream that was open is reconnecting, or the last poll
     * failed. Clears by itself when either gets through again.
     */
    reconnecting: (stream.everOpen && stream.state === 'connecting') || (pollFailing && stream.state !== 'open'),
    latest,
    write,
    refresh,
    /** The game is gone (or unreadable): the screen shows why instead of the board. */
    failLoad: setFailed,
  };
}

export type GameViewState = ReturnType<typeof useGameView>;
