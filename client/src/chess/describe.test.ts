import { describe, expect, it } from 'vitest';
import type { GameEndReason } from '../api/types';
import { describeEnd } from './describe';
import type { Color } from './types';

const REASONS: readonly GameEndReason[] = [
  'checkmate',
  'stalemate',
  'threefold_repetition',
  'fifty_move_rule',
  'insufficient_material',
  'resignation',
  'fivefold_repetition',
  'seventy_five_move_rule',
  'agreement',
  'timeout',
  'timeout_vs_insufficient_material',
];
/** The player is white; the winner for each outcome. */
const OUTCOMES: readonly { outcome: string; winner: Color | null }[] = [
  { outcome: 'win', winner: 'white' },
  { outcome: 'loss', winner: 'black' },
  { outcome: 'draw', winner: null },
];
const CASES = REASONS.flatMap((reason) =>
  OUTCOMES.flatMap(({ outcome, winner }) => [false, true].map((spectator) => ({ reason, outcome, winner, spectator }))),
);

/** The content words of a line, as stems: `resigned` and `resignation` are the same word twice. */
const stems = (text: string) =>
  text
    .toLowerCase()
    .match(/[a-z]{3,}/g)
    ?.map((word) => word.slice(0, 5)) ?? [];

describe("the game-over panel's words", () => {
  it.each(CASES)('for a $outcome by $reason (spectator: $spectator) say each thing once', ({ reason, winner, spectator }) => {
    const { headline, reason: how } = describeEnd(winner, 'white', reason, spectator);
    expect(headline).toMatch(/^[A-Z]/);
    expect(how).not.toBe('');
    const repeated = stems(headline).filter((stem) => stems(how).includes(stem));
    expect(repeated).toEqual([]);
    expect(`${headline} ${how}`).not.toMatch(/\b(resign\w*)\b.*\bresign/i);
  });

  it("name the sides the player's way, and by colour for a spectator", () => {
    expect(describeEnd('white', 'white', 'checkmate')).toEqual({ headline: 'You won', reason: 'by checkmate' });
    expect(describeEnd('black', 'white', 'checkmate')).toEqual({ headline: 'Stockfish won', reason: 'by checkmate' });
    expect(describeEnd('black', 'white', 'resignation')).toEqual({ headline: 'Stockfish won', reason: 'You resigned' });
    expect(describeEnd('white', 'white', 'resignation')).toEqual({ headline: 'You won', reason: 'Stockfish resigned' });
    expect(describeEnd(null, 'black', 'stalemate')).toEqual({ headline: 'Draw', reason: 'by stalemate' });
    expect(describeEnd('black', 'white', 'resignation', true)).toEqual({ headline: 'Black won', reason: 'White resigned' });
  });

  it('name the side whose flag fell, and the draw when the other side cannot mate', () => {
    expect(describeEnd('black', 'white', 'timeout')).toEqual({ headline: 'Stockfish won', reason: 'White lost on time' });
    expect(describeEnd('white', 'white', 'timeout', true)).toEqual({ headline: 'White won', reason: 'Black lost on time' });
    expect(describeEnd(null, 'white', 'timeout_vs_insufficient_material')).toEqual({
      headline: 'Draw',
      reason: 'time out vs insufficient material',
    });
  });
});
