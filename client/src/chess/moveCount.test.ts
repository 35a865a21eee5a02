import { describe, expect, it } from 'vitest';
import { movesText } from './moveCount';

describe('movesText', () => {
  it('counts moves as players do, not half-moves', () => {
    expect(movesText(6)).toBe('3 moves');
    expect(movesText(59)).toBe('30 moves');
    expect(movesText(1)).toBe('1 move');
    expect(movesText(2)).toBe('1 move');
    expect(movesText(0)).toBe('0 moves');
  });
});
