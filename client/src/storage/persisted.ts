/**
 * Values this browser remembers in local storage, read and written safely: storage can be missing
 * (a test run, some embedded browsers), refuse access (private mode, blocked cookies) or be full, and
 * an entry can be damaged or written by an older version of the client. None of that may break the
 * page: a read that fails gives the default, a write that fails leaves the value applied but not
 * remembered.
 */

/** The browser's local storage, or `undefined` where there is none (reaching for it can throw). */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The text stored under `key`, or `null` when there is none or storage cannot be read. */
export function readText(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `text` under `key`; whether it was remembered (storage can be full or disabled). */
export function writeText(key: string, text: string): boolean {
  try {
    const store = storage();
    store?.setItem(key, text);
    return store !== undefined;
  } catch {
    return false;
  }
}

/** Drops the entry under `key`, if storage allows. */
export function removeText(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing that can be read back is left to forget.
  }
}

/** Every stored key that starts with `prefix` (none when storage cannot be read). */
export function keysWithPrefix(prefix: string): string[] {
  try {
    const store = storage();
    const keys: string[] = [];
    for (let i = 0; i < (store?.length ?? 0); i++) {
      const key = store?.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** How one remembered value is kept: where, how it is read back and what it is when it cannot be. */
export interface PersistedOptions<T> {
  key: string;
  /**
   * The value in a stored text, or `undefined` to reject it (damaged, wrong shape, out of range); a
   * parser that throws rejects it too. Parsers that can save part of a damaged entry return that part.
   */
  parse: (text: string) => T | undefined;
  /** The value when nothing usable is stored. */
  fallback: T;
  /** The text stored for a value; JSON by default. */
  format?: (value: T) => string;
}

/** One remembered value. */
export interface Persisted<T> {
  /** The stored value, or the fallback when there is none, it is rejected or storage fails. */
  read(): T;
  /** Remembers `value`; whether storage took it. */
  write(value: T): boolean;
  remove(): void;
}

export function persisted<T>({ key, parse, fallback, format = JSON.stringify }: PersistedOptions<T>): Persisted<T> {
  return {
    read() {
      const text = readText(key);
      if (text === null) return fallback;
      try {
        return parse(text) ?? fallback;
      } catch {
        return fallback;
      }
    },
    write: (value) => writeText(key, format(value)),
    remove: () => removeText(key),
  };
}

/**
 * A parser for JSON entries: the text's JSON passed through `validate`, which returns the typed value
 * or `undefined` for the wrong shape. Damaged JSON is rejected.
 */
export function json<T>(validate: (value: unknown) => T | undefined): (text: string) => T | undefined {
  return (text) => validate(JSON.parse(text));
}
