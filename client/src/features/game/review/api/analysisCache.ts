import type { QueryClient } from '@tanstack/react-query';
import type { Analysis, AnalysisEvent } from '../../../../api/analysisTypes';
import { queryKeys } from '../../../../api/queryKeys';
import { eventAsAnalysis, isSettled, mergeAnalysis } from '../model/mergeAnalysis';

/**
 * Folds one `analysis` event into the game's cached analysis. Events carry one ply each, so the one
 * that says done is followed by one GET of the whole analysis: plies sent while the stream was
 * down would otherwise stay missing.
 */
export function foldAnalysisEvent(queryClient: QueryClient, id: string, event: AnalysisEvent): void {
  const key = queryKeys.analysis(id);
  const known = queryClient.getQueryData<Analysis | null>(key) ?? null;
  const finishing = event.status === 'done' && known?.status !== 'done';
  queryClient.setQueryData<Analysis | null>(key, mergeAnalysis(known, eventAsAnalysis(event)));
  if (finishing) void queryClient.refetchQueries({ queryKey: key, exact: true, type: 'active' });
}

/**
 * The stream has just (re)opened: an analysis being followed and not settled is fetched once, for
 * what was sent before the stream was listening. A first look still in flight is left to answer.
 */
export function catchUpAnalysis(queryClient: QueryClient, id: string): void {
  void queryClient.refetchQueries(
    {
      queryKey: queryKeys.analysis(id),
      exact: true,
      type: 'active',
      predicate: (query) => {
        const known = query.state.data as Analysis | null | undefined;
        return !known || !isSettled(known.status);
      },
    },
    { cancelRefetch: false },
  );
}
