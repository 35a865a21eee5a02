import { describe, expect, it } from 'vitest';
import { pieceWords, screenRows, squareWords, stepOnScreen } from './squareWords';

describe('squareWords', () => {
  it('names a square and the piece on it, or says it is empty', () => {
    expect(squareWords('e2', { e2: 'wP' })).toBe('e2, white pawn');
    expect(squareWords('g8', { g8: 'bN' })).toBe('g8, black knight');
    expect(squareWords('e4', { e2: 'wP' })).toBe('e4, empty');
    expect(pieceWords('bK')).toBe('black king');
  });

  it('lists the squares as they stand on screen for either side', () => {
    expect(screenRows('white')[0][0]).toBe('a8');
    expect(screenRows('white')[7][7]).toBe('h1');
    expect(screenRows('black')[0][0]).toBe('h1');
    expect(screenRows('black')[7][7]).toBe('a8');
  });

  it('moves one square per arrow press, up the screen, and stops at the edge', () => {
    expect(stepOnScreen('white', 'e2', 'ArrowUp')).toBe('e3');
    expect(stepOnScreen('white', 'e2', 'ArrowLeft')).toBe('d2');
    expect(stepOnScreen('black', 'e2', 'ArrowUp')).toBe('e1');
    expect(stepOnScreen('black', 'e2', 'ArrowLeft')).toBe('f2');
    expect(stepOnScreen('white', 'e8', 'ArrowUp')).toBe('e8');
    expect(stepOnScreen('white', 'e8', 'Home')).toBe('a8');
    expect(stepOnScreen('white', 'e8', 'x')).toBeNull();
  });
});
