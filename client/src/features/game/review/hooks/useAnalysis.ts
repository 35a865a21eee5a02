import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestAnalysis } from '../../../../api/analysis';
import type { Analysis } from '../../../../api/analysisTypes';
import { queryKeys } from '../../../../api/queryKeys';
import { analysisQuery } from '../api/analysisQuery';

/**
 * The post-game analysis of a finished game, kept up to date while the server works on it (see
 * `analysisQuery` for how, and the game's stream for its events). With the token, an analysis never
 * asked for is asked for. `retry` asks again at once (POST), for the failed status's button: what was
 * shown goes, and the answer starts the analysis afresh in the cache.
 */
export function useAnalysis(id: string, token: string | undefined, finished: boolean, streamOpen: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...analysisQuery(queryClient, { id, token, streamOpen }), enabled: finished });
  const ask = useMutation({
    mutationFn: () => (token ? requestAnalysis(id, token) : Promise.resolve(null)),
    onSuccess: (answer) => queryClient.setQueryData<Analysis | null>(queryKeys.analysis(id), answer),
  });
  const asking = ask.isPending || ask.isError;
  return {
    analysis: finished && !asking ? (query.data ?? null) : null,
    /** Waiting for the first answer (or the retry's): nothing to show yet, not even "no analysis". */
    loading: finished && (query.isPending || ask.isPending),
    /** The first look failed, or the retry did (later failures are left to the next poll or event). */
    error: !finished ? null : ask.isError ? ask.error : query.data === undefined ? query.error : null,
    retry: () => ask.mutate(),
  };
}
