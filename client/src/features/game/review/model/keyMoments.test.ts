import { describe, expect, it } from 'vitest';
import type { KeyMoments } from '../../../../api/analysisTypes';
import type { GameLine } from './gameLine';
import { keyMomentLabel, keyMomentSides } from './keyMoments';

const LINE: GameLine = { sans: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'], firstTurn: 'white', firstFullmove: 1 };
const MOMENTS: KeyMoments = {
  white: [{ ply: 3, kind: 'last_book', class: 'book', points_lost: 0 }],
  black: [
    { ply: 6, kind: 'swing', class: 'blunder', points_lost: 0.52 },
    { ply: 4, kind: 'last_book', class: 'book', points_lost: 0 },
  ],
};

describe('key moments', () => {
  it('name a swing by its class, the last book move and a missed win by what they are', () => {
    expect(keyMomentLabel({ ply: 6, kind: 'swing', class: 'blunder', points_lost: 0.52 })).toBe('Blunder');
    expect(keyMomentLabel({ ply: 9, kind: 'swing', class: 'inaccuracy', points_lost: 0.07 })).toBe('Inaccuracy');
    expect(keyMomentLabel({ ply: 4, kind: 'last_book', class: 'book', points_lost: 0 })).toBe('Last book move');
    expect(keyMomentLabel({ ply: 12, kind: 'missed_win', class: 'miss', points_lost: 0.3 })).toBe('Missed win');
  });

  it("list the player's side first, each side in game order, quoting the moves", () => {
    const sides = keyMomentSides(MOMENTS, LINE, { white: 'Stockfish', black: 'You' }, 'black');
    expect(sides.map((s) => s.name)).toEqual(['You', 'Stockfish']);
    expect(sides[0].items).toEqual([
      { ply: 4, move: '2… Nc6', label: 'Last book move', moveClass: 'book' },
      { ply: 6, move: '3… Nf6', label: 'Blunder', moveClass: 'blunder' },
    ]);
    expect(sides[1].items).toEqual([{ ply: 3, move: '2. Qh5', label: 'Last book move', moveClass: 'book' }]);
  });
});
