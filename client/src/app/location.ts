import { useSyncExternalStore } from 'react';

/**
 * A small router: `/` (start), `/games` (my games), `/editor` (board editor), `/practice` (the key's practice deck), `/game/<id>`, and the
 * analysis board: `/analysis/<id>` (a game; `?ply=N` opens it after its Nth ply), `/analysis?fen=<FEN>` (a position) or `/analysis` (the
 * PGN the start screen handed over, else the standard start); the history API, no library.
 */
export type Route =
  | { name: 'start' }
  | { name: 'games' }
  | { name: 'editor' }
  | { name: 'practice' }
  | { name: 'game'; id: string }
  | { name: 'analysis'; id: string; ply: number | null }
  | { name: 'analysis'; fen: string | null };

/** The route of an address's path and query (`/analysis?fen=...`). */
export function parseRoute(address: string): Route {
  const [pathname, query = ''] = address.split('?', 2);
  if (/^\/games\/?$/.test(pathname)) return { name: 'games' };
  if (/^\/editor\/?$/.test(pathname)) return { name: 'editor' };
  if (/^\/practice\/?$/.test(pathname)) return { name: 'practice' };
  if (/^\/analysis\/?$/.test(pathname)) return { name: 'analysis', fen: new URLSearchParams(query).get('fen') };
  const analysis = /^\/analysis\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  if (analysis) {
    const ply = Number(new URLSearchParams(query).get('ply') ?? 'x');
    return { name: 'analysis', id: analysis[1], ply: Number.isInteger(ply) && ply >= 0 ? ply : null };
  }
  const match = /^\/game\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match ? { name: 'game', id: match[1] } : { name: 'start' };
}

/** The address of the analysis board on a position. */
export function analysisAddress(fen: string): string {
  return `/analysis?${new URLSearchParams({ fen }).toString()}`;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path with its query (`/analysis?fen=...`): what `parseRoute` reads. */
export function useAddress(): string {
  return useSyncExternalStore(subscribe, () => `${window.location.pathname}${window.location.search}`);
}

/** Goes to another screen (a path, with a query if it has one), at its top (as a page load would: the start screen can be scrolled to its Play button). */
export function navigate(address: string): void {
  if (`${window.location.pathname}${window.location.search}` === address) return;
  window.history.pushState(null, '', address);
  window.scrollTo(0, 0);
  listeners.forEach((listener) => listener());
}
