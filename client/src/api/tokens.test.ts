// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { adoptTokenFromAddress, continueLink, lastGame, loadToken } from './tokens';

beforeEach(() => localStorage.clear());

describe('continuing a game on another device', () => {
  it('puts the token in the fragment of the game\'s address, never in its path or query', () => {
    const link = new URL(continueLink('https://chess.example', 'abc_1', 't/k+n'));
    expect(link.pathname).toBe('/game/abc_1');
    expect(link.search).toBe('');
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe('t/k+n');
  });

  it('keeps the token on arrival and takes it out of the address bar', () => {
    window.history.replaceState(null, '', '/game/abc_1#token=secret');
    adoptTokenFromAddress(window.location, window.history);
    expect(loadToken('abc_1')).toBe('secret');
    expect(lastGame()).toEqual({ id: 'abc_1', token: 'secret' });
    expect(window.location.pathname).toBe('/game/abc_1');
    expect(window.location.hash).toBe('');
  });

  it('leaves any other address alone', () => {
    window.history.replaceState(null, '', '/#token=secret');
    adoptTokenFromAddress(window.location, window.history);
    expect(window.location.hash).toBe('#token=secret');
    expect(localStorage.length).toBe(0);
  });
});
