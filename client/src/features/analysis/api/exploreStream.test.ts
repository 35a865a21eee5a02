// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExploreEvent } from '../../../api/types';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { exploreUrl, MAX_SENT_MOVES, openExplore, parseExploreEvent } from './exploreStream';

const json = (value: unknown) => JSON.stringify(value);

describe('explore events', () => {
  it('reads lines with their scores from white’s side, best first', () => {
    const event = parseExploreEvent(
      json({
        kind: 'lines',
        depth: 14,
        nodes: 123456,
        final: false,
        source: 'engine',
        lines: [
          { rank: 2, eval: { mate: -2 }, uci: ['d2d4'], san: ['d4'] },
          { rank: 1, eval: { cp: 31 }, uci: ['e2e4', 'e7e5'], san: ['e4', 'e5'] },
        ],
      }),
    );
    expect(event).toEqual({
      kind: 'lines',
      depth: 14,
      nodes: 123456,
      final: false,
      source: 'engine',
      lines: [
        { rank: 1, eval: { cp: 31 }, uci: ['e2e4', 'e7e5'], san: ['e4', 'e5'] },
        { rank: 2, eval: { mate: -2 }, uci: ['d2d4'], san: ['d4'] },
      ],
    });
  });

  it('reads waiting, done and stopped', () => {
    expect(parseExploreEvent(json({ kind: 'waiting' }))).toEqual({ kind: 'waiting' });
    expect(parseExploreEvent(json({ kind: 'done', depth: 24 }))).toEqual({ kind: 'done', depth: 24 });
    expect(parseExploreEvent(json({ kind: 'stopped', reason: 'replaced' }))).toEqual({ kind: 'stopped', reason: 'replaced' });
    expect(parseExploreEvent(json({ kind: 'failed', message: 'the engine crashed' }))).toEqual({
      kind: 'failed',
      message: 'the engine crashed',
    });
  });

  it('drops what breaks the contract', () => {
    expect(parseExploreEvent('not json')).toBeUndefined();
    expect(parseExploreEvent(json({ kind: 'thinking' }))).toBeUndefined();
    expect(parseExploreEvent(json({ kind: 'done' }))).toBeUndefined();
    const bad = { kind: 'lines', depth: 3, lines: [{ rank: 1, eval: { cp: 1.5 }, uci: ['e2e4'], san: ['e4'] }] };
    expect(parseExploreEvent(json(bad))).toBeUndefined();
    const uneven = { kind: 'lines', depth: 3, lines: [{ rank: 1, eval: { cp: 1 }, uci: ['e2e4'], san: [] }] };
    expect(parseExploreEvent(json(uneven))).toBeUndefined();
  });
});

describe('the explore stream', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the position, lines and board, and closes itself when the search is done', () => {
    const events: ExploreEvent[] = [];
    const fen = '8/8/8/8/8/8/8/K1k5 w - - 0 1';
    openExplore({ start: fen, moves: [], fen }, 3, 'board-1', { onEvent: (event) => events.push(event), onError: () => {} });
    const [source] = FakeEventSource.made;
    expect(source.url).toBe(exploreUrl({ start: fen, moves: [], fen }, 3, 'board-1'));
    expect(new URL(source.url, 'http://x').searchParams.get('fen')).toBe(fen);
    source.emit('explore', { kind: 'waiting' });
    source.emit('explore', { kind: 'done', depth: 0 });
    expect(events).toEqual([{ kind: 'waiting' }, { kind: 'done', depth: 0 }]);
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('sends the moves from the start, so the server knows the repetitions and its cache, unless the path is long', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const after = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    const short = new URL(exploreUrl({ start, moves: ['e2e4', 'e7e5'], fen: after }, 2, 'b'), 'http://x').searchParams;
    expect(short.get('fen')).toBe(start);
    expect(short.get('moves')).toBe('e2e4,e7e5');
    const long = new URL(exploreUrl({ start, moves: Array(MAX_SENT_MOVES + 1).fill('g1f3'), fen: after }, 2, 'b'), 'http://x').searchParams;
    expect(long.get('fen')).toBe(after);
    expect(long.get('moves')).toBeNull();
  });

  it('is closed by its caller, and an error ends it instead of searching again', () => {
    const errors: number[] = [];
    const target = { start: 'fen', moves: [], fen: 'fen' };
    const close = openExplore(target, 3, 'b', { onEvent: () => {}, onError: () => errors.push(1) });
    close();
    expect(FakeEventSource.open).toHaveLength(0);
    openExplore(target, 3, 'b', { onEvent: () => {}, onError: () => errors.push(2) });
    FakeEventSource.made[1].dispatchEvent(new Event('error'));
    expect(errors).toEqual([2]);
    expect(FakeEventSource.open).toHaveLength(0);
  });
});
