// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { looksLikeKey } from './keyGames';
import { adoptPlayerKey, newPlayerKey, playerKey } from './playerKey';

beforeEach(() => localStorage.clear());

describe("the browser's player key", () => {
  it('is 32 base64url characters of 24 random bytes, which the server takes as a key', () => {
    const key = newPlayerKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(looksLikeKey(key)).toBe(true);
    expect(newPlayerKey()).not.toBe(key);
    // 0xfb 0xff 0xbf encodes as '-_-_' in base64url (no '+', '/' or padding left).
    expect(newPlayerKey((bytes) => bytes.map((_, i) => [0xfb, 0xff, 0xbf][i % 3]))).toBe('-_-_'.repeat(8));
  });

  it('is made once and kept: every later visit plays under the same key', () => {
    const first = playerKey();
    expect(playerKey()).toBe(first);
    expect(localStorage.getItem('alphachess:player-key')).toBe(first);
  });

  it('takes a key pasted from another device, and refuses what cannot be a key', () => {
    playerKey();
    expect(adoptPlayerKey('short')).toBe(false);
    const other = 'R4t3dK3yQw9Zx8Yv7Ut6Sr5Pq';
    expect(adoptPlayerKey(`  ${other} `)).toBe(true);
    expect(playerKey()).toBe(other);
  });
});
