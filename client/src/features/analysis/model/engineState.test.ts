import { describe, expect, it } from 'vitest';
import { CONNECTING, engineFailed, foldExplore } from './engineState';

const line = (rank: number, cp: number, san: string[]) => ({ rank, eval: { cp }, uci: san.map(() => 'e2e4'), san });

describe('the engine panel state', () => {
  it('waits, then shows the lines as they deepen, then ends', () => {
    let state = foldExplore(CONNECTING, { kind: 'waiting' });
    expect(state.phase).toBe('waiting');
    state = foldExplore(state, { kind: 'lines', depth: 8, nodes: 1000, final: false, source: 'engine', lines: [line(1, 30, ['e4'])] });
    expect(state).toMatchObject({ phase: 'searching', depth: 8, cached: false });
    state = foldExplore(state, { kind: 'lines', depth: 12, nodes: 9000, final: false, source: 'engine', lines: [line(1, 25, ['d4'])] });
    expect(state.depth).toBe(12);
    expect(state.lines[0].san).toEqual(['d4']);
    state = foldExplore(state, { kind: 'done', depth: 12 });
    expect(state.phase).toBe('done');
    expect(state.lines[0].san).toEqual(['d4']);
  });

  it('marks cached lines, keeps lines on a stop, and a failure after the end changes nothing', () => {
    const cached = foldExplore(CONNECTING, {
      kind: 'lines',
      depth: 20,
      nodes: 0,
      final: true,
      source: 'cache',
      lines: [line(1, 0, ['e4'])],
    });
    expect(cached).toMatchObject({ phase: 'done', cached: true });
    expect(engineFailed(cached)).toBe(cached);
    const stopped = foldExplore(cached, { kind: 'stopped', reason: 'replaced' });
    expect(stopped).toMatchObject({ phase: 'stopped', depth: 20 });
    expect(engineFailed(CONNECTING).phase).toBe('failed');
  });
});
