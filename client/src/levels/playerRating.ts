import type { PlayerRating } from '../api/ladder';
import { json, persisted } from '../storage/persisted';

/**
 * The player's rating and the games already counted in it, kept in this browser's storage next
 * to My games (the server computes ratings but keeps none).
 */

/** A stored rating with its three numbers, or `undefined` for anything else. */
function asRating(value: unknown): PlayerRating | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { rating, deviation, volatility } = value as Record<string, unknown>;
  return typeof rating === 'number' && typeof deviation === 'number' && typeof volatility === 'number'
    ? { rating, deviation, volatility }
    : undefined;
}

/** No rating (unreadable or unavailable storage too) is a new player. */
const rating = persisted<PlayerRating | null>({ key: 'alphachess:rating', parse: json(asRating), fallback: null });

/** The ids of the games counted, the last 500; the string entries of a damaged list are kept. */
const rated = persisted<string[]>({
  key: 'alphachess:rated-games',
  parse: json((ids) => (Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : undefined)),
  fallback: [],
});

export function storedRating(): PlayerRating | null {
  return rating.read();
}

/** Remembers the rating (storage can be full or disabled: the rating holds for this page). */
export function storeRating(value: PlayerRating): void {
  rating.write(value);
}

/** Whether game `id` is already counted; marks it counted. */
export function markRated(id: string): boolean {
  const list = rated.read();
  if (list.includes(id)) return true;
  rated.write([...list, id].slice(-500));
  return false;
}
