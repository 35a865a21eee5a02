import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestAnalysis } from '../../../../api/analysis';
import type { Analysis } from '../../../../api/analysisTypes';
import { queryKeys } from '../../../../api/queryKeys';
import type { GameView } from '../../../../api/types';
import { analysisQuery } from '../api/analysisQuery';
import { analysisLook } from '../model/analysisLook';

/**
 * The post-game analysis of a finished game, kept up to date while the server works on it (see
 * `analysisQuery` for how, and the game's stream for its events). With the token, an analysis never
 * asked for is asked for. Without it, nothing is asked while the game's view says nobody asked for
 * a review (`review: none`): `unrequested` says so, and the entry holds null until the stream's
 * events or a later view bring one. `retry` asks again at once (POST), for the failed status's
 * button: what was shown goes, and the answer starts the analysis afresh in the cache.
 */
export function useAnalysis(
  id: string,
  token: string | undefined,
  review: GameView['review'] | undefined,
  finished: boolean,
  streamOpen: boolean,
) {
  const queryClient = useQueryClient();
  const known = (queryClient.getQueryData<Analysis | null>(queryKeys.analysis(id)) ?? null) !== null;
  const look = analysisLook(token !== undefined, review, known);
  const query = useQuery({
    ...analysisQuery(queryClient, { id, token, review, streamOpen }),
    enabled: finished && look !== 'none',
    // Nothing to look at: the entry holds null (no analysis) at once, not a look pending forever.
    initialData: look === 'none' ? null : undefined,
  });
  const ask = useMutation({
    mutationFn: () => (token ? requestAnalysis(id, token) : Promise.resolve(null)),
    onSuccess: (answer) => queryClient.setQueryData<Analysis | null>(queryKeys.analysis(id), answer),
  });
  const asking = ask.isPending || ask.isError;
  const analysis = finished && !asking ? (query.data ?? null) : null;
  return {
    analysis,
    /** Waiting for the first answer (or the retry's): nothing to show yet, not even "no analysis". */
    loading: finished && ((look !== 'none' && query.isPending) || ask.isPending),
    /** The first look failed, or the retry did (later failures are left to the next poll or event). */
    error: !finished ? null : ask.isError ? ask.error : query.data === undefined ? query.error : null,
    /** A finished game nobody has asked to review, seen without its token: nothing to look at yet. */
    unrequested: finished && look === 'none' && analysis === null,
    retry: () => ask.mutate(),
  };
}
