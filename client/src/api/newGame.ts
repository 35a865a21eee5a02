import { createGame } from './games';
import { recordMyGame } from './myGames';
import { rememberLastGame, saveToken } from './tokens';
import type { GameView, NewGameRequest } from './types';

/**
 * Starts a game on the server and keeps its token in this browser (so the player may play it, and
 * a reload or the start screen's "Resume" finds it), and adds it to "My games". Throws what
 * `createGame` throws.
 */
export async function startGame(request: NewGameRequest): Promise<GameView> {
  const created = await createGame(request);
  saveToken(created.id, created.token);
  rememberLastGame(created.id);
  recordMyGame({ id: created.id, createdAt: Date.now(), timeControl: request.clock ?? null });
  return created.game;
}
