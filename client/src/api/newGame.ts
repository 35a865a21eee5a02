import { createGame } from './games';
import { playerKey } from './playerKey';
import { recordMyGame } from './myGames';
import { rememberLastGame, saveToken } from './tokens';
import type { GameView, NewGameRequest } from './types';

/**
 * Starts a game on the server and keeps its token in this browser (so the player may play it, and
 * a reload or the start screen's "Resume" finds it), and adds it to "My games". Throws what
 * `createGame` throws.
 */
export async function startGame(request: NewGameRequest): Promise<GameView> {
  // Under the browser's key: the game is the player's on every device, and counts for their rating.
  const created = await createGame(request, playerKey());
  saveToken(created.id, created.token);
  rememberLastGame(created.id);
  recordMyGame({ id: created.id, createdAt: Date.now(), timeControl: request.clock ?? null });
  return created.game;
}
