import { requestJson } from './http';
import type { paths } from './schema';
import { saveToken } from './tokens';

/** What `GET /api/v1/account/games` answers, as the server's OpenAPI document describes it. */
type KeyGames = paths['/api/account/games']['get']['responses'][200]['content']['application/json'];

/**
 * A player's key (the bearer token a lichess client uses here) names every game created with it,
 * on any device, and is those games' token. The server's rule: 22 to 256 characters of
 * A-Z a-z 0-9 - _ (room for 128 random bits or more); checked here too, to say so before asking.
 */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{22,256}$/;

/** Whether `text` can be a key (the server also wants at least 8 different characters). */
export function looksLikeKey(text: string): boolean {
  return KEY_PATTERN.test(text) && new Set(text).size >= 8;
}

/**
 * Brings the key's games into this browser: each one's token is the key, kept like any game's
 * token, so "My games" lists them and they play from here. The number of games found.
 */
export async function adoptKeyGames(key: string, signal?: AbortSignal): Promise<number> {
  const body = await requestJson<KeyGames>('/api/v1/account/games', { token: key, signal });
  for (const game of body.games) saveToken(game.id, key);
  return body.games.length;
}
