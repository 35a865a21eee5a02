import { describe, expect, it } from 'vitest';
import { screenHeading } from './screenHeading';

describe('screenHeading', () => {
  it('names the players, white first, and says when the game is over', () => {
    expect(screenHeading({ names: { white: 'Stockfish', black: 'You' }, ongoing: true })).toBe('Game: Stockfish vs You');
    expect(screenHeading({ names: { white: 'Anna', black: 'Ben' }, ongoing: false })).toBe('Finished game: Anna vs Ben');
  });
});
