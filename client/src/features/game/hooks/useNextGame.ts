import { useCallback, useState } from 'react';
import { describeError } from '../../../api/apiError';
import { startGame } from '../../../api/newGame';
import type { GameView, NewGameRequest } from '../../../api/types';
import { isLevel, rememberLevel } from '../../../levels/levels';
import { unlockAudio } from '../../../sound/synth';

/** Starts the game the game-over panel offers (rematch, next level), and says why if it cannot. */
export function useNextGame(onCreated: (game: GameView) => void) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(
    async (request: NewGameRequest) => {
      unlockAudio(); // inside the click, so Stockfish's first move can sound
      setStarting(true);
      setError(null);
      try {
        const game = await startGame(request);
        if (isLevel(request.level)) rememberLevel(request.level);
        onCreated(game);
      } catch (cause) {
        setError(describeError(cause));
        setStarting(false);
      }
    },
    [onCreated],
  );
  return { starting, error, start };
}
