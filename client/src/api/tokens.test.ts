// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { adoptTokenFromAddress, continueLink, isWellFormedToken, lastGame, loadToken, saveToken } from './tokens';

/** Tokens as the server makes them: 64 lowercase hex digits. */
const MINE = 'a'.repeat(64);
const THEIRS = '0123456789abcdef'.repeat(4);

beforeEach(() => localStorage.clear());

describe('continuing a game on another device', () => {
  it("puts the token in the fragment of the game's address, never in its path or query", () => {
    const link = new URL(continueLink('https://chess.example', 'abc_1', 't/k+n'));
    expect(link.pathname).toBe('/game/abc_1');
    expect(link.search).toBe('');
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe('t/k+n');
  });

  it('keeps the token on arrival and takes it out of the address bar', () => {
    window.history.replaceState(null, '', `/game/abc_1#token=${MINE}`);
    expect(adoptTokenFromAddress(window.location, window.history)).toEqual({ kind: 'adopted', gameId: 'abc_1' });
    expect(loadToken('abc_1')).toBe(MINE);
    expect(lastGame()).toEqual({ id: 'abc_1', token: MINE });
    expect(window.location.pathname).toBe('/game/abc_1');
    expect(window.location.hash).toBe('');
  });

  it('leaves any other address alone', () => {
    window.history.replaceState(null, '', `/#token=${MINE}`);
    expect(adoptTokenFromAddress(window.location, window.history)).toEqual({ kind: 'none' });
    expect(window.location.hash).toBe(`#token=${MINE}`);
    expect(localStorage.length).toBe(0);
  });
});

describe("a link never takes a game out of its player's hands", () => {
  it('keeps the token this browser holds when a link carries another, and says so', () => {
    saveToken('abc_1', MINE);
    window.history.replaceState(null, '', `/game/abc_1#token=${THEIRS}`);
    expect(adoptTokenFromAddress(window.location, window.history)).toEqual({
      kind: 'conflict',
      gameId: 'abc_1',
      token: THEIRS,
    });
    expect(loadToken('abc_1')).toBe(MINE);
    expect(window.location.hash).toBe('');
  });

  it('ignores a token that is not one, even with no token held', () => {
    for (const bad of ['x', 'A'.repeat(64), `${MINE}0`, '', `${'a'.repeat(63)}"`]) {
      localStorage.clear();
      window.history.replaceState(null, '', `/game/abc_1#token=${encodeURIComponent(bad)}`);
      expect(adoptTokenFromAddress(window.location, window.history)).toEqual({ kind: 'malformed', gameId: 'abc_1' });
      expect(loadToken('abc_1')).toBeUndefined();
      expect(window.location.hash).toBe('');
    }
  });

  it('says nothing when the link carries the very token this browser holds', () => {
    saveToken('abc_1', MINE);
    window.history.replaceState(null, '', `/game/abc_1#token=${MINE}`);
    expect(adoptTokenFromAddress(window.location, window.history)).toEqual({ kind: 'none' });
    expect(loadToken('abc_1')).toBe(MINE);
  });

  it('knows a token by its form: 64 lowercase hex digits', () => {
    expect(isWellFormedToken(MINE)).toBe(true);
    expect(isWellFormedToken(THEIRS)).toBe(true);
    expect(isWellFormedToken(MINE.toUpperCase())).toBe(false);
    expect(isWellFormedToken(MINE.slice(1))).toBe(false);
  });

  it("takes a player's key too, the token of the games created under it, but not a short or repetitive one", () => {
    expect(isWellFormedToken('R4t3dK3yQw9Zx8Yv7Ut6Sr5Pq')).toBe(true);
    expect(isWellFormedToken('R4t3dK3yQw9Zx8Yv7Ut6S')).toBe(false);
    expect(isWellFormedToken('ab-ab-ab-ab-ab-ab-ab-ab-ab')).toBe(false);
    expect(isWellFormedToken('R4t3dK3yQw9Zx8Yv7Ut6Sr5Pq!')).toBe(false);
  });
});
