import { queryOptions, replaceEqualDeep, skipToken } from '@tanstack/react-query';
import { ApiError, describeError } from '../../../api/apiError';
import * as api from '../../../api/games';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView, Thinking } from '../../../api/types';
import { newerView } from '../model/viewGuard';

/** A failure to load the game, as the screen shows it: always an ApiError (a network failure is `network`). */
function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'network', describeError(error));
}

/**
 * The game as the server holds it. `initial` is the view the server answered on creation, shown at
 * once without a request. Nothing refetches it by itself (the client's defaults): the stream and the
 * answers to our commands write the newer views into this entry, and on Stockfish's turn the game
 * screen refetches it (`refetchInterval`, see useGameView). A fetched view passes the version guard
 * too (`structuralSharing`): an answer that left before a newer view arrived never replaces it.
 */
export function gameQuery(id: string, initial: GameView | undefined) {
  return queryOptions<GameView, ApiError>({
    queryKey: queryKeys.game(id),
    queryFn: async ({ signal }) => {
      try {
        return await api.getGame(id, signal);
      } catch (error) {
        throw asApiError(error);
      }
    },
    initialData: initial?.id === id ? initial : undefined,
    structuralSharing: (current, next) => {
      const kept = newerView(current as GameView | undefined, next as GameView);
      // A newer view keeps the unchanged parts of the old one (TanStack's default sharing), so a
      // component given `legal_moves` or `moves` redraws only when they changed.
      return kept === next ? replaceEqualDeep(current, next) : kept;
    },
  });
}

/** Stockfish's search progress: written only by the stream, so there is nothing to fetch. */
export function thinkingQuery(id: string) {
  return queryOptions<Thinking | null>({ queryKey: queryKeys.thinking(id), queryFn: skipToken });
}
