import { describe, expect, it } from 'vitest';
import { humanMovesUrl, parseHumanMoves } from './humanMoves';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('human moves', () => {
  it('sends the start and the moves, so the network reads the game history', () => {
    const url = new URL(humanMovesUrl({ start: START, moves: ['e2e4', 'e7e5'], fen: 'ignored' }, 1300), 'http://x');
    expect(url.pathname).toBe('/api/explore/human');
    expect(url.searchParams.get('fen')).toBe(START);
    expect(url.searchParams.get('moves')).toBe('e2e4,e7e5');
    expect(url.searchParams.get('band')).toBe('1300');
    expect(url.searchParams.get('count')).toBe('5');
  });

  it('sends the position alone when there are no moves', () => {
    const url = new URL(humanMovesUrl({ start: START, moves: [], fen: START }, 1500), 'http://x');
    expect(url.searchParams.get('fen')).toBe(START);
    expect(url.searchParams.has('moves')).toBe(false);
  });

  it('reads a good answer and refuses a broken one', () => {
    const good = { band: 1500, moves: [{ uci: 'e7e5', san: 'e5', probability: 0.53 }] };
    expect(parseHumanMoves(good)).toEqual(good);
    expect(parseHumanMoves({ band: 1500, moves: [{ uci: 'e7e5', san: 'e5', probability: 1.5 }] })).toBeUndefined();
    expect(parseHumanMoves({ band: 1500, moves: [{ uci: 'e7e5', probability: 0.5 }] })).toBeUndefined();
    expect(parseHumanMoves({ moves: [] })).toBeUndefined();
  });
});
