import { useEffect, useState } from 'react';
import { rate, type RatingAnswer } from '../api/ladder';
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
 * `game` of this player, counts it once (a reload does not count it again).
 */
export function usePlayerRating(game?: GameView | null, spectator = false): RatingAnswer | null {
  const [answer, setAnswer] = useState<RatingAnswer | null>(null);
  const gameId = game?.id;
  const result = game && !spectator ? resultOf(game) : null;
  const level = game?.level;
  useEffect(() => {
    let live = true;
    const counted = result && gameId && level !== undefined ? !markRated(gameId) : false;
    const request = counted && result && level !== undefined ? rate(storedRating(), { level, result }) : rate(storedRating());
    request
      .then((next) => {
        if (counted) storeRating(next.rating);
        if (live) setAnswer(next);
      })
      .catch(() => {
        // The rating is a nicety: without the server, nothing is shown.
      });
    return () => {
      live = false;
    };
  }, [gameId, result, level]);
  return answer;
}
