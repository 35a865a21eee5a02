import { requestJson } from './http';
import type { CreatedGame, GameView, Hint, NewGameRequest } from './types';

/** One function per endpoint of the games API. */

export function createGame(request: NewGameRequest): Promise<CreatedGame> {
  return requestJson<CreatedGame>('/api/games', { method: 'POST', body: request });
}

export function getGame(id: string, signal?: AbortSignal): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}`, { signal });
}

/** Plays the player's move; the answer already holds Stockfish's reply. */
export function playMove(id: string, token: string, move: string, expectedPly: number): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}/moves`, {
    method: 'POST',
    token,
    body: { move, expected_ply: expectedPly },
  });
}

export function takeBack(id: string, token: string): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}/takeback`, { method: 'POST', token });
}

export function resign(id: string, token: string): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}/resign`, { method: 'POST', token });
}

export function getHint(id: string, token: string): Promise<Hint> {
  return requestJson<Hint>(`/api/games/${encodeURIComponent(id)}/hint`, { token });
}

/** The address the browser downloads the PGN from (the server sets the file name). */
export function pgnUrl(id: string): string {
  return `/api/games/${encodeURIComponent(id)}/pgn`;
}
