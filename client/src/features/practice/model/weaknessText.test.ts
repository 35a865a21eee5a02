import { describe, expect, it } from 'vitest';
import { kindLines, phaseLines } from './weaknessText';

describe('weakness lines', () => {
  const weaknesses = {
    by_kind: [
      { kind: 'forks' as const, cards: 7, of: 23 },
      { kind: 'hangs' as const, cards: 0, of: 23 },
      { kind: 'missed_wins' as const, cards: 2, of: 23 },
    ],
    by_phase: [
      { phase: 'opening' as const, cards: 0, of: 23 },
      { phase: 'endgame' as const, cards: 4, of: 23 },
    ],
  };

  it('counts each kind with cards as the issue words it', () => {
    expect(kindLines(weaknesses)).toEqual(['missed forks: 7 of 23', 'missed wins: 2 of 23']);
  });

  it('counts each phase with cards', () => {
    expect(phaseLines(weaknesses)).toEqual(['in the endgame: 4 of 23']);
  });
});
