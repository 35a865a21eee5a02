import { useQuery } from '@tanstack/react-query';
import { rate, type RatingAnswer } from '../api/ladder';
import { queryKeys } from '../api/queryKeys';
import type { GameView } from '../api/types';
import { markRated, storedRating, storeRating } from './playerRating';

/** How a finished game went for its player, or null when it does not count (aborted, unfinished, a finished PGN). */
function resultOf(view: GameView): 'win' | 'draw' | 'loss' | null {
  if (view.status !== 'finished') return null;
  // A finished PGN (the server names its `players`) is the PGN's players' game, not the player's.
  if (view.players) return null;
  if (view.result === '1/2-1/2') return 'draw';
  if (!view.winner) return null;
  return view.winner === view.player_color ? 'win' : 'loss';
}

/**
 * The player's rating as shown ("about 1340 ± 120") and the suggested next step; with a finished
 * `game` of this player, counts it once (a reload does not count it again). A query
 * (`queryKeys.rating`): its one request counts the game, however often the panel's effects run
 * (StrictMode runs them twice); without the server, nothing is shown (the rating is a nicety).
 */
export function usePlayerRating(game?: GameView | null, spectator = false): RatingAnswer | null {
  const gameId = game?.id ?? null;
  const result = game && !spectator ? resultOf(game) : null;
  const level = game?.level ?? null;
  const query = useQuery({
    queryKey: queryKeys.rating(gameId, result, level),
    queryFn: async () => {
      const counted = result !== null && gameId !== null && level !== null ? !markRated(gameId) : false;
      const answer = await rate(storedRating(), counted && result !== null && level !== null ? { level, result } : undefined);
      if (counted) storeRating(answer.rating);
      return answer;
    },
  });
  return query.data ?? null;
}
