/** Game tokens live in local storage, one key per game, so a reload resumes the game. */

const PREFIX = 'alphachess:token:';

export function tokenKey(gameId: string): string {
  return `${PREFIX}${gameId}`;
}

export function saveToken(gameId: string, token: string): void {
  try {
    localStorage.setItem(tokenKey(gameId), token);
  } catch {
    // Storage can be full or disabled; the game still works until the tab closes.
  }
}

export function loadToken(gameId: string): string | undefined {
  try {
    return localStorage.getItem(tokenKey(gameId)) ?? undefined;
  } catch {
    return undefined;
  }
}
