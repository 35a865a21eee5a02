import { describe, expect, it } from 'vitest';
import { positionProblem } from './positionProblem';

describe('positionProblem', () => {
  it('speaks of the position, not of FEN', () => {
    const text = positionProblem('Invalid FEN: impossible position: pawn on the first or last rank.');
    expect(text).toBe('This position cannot be played: pawn on the first or last rank.');
    expect(text).not.toMatch(/fen/i);
  });

  it('keeps a reason that names no FEN as it is', () => {
    expect(positionProblem('Too many kings.')).toBe('This position cannot be played: Too many kings.');
  });

  it('still says something when no reason is left', () => {
    expect(positionProblem('Invalid FEN:')).toBe('This position cannot be played.');
  });
});
