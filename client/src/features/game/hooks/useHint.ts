import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import * as api from '../../../api/games';
import { queryKeys } from '../../../api/queryKeys';
import type { Hint } from '../../../api/types';
import { parseUci } from '../../../chess/placement';
import type { SquareName } from '../../../chess/types';

/** Stockfish's suggestion for the position at `ply`, with its squares for the arrow. */
export interface ShownHint extends Hint {
  ply: number;
  from: SquareName;
  to: SquareName;
}

/**
 * Asks the server for a hint on the player's turn, only when the player asks (the query is never
 * fetched by itself). A hint belongs to one position: its cache entry is keyed by the ply, so it
 * disappears as soon as the game moves on, and an answer that comes back after that lands in the
 * old entry, unseen. A failure is reported only if the game is still where it was asked.
 */
export function useHint(id: string, token: string | undefined, ply: number | undefined, onError: (error: unknown) => void) {
  const query = useQuery({
    queryKey: queryKeys.hint(id, ply),
    queryFn: async (): Promise<ShownHint | null> => {
      if (!token || ply === undefined) return null;
      const answer = await api.getHint(id, token);
      const squares = parseUci(answer.uci);
      return squares ? { ...answer, ply, from: squares.from, to: squares.to } : null;
    },
    enabled: false,
  });
  // The ply an answer arriving later is checked against: the latest committed one.
  const plyRef = useRef(ply);
  useEffect(() => {
    plyRef.current = ply;
  }, [ply]);

  const { refetch } = query;
  const request = useCallback(async () => {
    const askedAt = plyRef.current;
    if (!token || askedAt === undefined) return;
    const result = await refetch();
    if (result.isError && plyRef.current === askedAt) onError(result.error);
  }, [onError, refetch, token]);

  const hint = query.data ?? null;
  return { hint: hint && hint.ply === ply ? hint : null, loading: query.isFetching, request };
}
