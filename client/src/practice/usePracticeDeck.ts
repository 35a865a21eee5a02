import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerKey } from '../api/playerKey';
import { getPracticeDeck } from '../api/practice';
import { queryKeys } from '../api/queryKeys';

/** The player key's practice deck; asked again each time a screen showing it opens. */
export function practiceDeckQuery(key: string | null) {
  return queryOptions({
    queryKey: queryKeys.practice(key),
    queryFn: ({ signal }) => getPracticeDeck(key ?? '', signal),
    enabled: key !== null,
  });
}

/** The deck of this browser's player key (made on its first visit). */
export function usePracticeDeck() {
  const key = playerKey();
  return { key, deck: useQuery(practiceDeckQuery(key)) };
}
