import type { GameView, NewGameRequest } from '../../api/types';
import { isStandardStart } from '../../chess/startPosition';
import { opposite } from '../../chess/types';
import { nextLevel } from '../../levels/levels';

/**
 * The games the game-over panel offers, with this game's settings: its level and its starting
 * position (a game set up from a FEN is replayed from there), the player's colour kept or swapped.
 */
export function rematchRequest(view: GameView, swapColors: boolean): NewGameRequest {
  return {
    color: swapColors ? opposite(view.player_color) : view.player_color,
    level: view.level,
    ...(isStandardStart(view.initial_fen) ? {} : { fen: view.initial_fen }),
  };
}

/** The same game one level up, after a win; none after beating full strength. */
export function nextLevelRequest(view: GameView): NewGameRequest | null {
  const level = nextLevel(view.level);
  return level === null ? null : { ...rematchRequest(view, false), level };
}
