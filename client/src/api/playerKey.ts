/**
 * The player's key (issue #41), the one place the client reads it: practice cards belong to the
 * key a player's games were created under. Until every browser is given a key on its first visit,
 * it is whatever `alphachess.playerKey` in localStorage holds; that change swaps this module only.
 */
const STORAGE_KEY = 'alphachess.playerKey';

/** The player's key, or null when this browser has none (or storage is unavailable). */
export function getPlayerKey(): string | null {
  try {
    const key = window.localStorage.getItem(STORAGE_KEY)?.trim();
    return key ? key : null;
  } catch {
    return null;
  }
}
