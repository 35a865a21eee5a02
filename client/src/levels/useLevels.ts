import { useQuery } from '@tanstack/react-query';
import { getLevels, type Levels } from '../api/ladder';
import { queryKeys } from '../api/queryKeys';

/**
 * The measured ladder from the server, once loaded (null until then, or if it cannot be read:
 * without the ratings the steps are still listed by name). Fetched once per visit.
 */
export function useLevels(): Levels | null {
  const query = useQuery({ queryKey: queryKeys.levels, queryFn: ({ signal }) => getLevels(signal), gcTime: Infinity });
  return query.data ?? null;
}
