import type { PlayerRating } from '../api/ladder';
import type { Perf } from '../api/account';
import { json, persisted } from '../storage/persisted';

/**
 * What this browser remembers about the rating the server keeps for its key: the finished games it
 * already waited for (so a reload does not wait again) and how many rated games the rating counted
 * when last shown (so after a rated game the page waits until the server has counted it).
 */

/** The ids of the games waited for, the last 500; the string entries of a damaged list are kept. */
const waited = persisted<string[]>({
  key: 'alphachess:rated-games',
  parse: json((ids) => (Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : undefined)),
  fallback: [],
});

const shownCount = persisted<number>({
  key: 'alphachess:rated-count',
  parse: json((n) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined)),
  fallback: 0,
});

/** Whether game `id` was already waited for. */
export function waitedFor(id: string): boolean {
  return waited.read().includes(id);
}

/** Marks game `id` waited for (once the server counted it, or the wait gave up). */
export function markWaited(id: string): void {
  const list = waited.read();
  if (!list.includes(id)) waited.write([...list, id].slice(-500));
}

/** How many rated games the rating counted when last shown here. */
export function lastShownCount(): number {
  return shownCount.read();
}

export function rememberShownCount(games: number): void {
  shownCount.write(games);
}

/**
 * The server's perf as the Glicko-2 triple `POST /api/rating` takes for a suggestion (the perf has
 * no volatility: Glicko-2's usual 0.06).
 */
export function ratingOfPerf(perf: Perf): PlayerRating {
  return { rating: perf.rating, deviation: Math.min(350, Math.max(1, perf.rd)), volatility: 0.06 };
}
