import type { Persisted } from './persisted';

/**
 * Preferences the whole page reads at once (board settings, sound): the stored value loaded once,
 * changed field by field, remembered on every change and announced to subscribers (for
 * `useSyncExternalStore`). A change applies even when storage refuses to remember it.
 */
export interface Preferences<T extends object> {
  get(): T;
  set(change: Partial<T>): void;
  subscribe(listener: () => void): () => void;
}

export function preferences<T extends object>(stored: Persisted<T>): Preferences<T> {
  let current = stored.read();
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(change) {
      current = { ...current, ...change };
      stored.write(current);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
