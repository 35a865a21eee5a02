import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../../api/analysisTypes';
import { analysisStatusText } from './analysisStatus';

const at = (status: Analysis['status'], done: number, quick: number, total = 83) =>
  analysisStatusText({ status, progress: { done, quick, total } });

describe('the analysis status in words', () => {
  it('waits for Stockfish while queued', () => {
    expect(at('queued', 0, 0)).toEqual({ phase: 'Waiting for Stockfish…', count: null });
  });

  it('says how many reviews are ahead while queued behind others', () => {
    const queued = (ahead: number | null) =>
      analysisStatusText({ status: 'queued', progress: { done: 0, quick: 0, total: 9 }, ahead }).phase;
    expect(queued(2)).toBe('2 reviews ahead of yours');
    expect(queued(1)).toBe('1 review ahead of yours');
    expect(queued(0)).toBe('Waiting for Stockfish…');
    expect(queued(null)).toBe('Waiting for Stockfish…');
  });

  it('is analysing until the quick pass has drawn the whole graph', () => {
    expect(at('running', 0, 0)).toEqual({ phase: 'Analysing…', count: null });
    expect(at('running', 0, 82)).toEqual({ phase: 'Analysing…', count: null });
  });

  it('says the quick look is ready and counts the final positions while refining', () => {
    expect(at('running', 0, 83)).toEqual({ phase: 'Quick look ready — refining', count: '0/83' });
    expect(at('running', 12, 83)).toEqual({ phase: 'Quick look ready — refining', count: '12/83' });
  });

  it('keeps the same phase for every position refined, so a screen reader hears it once', () => {
    const phases = new Set([0, 1, 40, 82].map((done) => at('running', done, 83).phase));
    expect(phases.size).toBe(1);
  });

  it('never says refining for a server without the quick pass, whose quick count is its done count', () => {
    for (const done of [0, 1, 40, 82]) expect(at('running', done, done).phase).toBe('Analysing…');
  });

  it('is finishing once every position is final but the status has not changed yet', () => {
    expect(at('running', 83, 83)).toEqual({ phase: 'Finishing the review…', count: null });
  });

  it('is ready when done and says so when failed', () => {
    expect(at('done', 83, 83).phase).toBe('Review ready.');
    expect(at('failed', 10, 83).phase).toBe('The analysis failed.');
  });

  it('does not call an empty analysis ready to refine', () => {
    expect(at('running', 0, 0, 0).phase).toBe('Analysing…');
  });
});
