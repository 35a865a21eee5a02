import { describe, expect, it } from 'vitest';
import type { AnalysedPly, Judgment } from '../../../api/analysisTypes';
import { countJudgments, describeCounts, JUDGMENT_NAME, JUDGMENT_SYMBOL, judgmentsByPly } from './judgment';

const judged = (ply: number, judgment: Judgment | null, provisional = false): AnalysedPly => ({
  ply,
  eval: { cp: 0 },
  best: null,
  pv_san: [],
  judgment,
  provisional,
  depth: provisional ? 8 : 20,
  nodes: provisional ? 20_000 : 500_000,
});
const PLIES = [judged(1, null), judged(2, 'mistake'), judged(3, 'blunder'), judged(4, 'inaccuracy'), judged(5, 'blunder')];

describe('judgments', () => {
  it('are written with lichess symbols and named in words', () => {
    expect(JUDGMENT_SYMBOL).toEqual({ inaccuracy: '?!', mistake: '?', blunder: '??' });
    expect(JUDGMENT_NAME.blunder).toBe('Blunder');
  });

  it('map the judged plies to their badges and leave the others out', () => {
    expect([...judgmentsByPly(PLIES)]).toEqual([
      [2, 'mistake'],
      [3, 'blunder'],
      [4, 'inaccuracy'],
      [5, 'blunder'],
    ]);
  });

  it('are counted for the side that moved', () => {
    expect(countJudgments(PLIES, 'white')).toEqual({
      white: { inaccuracy: 0, mistake: 0, blunder: 2 },
      black: { inaccuracy: 1, mistake: 1, blunder: 0 },
    });
    expect(countJudgments(PLIES, 'black').black.blunder).toBe(2);
  });

  it('are described worst first, in the singular when there is one', () => {
    expect(describeCounts({ inaccuracy: 1, mistake: 0, blunder: 3 }, 'white')).toBe('3 blunders and 1 inaccuracy by white');
    expect(describeCounts({ inaccuracy: 2, mistake: 1, blunder: 1 }, 'black')).toBe('1 blunder, 1 mistake and 2 inaccuracies by black');
    expect(describeCounts({ inaccuracy: 0, mistake: 0, blunder: 0 }, 'black')).toBe('no mistakes by black');
  });
});
