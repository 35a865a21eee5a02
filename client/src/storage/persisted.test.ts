// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, keysWithPrefix, persisted, readText, removeText, writeText } from './persisted';
import { preferences } from './preferences';

/** A point with two numeric fields, or nothing. */
const asPoint = (value: unknown) => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { x, y } = value as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' ? { x, y } : undefined;
};

const point = persisted({ key: 'test:point', parse: json(asPoint), fallback: { x: 0, y: 0 } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a remembered value', () => {
  it('reads back what was written', () => {
    expect(point.write({ x: 3, y: 4 })).toBe(true);
    expect(localStorage.getItem('test:point')).toBe('{"x":3,"y":4}');
    expect(point.read()).toEqual({ x: 3, y: 4 });
  });

  it('is the fallback when nothing is stored, or after it is removed', () => {
    expect(point.read()).toEqual({ x: 0, y: 0 });
    point.write({ x: 1, y: 1 });
    point.remove();
    expect(point.read()).toEqual({ x: 0, y: 0 });
  });

  it('rejects damaged JSON', () => {
    localStorage.setItem('test:point', '{"x":3,');
    expect(point.read()).toEqual({ x: 0, y: 0 });
  });

  it('rejects JSON of the wrong shape', () => {
    for (const text of ['null', '42', '"x"', '[]', '{"x":1}', '{"x":1,"y":"2"}']) {
      localStorage.setItem('test:point', text);
      expect(point.read(), text).toEqual({ x: 0, y: 0 });
    }
  });

  it('stores its own text form when given one', () => {
    const flag = persisted({ key: 'test:flag', parse: (text) => text === 'true', fallback: false, format: String });
    flag.write(true);
    expect(localStorage.getItem('test:flag')).toBe('true');
    expect(flag.read()).toBe(true);
  });
});

/** Local storage that refuses everything, as in a private window or with storage blocked. */
function refusingStorage(name: string): Storage {
  const refuse = () => {
    throw new DOMException('refused', name);
  };
  return { length: 1, getItem: refuse, setItem: refuse, removeItem: refuse, clear: refuse, key: refuse };
}

describe('storage that throws (private mode, quota, blocked)', () => {
  it('reads as the fallback', () => {
    localStorage.setItem('test:point', '{"x":3,"y":4}');
    vi.stubGlobal('localStorage', refusingStorage('SecurityError'));
    expect(point.read()).toEqual({ x: 0, y: 0 });
    expect(readText('test:point')).toBeNull();
  });

  it('refuses a write without throwing, and says so', () => {
    vi.stubGlobal('localStorage', refusingStorage('QuotaExceededError'));
    expect(point.write({ x: 3, y: 4 })).toBe(false);
    expect(writeText('test:text', 'a')).toBe(false);
  });

  it('removes and lists keys without throwing', () => {
    vi.stubGlobal('localStorage', refusingStorage('SecurityError'));
    expect(() => removeText('test:a')).not.toThrow();
    expect(keysWithPrefix('test:')).toEqual([]);
  });

  it('is the same as no storage at all', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(point.read()).toEqual({ x: 0, y: 0 });
    expect(point.write({ x: 1, y: 1 })).toBe(false);
    expect(keysWithPrefix('test:')).toEqual([]);
  });
});

describe('keys by prefix', () => {
  it('lists only the keys that start with the prefix', () => {
    writeText('game:1', 'a');
    writeText('game:2', 'b');
    writeText('other', 'c');
    expect(keysWithPrefix('game:').sort()).toEqual(['game:1', 'game:2']);
  });
});

describe('preferences', () => {
  it('apply a change field by field, remember it and tell subscribers', () => {
    const prefs = preferences(persisted({ key: 'test:prefs', parse: json(asPoint), fallback: { x: 0, y: 0 } }));
    const heard = vi.fn();
    const unsubscribe = prefs.subscribe(heard);
    prefs.set({ y: 5 });
    expect(prefs.get()).toEqual({ x: 0, y: 5 });
    expect(localStorage.getItem('test:prefs')).toBe('{"x":0,"y":5}');
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
    prefs.set({ x: 1 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('still apply a change that storage refuses to remember', () => {
    const prefs = preferences(persisted({ key: 'test:prefs', parse: json(asPoint), fallback: { x: 0, y: 0 } }));
    vi.stubGlobal('localStorage', refusingStorage('QuotaExceededError'));
    prefs.set({ x: 2 });
    expect(prefs.get()).toEqual({ x: 2, y: 0 });
  });
});
