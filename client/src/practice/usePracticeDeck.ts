import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlayerKey } from '../api/playerKey';
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

/** The deck of this browser's player key, or nothing when it has no key. */
export function usePracticeDeck() {
  const key = getPlayerKey();
  return { key, deck: useQuery(practiceDeckQuery(key)) };
}
