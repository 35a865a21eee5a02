import { describe, expect, it } from 'vitest';
import { START_VIEW } from '../../../test/fixtures';
import { E4, E5 } from '../../../test/fixtures';
import { canPlayFrom, nextLevelRequest, playFromHereRequest, rematchRequest } from './nextGame';

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

  it("keeps a Chess960 game's setup and variant, even the standard-looking setup 518", () => {
    const chess960 = { ...FINISHED, variant: 'chess960' as const, chess960_position: 518 };
    expect(rematchRequest(chess960, true)).toEqual({ color: 'black', level: 3, variant: 'chess960', fen: START_VIEW.initial_fen });
    expect(playFromHereRequest(chess960, 0, 'white')).toEqual({
      color: 'white',
      level: 3,
      variant: 'chess960',
      fen: START_VIEW.initial_fen,
    });
  });

  it('goes one level up with the same colour, and not past full strength', () => {
    expect(nextLevelRequest(FINISHED)).toEqual({ color: 'white', level: 4 });
    expect(nextLevelRequest({ ...FINISHED, level: 21 })).toBeNull();
  });

  it('goes one level up with the colours swapped when the panel\'s "Swap colours" box says so', () => {
    expect(nextLevelRequest(FINISHED, true)).toEqual({ color: 'black', level: 4 });
  });

  it('keeps the clock of a timed game', () => {
    const timed = { ...FINISHED, clock: { limit_ms: 180_000, increment_ms: 2_000, white_ms: 0, black_ms: 95_000, running: null } };
    expect(rematchRequest(timed, true)).toEqual({ color: 'black', level: 3, clock: { limit_secs: 180, increment_secs: 2 } });
  });
});

describe('play from here', () => {
  const PLAYED = { ...FINISHED, ply: 2, moves: [E4, E5], fen: E5.fen_after, reason: 'resignation' as const };

  it('starts from the position after the selected ply, or the start at ply 0, at the same level', () => {
    expect(playFromHereRequest(PLAYED, 1, 'white')).toEqual({ color: 'white', level: 3, fen: E4.fen_after });
    expect(playFromHereRequest(PLAYED, 0, 'black')).toEqual({ color: 'black', level: 3, fen: PLAYED.initial_fen });
  });

  it('is offered anywhere but a final position the rules ended', () => {
    expect(canPlayFrom(PLAYED, 2)).toBe(true);
    expect(canPlayFrom({ ...PLAYED, reason: 'checkmate' }, 2)).toBe(false);
    expect(canPlayFrom({ ...PLAYED, reason: 'checkmate' }, 1)).toBe(true);
    expect(canPlayFrom({ ...PLAYED, status: 'ongoing', reason: null }, 2)).toBe(true);
    expect(canPlayFrom(PLAYED, 3)).toBe(false);
  });
});
