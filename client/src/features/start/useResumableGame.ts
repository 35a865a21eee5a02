import { useEffect, useState } from 'react';
import { getGame } from '../../api/games';
import { lastGame } from '../../api/tokens';
import type { GameView } from '../../api/types';

/**
 * The game this browser played last, if the server says it is still going: the start screen offers
 * to resume it. Anything else (finished, gone, server down) offers nothing.
 */
export function useResumableGame(): GameView | null {
  const [game, setGame] = useState<GameView | null>(null);
  useEffect(() => {
    const last = lastGame();
    if (!last) return;
    const controller = new AbortController();
    getGame(last.id, controller.signal)
      .then((view) => {
        if (view.status === 'ongoing') setGame(view);
      })
      .catch(() => {
        // Nothing to resume.
      });
    return () => controller.abort();
  }, []);
  return game;
}
