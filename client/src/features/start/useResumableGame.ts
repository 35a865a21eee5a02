import { skipToken, useQuery } from '@tanstack/react-query';
import { getGame } from '../../api/games';
import { queryKeys } from '../../api/queryKeys';
import { lastGame } from '../../api/tokens';
import type { GameView } from '../../api/types';

/**
 * The game this browser played last, if the server says it is still going: the start screen offers
 * to resume it. A query (`queryKeys.resumable`), asked once each time the start screen opens (the
 * cache keeps nothing after it closes); anything else (finished, gone, server down) offers nothing.
 */
export function useResumableGame(): GameView | null {
  const id = lastGame()?.id ?? null;
  const query = useQuery({
    queryKey: queryKeys.resumable(id),
    queryFn:
      id === null
        ? skipToken
        : async ({ signal }) => {
            const view = await getGame(id, signal);
            return view.status === 'ongoing' ? view : null;
          },
  });
  return query.data ?? null;
}
