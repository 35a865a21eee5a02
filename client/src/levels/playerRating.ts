import type { PlayerRating } from '../api/ladder';

/**
 * The player's rating and the games already counted in it, kept in this browser's storage next
 * to My games (the server computes ratings but keeps none).
 */

const RATING_KEY = 'alphachess:rating';
const RATED_KEY = 'alphachess:rated-games';

export function storedRating(): PlayerRating | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RATING_KEY) ?? 'null');
    if (value && typeof value === 'object') {
      const { rating, deviation, volatility } = value as Record<string, unknown>;
      if (typeof rating === 'number' && typeof deviation === 'number' && typeof volatility === 'number') {
        return { rating, deviation, volatility };
      }
    }
  } catch {
    // Unreadable or unavailable storage: a new player.
  }
  return null;
}

export function storeRating(rating: PlayerRating): void {
  try {
    localStorage.setItem(RATING_KEY, JSON.stringify(rating));
  } catch {
    // Storage can be full or disabled: the rating holds for this page.
  }
}

/** Whether game `id` is already counted; marks it counted. */
export function markRated(id: string): boolean {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(RATED_KEY) ?? '[]');
    const list = Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
    if (list.includes(id)) return true;
    localStorage.setItem(RATED_KEY, JSON.stringify([...list, id].slice(-500)));
    return false;
  } catch {
    return false;
  }
}
