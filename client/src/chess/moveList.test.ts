import { describe, expect, it } from 'vitest';
import { lineText, pairMoves } from './moveList';

describe('pairMoves', () => {
  it('pairs a game from the start position into numbered white-black rows', () => {
    expect(pairMoves(['e4', 'e5', 'Nf3'], 'white', 1)).toEqual([
      { number: 1, white: { san: 'e4', ply: 1 }, black: { san: 'e5', ply: 2 } },
      { number: 2, white: { san: 'Nf3', ply: 3 } },
    ]);
  });

  it('starts with a black-only row when the first position has black to move', () => {
    expect(pairMoves(['Nf6', 'c4', 'e6'], 'black', 12)).toEqual([
      { number: 12, black: { san: 'Nf6', ply: 1 } },
      { number: 13, white: { san: 'c4', ply: 2 }, black: { san: 'e6', ply: 3 } },
    ]);
  });

  it('gives no rows for a game without moves', () => {
    expect(pairMoves([], 'white', 1)).toEqual([]);
  });
});

describe('lineText', () => {
  it('numbers a line that starts with black to move the way books do', () => {
    expect(lineText(['e5', 'Nf3', 'Nc6'], 'black', 1)).toBe('1... e5 2. Nf3 Nc6');
  });

  it('numbers a line that starts with white to move', () => {
    expect(lineText(['Nf3', 'Nc6', 'Bb5'], 'white', 12)).toBe('12. Nf3 Nc6 13. Bb5');
    expect(lineText([], 'white', 1)).toBe('');
  });
});
