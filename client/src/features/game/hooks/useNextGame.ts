import { useMutation } from '@tanstack/react-query';
import { describeError } from '../../../api/apiError';
import { startGame } from '../../../api/newGame';
import type { GameView, NewGameRequest } from '../../../api/types';
import { isLevel, rememberLevel } from '../../../levels/levels';
import { unlockAudio } from '../../../sound/synth';

/**
 * Starts the game the game-over panel or "Play from here" offers (rematch, next level): a mutation
 * whose answer opens the new game, and says why if it cannot. `starting` stays true once the game is
 * created, while the screen moves to it.
 */
export function useNextGame(onCreated: (game: GameView) => void) {
  const mutation = useMutation({
    mutationFn: (request: NewGameRequest) => startGame(request),
    onSuccess: (game, request) => {
      if (isLevel(request.level)) rememberLevel(request.level);
      onCreated(game);
    },
  });
  return {
    starting: mutation.isPending || mutation.isSuccess,
    error: mutation.isError ? describeError(mutation.error) : null,
    start: (request: NewGameRequest) => {
      unlockAudio(); // inside the click, so Stockfish's first move can sound
      mutation.mutate(request);
    },
  };
}
