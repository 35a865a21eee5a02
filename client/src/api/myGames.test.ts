// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetMyGame, mergeMyGames, myGames, parseMyGames, recordMyGame } from './myGames';
import { chunk } from './summaries';
import { lastGame, loadToken, rememberLastGame, saveToken } from './tokens';

beforeEach(() => localStorage.clear());

describe('the stored list of my games', () => {
  it('keeps the well-formed entries of a damaged list', () => {
    const text = JSON.stringify([
      { id: 'a1', createdAt: 5 },
      { id: 'bad id!', createdAt: 1 },
      { createdAt: 2 },
      'x',
      { id: 'b2', createdAt: null },
    ]);
    expect(parseMyGames(text)).toEqual([
      { id: 'a1', createdAt: 5 },
      { id: 'b2', createdAt: null },
    ]);
    expect(parseMyGames('{oops')).toEqual([]);
    expect(parseMyGames('{"id":"a"}')).toEqual([]);
  });

  it('adds the games whose token is kept but the list lacks, newest first and each once', () => {
    const merged = mergeMyGames(
      [
        { id: 'old', createdAt: 100 },
        { id: 'new', createdAt: 300 },
      ],
      ['new', 'legacy'],
    );
    expect(merged.map((game) => game.id)).toEqual(['new', 'old', 'legacy']);
  });

  it('records a created game, lists tokens from before the list, and forgets a game with its token', () => {
    saveToken('before', 't0');
    saveToken('g1', 't1');
    rememberLastGame('g1');
    recordMyGame({ id: 'g1', createdAt: 1_000, timeControl: { limit_secs: 180, increment_secs: 2 } });
    expect(myGames()).toEqual([
      { id: 'g1', createdAt: 1_000, timeControl: { limit_secs: 180, increment_secs: 2 } },
      { id: 'before', createdAt: null },
    ]);
    forgetMyGame('g1');
    expect(myGames().map((game) => game.id)).toEqual(['before']);
    expect(loadToken('g1')).toBeUndefined();
    expect(lastGame()).toBeUndefined();
    expect(loadToken('before')).toBe('t0');
  });
});

describe('chunk', () => {
  it('splits ids into requests of at most a hundred, in order', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `g${i}`);
    const runs = chunk(ids, 100);
    expect(runs.map((run) => run.length)).toEqual([100, 100, 50]);
    expect(runs.flat()).toEqual(ids);
    expect(chunk([], 100)).toEqual([]);
  });

  it('puts a forgotten game back exactly, token and all, for an Undo', () => {
    saveToken('g1', 't1');
    saveToken('g2', 't2');
    recordMyGame({ id: 'g1', createdAt: 1_000 });
    recordMyGame({ id: 'g2', createdAt: 2_000 });
    rememberLastGame('g1');
    const restore = forgetMyGame('g1');
    expect(loadToken('g1')).toBeUndefined();
    restore();
    expect(myGames()).toEqual([
      { id: 'g2', createdAt: 2_000 },
      { id: 'g1', createdAt: 1_000 },
    ]);
    expect(loadToken('g1')).toBe('t1');
    expect(lastGame()).toEqual({ id: 'g1', token: 't1' });
  });
});
