import { describe, expect, it } from 'vitest';
import type { AnalysedPly, Analysis } from '../../../../api/analysisTypes';
import { eventAsAnalysis, isSettled, mergeAnalysis, mergePlies } from './mergeAnalysis';

const at = (ply: number, cp = 0): AnalysedPly => ({
  ply,
  eval: { cp },
  best: null,
  pv_san: [],
  judgment: null,
  provisional: false,
  depth: 20,
  nodes: 500_000,
  class: null,
  points_lost: null,
  explanation: null,
});
/** The quick pass's copy of a ply. */
const quick = (ply: number, cp = 0): AnalysedPly => ({ ...at(ply, cp), provisional: true, depth: 8, nodes: 20_000 });
const running = (done: number, plies: AnalysedPly[], quickCount = done): Analysis => ({
  status: 'running',
  progress: { done, quick: quickCount, total: 10 },
  plies,
  accuracy: null,
  summary: null,
  key_moments: null,
  phases: null,
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
    const event = {
      status: 'running' as const,
      progress: { done: 4, quick: 4, total: 10 },
      ply: at(3),
      accuracy: null,
      summary: null,
      key_moments: null,
      phases: null,
    };
    expect(mergeAnalysis(running(3, [at(1), at(2)]), eventAsAnalysis(event))).toEqual(running(4, [at(1), at(2), at(3)]));
  });

  it('does not let a late snapshot take back plies, progress or status', () => {
    const known: Analysis = {
      ...running(6, [at(1), at(2), at(3)]),
      status: 'done',
      accuracy: { white: 90, black: 80 },
      summary: { white: SIDE, black: SIDE },
    };
    const late = { ...running(2, [at(1)]), status: 'queued' as const };
    expect(mergeAnalysis(known, late)).toEqual(known);
  });

  it('keeps the newest place of a queued review and drops it once the review runs', () => {
    const queued = (ahead: number): Analysis => ({ ...running(0, []), status: 'queued', ahead });
    expect(mergeAnalysis(queued(3), queued(2)).ahead).toBe(2);
    expect(mergeAnalysis(queued(1), queued(2)).ahead).toBe(2);
    expect(mergeAnalysis(queued(2), running(0, [])).ahead).toBeUndefined();
  });

  it('takes the figures when the analysis is done', () => {
    const done: Analysis = {
      status: 'done',
      progress: { done: 10, quick: 10, total: 10 },
      plies: [],
      accuracy: { white: 70, black: null },
      summary: { white: SIDE, black: SIDE },
      key_moments: { white: [{ ply: 1, kind: 'last_book', class: 'book', points_lost: 0 }], black: [] },
      phases: {
        division: { middlegame: null, endgame: null },
        opening: { white: 70, black: null },
        middlegame: { white: null, black: null },
        endgame: { white: null, black: null },
      },
    };
    expect(mergeAnalysis(running(9, [at(1)]), done)).toEqual({ ...done, plies: [at(1)] });
    // A late snapshot from before the end keeps the key moments and phases already known.
    expect(mergeAnalysis({ ...done, plies: [at(1)] }, running(9, []))).toMatchObject({
      key_moments: done.key_moments,
      phases: done.phases,
    });
  });

  it('replaces a provisional ply with the final one, from an event or a snapshot', () => {
    expect(mergePlies([quick(1, 10), quick(2, 20)], [at(2, 25)])).toEqual([quick(1, 10), at(2, 25)]);
    const known = running(0, [quick(1), quick(2), quick(3)], 4);
    const event = {
      status: 'running' as const,
      progress: { done: 1, quick: 4, total: 10 },
      ply: at(2, 40),
      accuracy: null,
      summary: null,
      key_moments: null,
      phases: null,
    };
    expect(mergeAnalysis(known, eventAsAnalysis(event)).plies).toEqual([quick(1), at(2, 40), quick(3)]);
    expect(mergeAnalysis(known, running(3, [at(1), at(2), at(3)], 4)).plies).toEqual([at(1), at(2), at(3)]);
  });

  it('never lets a provisional ply replace a final one, whichever arrives later', () => {
    expect(mergePlies([at(2, 25)], [quick(2, 20)])).toEqual([at(2, 25)]);
    // The event with the final ply overtook a snapshot taken during the quick pass.
    const known = running(1, [at(2, 40)], 1);
    const late = running(0, [quick(1), quick(2), quick(3)], 4);
    expect(mergeAnalysis(known, late).plies).toEqual([quick(1), at(2, 40), quick(3)]);
  });

  it('lets a newer provisional copy replace an older one, and a newer final one a final one', () => {
    expect(mergePlies([quick(1, 10)], [quick(1, 30)])).toEqual([quick(1, 30)]);
    expect(mergePlies([at(1, 10)], [at(1, 30)])).toEqual([at(1, 30)]);
  });

  it('keeps the gaps of plies not evaluated yet, in ply order', () => {
    expect(mergePlies([at(5)], [quick(1), at(9)])).toEqual([quick(1), at(5), at(9)]);
  });

  it('keeps the highest quick count, as it does the done count', () => {
    const merged = mergeAnalysis(running(2, [], 10), running(3, [], 6));
    expect(merged.progress).toEqual({ done: 3, quick: 10, total: 10 });
    expect(mergeAnalysis(running(3, [], 6), running(2, [], 10)).progress).toEqual({ done: 3, quick: 10, total: 10 });
  });

  it('treats done and failed as settled, queued and running as still changing', () => {
    expect(['queued', 'running', 'done', 'failed'].map((s) => isSettled(s as Analysis['status']))).toEqual([false, false, true, true]);
  });
});
