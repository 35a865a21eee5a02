import { describe, expect, it } from 'vitest';
import { START_VIEW } from '../../test/fixtures';
import { nextLevelRequest, rematchRequest } from './nextGame';

const FINISHED = { ...START_VIEW, status: 'finished' as const, level: 3 };
const FROM_FEN = { ...FINISHED, initial_fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' };

describe('the next game', () => {
  it('is a rematch at the same level, with the colours swapped or kept as the player chooses', () => {
    expect(rematchRequest(FINISHED, true)).toEqual({ color: 'black', level: 3 });
    expect(rematchRequest(FINISHED, false)).toEqual({ color: 'white', level: 3 });
  });

  it('starts again from the position a game was set up from', () => {
    expect(rematchRequest(FROM_FEN, true)).toEqual({ color: 'black', level: 3, fen: FROM_FEN.initial_fen });
  });

  it('goes one level up with the same colour, and not past full strength', () => {
    expect(nextLevelRequest(FINISHED)).toEqual({ color: 'white', level: 4 });
    expect(nextLevelRequest({ ...FINISHED, level: 8 })).toBeNull();
  });
});
