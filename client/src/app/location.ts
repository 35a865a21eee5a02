import { useSyncExternalStore } from 'react';

/** A small router: `/` (start), `/games` (my games), `/editor` (board editor) and `/game/<id>`; the history API, no library. */
export type Route = { name: 'start' } | { name: 'games' } | { name: 'editor' } | { name: 'game'; id: string };

export function parseRoute(pathname: string): Route {
  if (/^\/games\/?$/.test(pathname)) return { name: 'games' };
  if (/^\/editor\/?$/.test(pathname)) return { name: 'editor' };
  const match = /^\/game\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match ? { name: 'game', id: match[1] } : { name: 'start' };
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

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Goes to another screen, at its top (as a page load would: the start screen can be scrolled to its Play button). */
export function navigate(pathname: string): void {
  if (window.location.pathname === pathname) return;
  window.history.pushState(null, '', pathname);
  window.scrollTo(0, 0);
  listeners.forEach((listener) => listener());
}
