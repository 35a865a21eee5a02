import { describe, expect, it } from 'vitest';
import { analysisAddress, parseRoute } from './location';

describe('the routes', () => {
  it('reads every screen from its address', () => {
    expect(parseRoute('/')).toEqual({ name: 'start' });
    expect(parseRoute('/games')).toEqual({ name: 'games' });
    expect(parseRoute('/editor')).toEqual({ name: 'editor' });
    expect(parseRoute('/game/abc_1')).toEqual({ name: 'game', id: 'abc_1' });
    expect(parseRoute('/analysis/abc_1')).toEqual({ name: 'analysis', id: 'abc_1', ply: null });
    expect(parseRoute('/analysis/abc_1?ply=12')).toEqual({ name: 'analysis', id: 'abc_1', ply: 12 });
    expect(parseRoute('/analysis/abc_1?ply=-1')).toEqual({ name: 'analysis', id: 'abc_1', ply: null });
    expect(parseRoute('/analysis')).toEqual({ name: 'analysis', fen: null });
    expect(parseRoute('/nowhere')).toEqual({ name: 'start' });
  });

  it('carries a position to the analysis board in the query, spaces and slashes included', () => {
    const fen = '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1';
    expect(parseRoute(analysisAddress(fen))).toEqual({ name: 'analysis', fen });
  });
});
