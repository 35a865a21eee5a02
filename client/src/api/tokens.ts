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

const LAST_GAME = 'alphachess:last-game';

/** Remembers the game this browser played last, for the start screen's "Resume your game". */
export function rememberLastGame(gameId: string): void {
  try {
    localStorage.setItem(LAST_GAME, gameId);
  } catch {
    // Not remembered: the game's own address still resumes it.
  }
}

/** The game this browser played last, if it still holds its token. */
export function lastGame(): { id: string; token: string } | undefined {
  try {
    const id = localStorage.getItem(LAST_GAME);
    const token = id === null ? undefined : loadToken(id);
    return id !== null && token !== undefined ? { id, token } : undefined;
  } catch {
    return undefined;
  }
}
