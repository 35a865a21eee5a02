import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { getAnalysis, requestAnalysis } from '../../../../api/analysis';
import type { Analysis } from '../../../../api/analysisTypes';
import { queryKeys } from '../../../../api/queryKeys';
import type { GameView } from '../../../../api/types';
import { analysisLook } from '../model/analysisLook';
import { isSettled, mergeAnalysis } from '../model/mergeAnalysis';

/** How often to ask while the analysis runs and no event stream is open. */
export const POLL_INTERVAL_MS = 2000;

interface Options {
  id: string;
  /** The game's secret: with it, an analysis never asked for is asked for. */
  token: string | undefined;
  /** Whether the game's view says it has a review (undefined: a server that does not say). */
  review: GameView['review'] | undefined;
  /** Whether the game's event stream is open now: its `analysis` events make polling unnecessary. */
  streamOpen: boolean;
}

/**
 * A finished game's analysis, followed until it is done or failed:
 * 1. Look (`analysisLook.ts`): with the token and nothing known yet, ask for it (POST, idempotent:
 *    it answers the analysis as it stands, or starts one, or restarts a failed one), else GET, but
 *    only once the analysis exists (known, or `review: requested` in the game's view). A GET of an
 *    analysis nobody asked for answers 404, which the browser logs as an error, so no look GETs one:
 *    a spectator of a game nobody asked to review sends nothing (`useAnalysis` keeps the query off
 *    and the entry null). The answer is merged into what the stream has already written into the
 *    entry, never thrown over it.
 * 2. The game's stream folds each `analysis` event into the entry (`analysisCache.ts`), fetches once
 *    each time it opens, and once more when an event says done.
 * 3. While the stream is not open and the analysis is queued or running, GET every `POLL_INTERVAL_MS`.
 * With no analysis and no token the entry holds null: one that starts by itself arrives as events.
 * `staleTime: 0` so that the first look happens when the game ends even if an event came first.
 */
export function analysisQuery(queryClient: QueryClient, { id, token, review, streamOpen }: Options) {
  const key = queryKeys.analysis(id);
  return queryOptions<Analysis | null>({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const first = (queryClient.getQueryData<Analysis | null>(key) ?? null) === null;
      const look = analysisLook(token !== undefined, review, !first);
      if (look === 'none') return null;
      const answer = token && look === 'ask' ? await requestAnalysis(id, token, signal) : await getAnalysis(id, signal);
      const known = queryClient.getQueryData<Analysis | null>(key) ?? null;
      return answer ? mergeAnalysis(known, answer) : known;
    },
    staleTime: 0,
    refetchInterval: (query) => {
      const known = query.state.data;
      return !streamOpen && known && !isSettled(known.status) ? POLL_INTERVAL_MS : false;
    },
    refetchIntervalInBackground: true,
  });
}
