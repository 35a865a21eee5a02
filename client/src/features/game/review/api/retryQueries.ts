import { queryOptions } from '@tanstack/react-query';
import { getPositionMoves } from '../../../../api/positionMoves';
import { queryKeys } from '../../../../api/queryKeys';
import { getRetryPuzzles } from '../../../../api/retry';

/**
 * The player's mistakes to retry. Asked for when the player opens Retry (the analysis is done by
 * then, so the list no longer changes): `staleTime: Infinity`, one request per visit.
 */
export function retryListQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.retry(id),
    queryFn: ({ signal }) => getRetryPuzzles(id, signal),
    staleTime: Infinity,
  });
}

/** A puzzle's legal moves from the server's rules; a position's moves never change. */
export function positionMovesQuery(fen: string) {
  return queryOptions({
    queryKey: queryKeys.legalMoves(fen),
    queryFn: ({ signal }) => getPositionMoves(fen, signal),
    staleTime: Infinity,
  });
}
