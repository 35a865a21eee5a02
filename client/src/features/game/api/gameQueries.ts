import { queryOptions, skipToken } from '@tanstack/react-query';
import { ApiError, describeError } from '../../../api/apiError';
import * as api from '../../../api/games';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView, Thinking } from '../../../api/types';

/** A failure to load the game, as the screen shows it: always an ApiError (a network failure is `network`). */
function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'network', describeError(error));
}

/**
 * The game as the server holds it. `initial` is the view the server answered on creation, shown at
 * once without a request. Nothing refetches it by itself (the client's defaults): the stream, the
 * answers to our requests and the engine-turn poll write the newer views into this entry.
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
  });
}

/** Stockfish's search progress: written only by the stream, so there is nothing to fetch. */
export function thinkingQuery(id: string) {
  return queryOptions<Thinking | null>({ queryKey: queryKeys.thinking(id), queryFn: skipToken });
}
