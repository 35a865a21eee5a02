import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../../api/games';
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
 * Asks the server for a hint on the player's turn. A hint belongs to one position: it disappears
 * as soon as the game moves on, and an answer that comes back after that is dropped.
 */
export function useHint(id: string, token: string | undefined, ply: number | undefined, onError: (error: unknown) => void) {
  const [hint, setHint] = useState<ShownHint | null>(null);
  const [loading, setLoading] = useState(false);
  // A move (or a takeback) drops the hint, in this render.
  const [hintFor, setHintFor] = useState(ply);
  if (hintFor !== ply) {
    setHintFor(ply);
    setHint(null);
  }
  // The ply an answer arriving later is checked against: the latest committed one.
  const plyRef = useRef(ply);
  useEffect(() => {
    plyRef.current = ply;
  }, [ply]);

  const request = useCallback(async () => {
    const askedAt = plyRef.current;
    if (!token || askedAt === undefined) return;
    setLoading(true);
    try {
      const answer = await api.getHint(id, token);
      const squares = parseUci(answer.uci);
      if (squares && plyRef.current === askedAt) setHint({ ...answer, ply: askedAt, from: squares.from, to: squares.to });
    } catch (error) {
      if (plyRef.current === askedAt) onError(error);
    } finally {
      setLoading(false);
    }
  }, [id, onError, token]);

  return { hint: hint && hint.ply === ply ? hint : null, loading, request };
}
