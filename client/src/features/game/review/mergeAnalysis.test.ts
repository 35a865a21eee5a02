import { describe, expect, it } from 'vitest';
import type { AnalysedPly, Analysis } from '../../../api/analysisTypes';
import { eventAsAnalysis, isSettled, mergeAnalysis, mergePlies } from './mergeAnalysis';

const at = (ply: number, cp = 0): AnalysedPly => ({ ply, eval: { cp }, best: null, pv_san: [], judgment: null });
const running = (done: number, plies: AnalysedPly[]): Analysis => ({
  status: 'running',
  progress: { done, total: 10 },
  plies,
  accuracy: null,
  summary: null,
});
const SIDE = { inaccuracies: 0, mistakes: 1, blunders: 0, acpl: 20 };

describe('folding an analysis together', () => {
  it('keeps one copy of each ply, the newer one, in ply order', () => {
    expect(mergePlies([at(1), at(3)], [at(2), at(3, 50)])).toEqual([at(1), at(2), at(3, 50)]);
  });

  it('sorts the first snapshot it is given', () => {
    expect(mergeAnalysis(null, running(2, [at(2), at(1)])).plies).toEqual([at(1), at(2)]);
  });

  it('adds an event ply to what is known', () => {
    const event = { status: 'running' as const, progress: { done: 4, total: 10 }, ply: at(3), accuracy: null, summary: null };
    expect(mergeAnalysis(running(3, [at(1), at(2)]), eventAsAnalysis(event))).toEqual(running(4, [at(1), at(2), at(3)]));
  });

  it('does not let a late snapshot take back plies, progress or status', () => {
    const known: Analysis = { ...running(6, [at(1), at(2), at(3)]), status: 'done', accuracy: { white: 90, black: 80 }, summary: { white: SIDE, black: SIDE } };
    const late = { ...running(2, [at(1)]), status: 'queued' as const };
    expect(mergeAnalysis(known, late)).toEqual(known);
  });

  it('takes the figures when the analysis is done', () => {
    const done: Analysis = { status: 'done', progress: { done: 10, total: 10 }, plies: [], accuracy: { white: 70, black: null }, summary: { white: SIDE, black: SIDE } };
    expect(mergeAnalysis(running(9, [at(1)]), done)).toEqual({ ...done, plies: [at(1)] });
  });

  it('treats done and failed as settled, queued and running as still changing', () => {
    expect(['queued', 'running', 'done', 'failed'].map((s) => isSettled(s as Analysis['status']))).toEqual([false, false, true, true]);
  });
});
