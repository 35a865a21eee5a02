import { createGame } from './games';
import { rememberLastGame, saveToken } from './tokens';
import type { GameView, NewGameRequest } from './types';

/**
 * Starts a game on the server and keeps its token in this browser (so the player may play it, and
 * a reload or the start screen's "Resume" finds it). Throws what `createGame` throws.
 */
export async function startGame(request: NewGameRequest): Promise<GameView> {
  const created = await createGame(request);
  saveToken(created.id, created.token);
  rememberLastGame(created.id);
  return created.game;
}
