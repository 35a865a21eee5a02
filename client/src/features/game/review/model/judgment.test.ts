import { describe, expect, it } from 'vitest';
import type { Judgment } from '../../../../api/analysisTypes';
import { analysedPly } from '../../../../test/analysedPly';
import { countJudgments, describeCounts, JUDGMENT_NAME, JUDGMENT_SYMBOL, judgmentName, judgmentsByPly } from './judgment';

const judged = (ply: number, judgment: Judgment | null, provisional = false) => analysedPly(ply, { cp: 0 }, judgment, provisional);
const PLIES = [judged(1, null), judged(2, 'mistake'), judged(3, 'blunder'), judged(4, 'inaccuracy'), judged(5, 'blunder')];

describe('judgments', () => {
  it('are written with lichess symbols and named in words', () => {
    expect(JUDGMENT_SYMBOL).toEqual({ inaccuracy: '?!', mistake: '?', blunder: '??' });
    expect(JUDGMENT_NAME.blunder).toBe('Blunder');
  });

  it('map the judged plies to their badges and leave the others out', () => {
    expect([...judgmentsByPly(PLIES)]).toEqual([
      [2, { judgment: 'mistake', provisional: false }],
      [3, { judgment: 'blunder', provisional: false }],
      [4, { judgment: 'inaccuracy', provisional: false }],
      [5, { judgment: 'blunder', provisional: false }],
    ]);
  });

  it('keep a provisional judgment as provisional, and name it so', () => {
    const judgedPly = judgmentsByPly([judged(1, 'mistake', true)]).get(1);
    expect(judgedPly).toEqual({ judgment: 'mistake', provisional: true });
    expect(judgedPly && judgmentName(judgedPly)).toBe('Mistake (provisional)');
    expect(judgmentName({ judgment: 'blunder', provisional: false })).toBe('Blunder');
  });

  it('are counted only when final: a provisional judgment may yet change', () => {
    const plies = [judged(1, 'blunder', true), judged(2, 'mistake'), judged(3, 'blunder')];
    expect(countJudgments(plies, 'white')).toEqual({
      white: { inaccuracy: 0, mistake: 0, blunder: 1 },
      black: { inaccuracy: 0, mistake: 1, blunder: 0 },
    });
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
