import { describe, expect, it } from 'vitest';
import { START } from '../test/fixtures';
import { fullmoveFromFen, kingSquare, placementFromFen, turnFromFen } from './placement';

describe('placementFromFen', () => {
  it('reads the start position', () => {
    const placement = placementFromFen(START);
    expect(Object.keys(placement)).toHaveLength(32);
    expect(placement.e1).toBe('wK');
    expect(placement.d8).toBe('bQ');
    expect(placement.e4).toBeUndefined();
  });

  it('reads the side to move and the move number', () => {
    expect(turnFromFen('8/8/8/8/8/8/8/K1k5 b - - 3 41')).toBe('black');
    expect(fullmoveFromFen('8/8/8/8/8/8/8/K1k5 b - - 3 41')).toBe(41);
    expect(turnFromFen(START)).toBe('white');
  });
});

describe('kingSquare', () => {
  it('finds each king', () => {
    const placement = placementFromFen(START);
    expect(kingSquare(placement, 'white')).toBe('e1');
    expect(kingSquare(placement, 'black')).toBe('e8');
  });
});
