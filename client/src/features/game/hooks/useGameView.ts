import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../api/apiError';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView } from '../../../api/types';
import { cachedView, commandInFlight, pendingMoveOf, writeGameView } from '../api/gameCache';
import { gameQuery, thinkingQuery } from '../api/gameQueries';
import { useGameStream } from '../api/useGameStream';
import { engineSearch, searchedPly } from '../model/gameFacts';
import { shouldApplyStreamedView } from '../model/viewGuard';
import { useGameCommand } from './useGameCommand';
import type { MoveReports } from './useMoveReports';

/** How often to refetch the game when it is Stockfish's turn and no event stream tells us its move. */
const ENGINE_TURN_POLL_MS = 1500;

/**
 * How often to refetch `view`: on Stockfish's turn, unless the open stream says the search runs (its
 * `game` event brings the move); never on the player's turn or once the game is over.
 */
function enginePollInterval(view: GameView | undefined, streamOpen: boolean): number | false {
  if (!view || view.status !== 'ongoing' || view.turn === view.player_color) return false;
  return streamOpen && view.engine_thinking ? false : ENGINE_TURN_POLL_MS;
}

/**
 * The game as the server says it is, kept current in the query cache (`queryKeys.game`): loaded
 * once, then replaced by the event stream, by the answers to our commands (`send`, a mutation), or
 * on Stockfish's turn, when nothing else tells us, by refetching it every 1.5 s (`refetchInterval`,
 * paused while our command is in flight or while the open stream says the search runs: its `game`
 * event follows). The server is the single source of truth; every write passes the version guard,
 * so no older view ever replaces a newer one. The stream handlers read the cache and the mutation
 * cache, so a decision never waits for a render.
 */
export function useGameView(id: string, initial: GameView | undefined, reports: Pick<MoveReports, 'movesAdded' | 'takenBack'>) {
  const queryClient = useQueryClient();
  const command = useGameCommand(id);
  /** The game is gone (the server said so in answer to an action): shown instead of the board. */
  const [failed, setFailed] = useState<ApiError | null>(null);
  const thinking = useQuery(thinkingQuery(id)).data ?? null;
  const { movesAdded, takenBack } = reports;
  /** The view in the cache now, for callbacks that run after this render. */
  const latest = useCallback(() => cachedView(queryClient, id), [queryClient, id]);

  const stream = useGameStream(id, {
    onGame: (next) => {
      const current = latest();
      if (!shouldApplyStreamedView(next, current, commandInFlight(queryClient, id) !== undefined)) return;
      writeGameView(queryClient, id, next);
      if (current && next.ply > current.ply) movesAdded(next, current.ply);
      if (current && next.ply < current.ply) takenBack();
    },
    onThinking: (progress) => {
      const pending = pendingMoveOf(commandInFlight(queryClient, id));
      if (progress.ply === searchedPly(latest(), pending)) queryClient.setQueryData(queryKeys.thinking(id), progress);
    },
  });

  const streamOpen = stream.state === 'open';
  const game = useQuery({
    ...gameQuery(id, initial),
    refetchInterval: command.writing ? false : (query) => enginePollInterval(query.state.data, streamOpen),
    refetchIntervalInBackground: true,
  });
  const view = game.data ?? null;
  useEngineMovesHeard(id, movesAdded);

  const { refetch } = game;
  /** Loads the game again; a failure replaces the board (with its "Try again"), an answer clears it. */
  const refresh = useCallback(() => {
    void refetch().then((result) => setFailed(result.isError ? result.error : null));
  }, [refetch]);

  return {
    view,
    /** The game could not be loaded, or is gone: the screen shows why instead of the board. */
    loadError: failed ?? (view === null ? game.error : null),
    /** Our move got no answer: it stays on the board, and Stockfish's reply comes when the server is back. */
    awaitingServer: command.awaitingServer,
    /** The player's move on the board while the server answers. */
    pending: command.pending,
    ...engineSearch(view, command.pending, command.writing, thinking),
    /** Whether this server streams events (the evaluation bar only makes sense then). */
    streaming: stream.everOpen,
    /** The event stream's state now (`connecting` until the server accepts or refuses it). */
    streamState: stream.state,
    /**
     * The server stopped answering: the stream that was open is reconnecting, or the last refetch
     * failed. Clears by itself when either gets through again (any view written clears the error).
     */
    reconnecting: (stream.everOpen && stream.state === 'connecting') || (game.isRefetchError && stream.state !== 'open'),
    latest,
    send: command.send,
    refresh,
    /** The game is gone (or unreadable): the screen shows why instead of the board. */
    failLoad: setFailed,
  };
}

/**
 * Stockfish's moves that a refetch brought (the stream's and our answers' are reported where they
 * are written): heard from the query cache, comparing each fetched view with the one held before.
 */
function useEngineMovesHeard(id: string, movesAdded: MoveReports['movesAdded']) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let held = cachedView(queryClient, id);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== hashKey(queryKeys.game(id))) return;
      const before = held;
      const next = event.query.state.data as GameView | undefined;
      held = next ?? null;
      if (!event.action.manual && before && next && next.ply > before.ply) movesAdded(next, before.ply);
    });
  }, [queryClient, id, movesAdded]);
}

export type GameViewState = ReturnType<typeof useGameView>;
