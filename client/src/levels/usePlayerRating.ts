import { useQuery } from '@tanstack/react-query';
import { getPerf, type Perf } from '../api/account';
import { suggestFor, type RatingAnswer } from '../api/ladder';
import { playerKey } from '../api/playerKey';
import { queryKeys } from '../api/queryKeys';
import { loadToken } from '../api/tokens';
import type { GameView } from '../api/types';
import { lastShownCount, markWaited, ratingOfPerf, rememberShownCount, waitedFor } from './playerRating';

/** Plies a rated game needs to count: two moves each (the server's rule, `rated.rs`). */
const MIN_PLIES = 4;

/** Whether `view` is a finished rated game of this browser's key, which the server counts. */
export function countsForKey(view: GameView, key: string): boolean {
  return view.status === 'finished' && view.rated && !view.players && view.moves.length >= MIN_PLIES && loadToken(view.id) === key;
}

/** How long and how often to wait for the server to count a game that just ended. */
const WAIT_TRIES = 20;
const WAIT_MS = 250;

/** The key's perf; after a game that counts, once it includes that game (or after ~5 s). */
async function perfAfter(key: string, game: GameView | null | undefined, signal: AbortSignal): Promise<Perf> {
  let perf = await getPerf(key, signal);
  if (game && countsForKey(game, key) && !waitedFor(game.id)) {
    const before = lastShownCount();
    for (let i = 0; i < WAIT_TRIES && perf.games <= before; i++) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      perf = await getPerf(key, signal);
    }
    markWaited(game.id);
  }
  rememberShownCount(perf.games);
  return perf;
}

/**
 * The player's rating as shown ("about 1340 ± 120") and the suggested next step: the rating the
 * server keeps for this browser's key (`GET /api/account`), after a finished `game` once the server
 * has counted it. A query (`queryKeys.rating`); without the server, nothing is shown.
 */
export function usePlayerRating(game?: GameView | null, spectator = false): RatingAnswer | null {
  const watched = spectator ? null : (game ?? null);
  const query = useQuery({
    queryKey: queryKeys.rating(watched?.id ?? null, watched?.status ?? null, watched?.rated ? 1 : 0),
    queryFn: async ({ signal }) => {
      const perf = await perfAfter(playerKey(), watched, signal);
      return suggestFor(ratingOfPerf(perf));
    },
  });
  return query.data ?? null;
}
