import { requestJson } from './http';
import type { CreatedGame, GameSummary, GameView, Hint, NewGameRequest, PositionPreview, PositionRequest } from './types';

/** One function per endpoint of the games API. */

/** Creates a game; under `key` (the player's key), the key is the game's token. */
export function createGame(request: NewGameRequest, key?: string): Promise<CreatedGame> {
  return requestJson<CreatedGame>('/api/games', { method: 'POST', body: request, token: key });
}

export function getGame(id: string, signal?: AbortSignal): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}`, { signal });
}

/** The most ids `GET /api/games?ids=` takes in one request. */
export const MAX_SUMMARY_IDS = 100;

/** The public summaries of up to `MAX_SUMMARY_IDS` games, in the order asked; unknown ids are left out. */
export async function getSummaries(ids: readonly string[], signal?: AbortSignal): Promise<GameSummary[]> {
  const query = ids.map(encodeURIComponent).join(',');
  const body = await requestJson<{ games: GameSummary[] }>(`/api/games?ids=${query}`, { signal });
  return body.games;
}

/** The position a game created from this FEN or PGN would start at, or the parser's error. */
export function previewPosition(request: PositionRequest, signal?: AbortSignal): Promise<PositionPreview> {
  return requestJson<PositionPreview>('/api/positions', { method: 'POST', body: request, signal });
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

/** Offers Stockfish a draw: the finished game if it accepts, `409 draw_declined` (with its reason) if not. */
export function offerDraw(id: string, token: string): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}/draw`, { method: 'POST', token });
}

/** Claims a threefold repetition or fifty-move draw (games under the claim rule). */
export function claimDraw(id: string, token: string): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}/claim-draw`, { method: 'POST', token });
}

/** Ends the game with no result, before the player's first move. */
export function abort(id: string, token: string): Promise<GameView> {
  return requestJson<GameView>(`/api/games/${encodeURIComponent(id)}/abort`, { method: 'POST', token });
}

export function getHint(id: string, token: string): Promise<Hint> {
  return requestJson<Hint>(`/api/games/${encodeURIComponent(id)}/hint`, { token });
}

/** The address the browser downloads the PGN from (the server sets the file name). */
export function pgnUrl(id: string): string {
  return `/api/games/${encodeURIComponent(id)}/pgn`;
}
