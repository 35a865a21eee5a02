import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisEventHandlers } from '../../../../api/analysis';
import type { AnalysedPly, Analysis, AnalysisEvent } from '../../../../api/analysisTypes';
import { type AnalysisApi, followAnalysis, POLL_INTERVAL_MS } from './followAnalysis';

const at = (ply: number): AnalysedPly => ({
  ply,
  eval: { cp: 10 * ply },
  best: null,
  pv_san: [],
  judgment: null,
  provisional: false,
  depth: 20,
  nodes: 500_000,
});
const analysis = (status: Analysis['status'], plies: AnalysedPly[] = []): Analysis => ({
  status,
  progress: { done: plies.length, quick: plies.length, total: 4 },
  plies,
  accuracy: status === 'done' ? { white: 90, black: 85 } : null,
  summary: null,
});
const event = (status: Analysis['status'], ply: AnalysedPly | null = null): AnalysisEvent => ({
  status,
  progress: { done: ply?.ply ?? 0, quick: ply?.ply ?? 0, total: 4 },
  ply,
  accuracy: null,
  summary: null,
});

/** A fake server: answers queued up per endpoint, streams that the test drives by hand. */
function fakeServer(answers: { get?: (Analysis | null)[]; request?: Analysis[] }) {
  const streams: { handlers: AnalysisEventHandlers; closed: boolean }[] = [];
  const gets = [...(answers.get ?? [])];
  const requests = [...(answers.request ?? [])];
  const api = {
    get: vi.fn(() => Promise.resolve((gets.length > 1 ? gets.shift() : gets[0]) ?? null)),
    request: vi.fn(() => {
      const next = requests.length > 1 ? requests.shift() : requests[0];
      if (!next) return Promise.reject(new Error('unexpected POST'));
      return Promise.resolve(next);
    }),
    open: vi.fn((_id: string, handlers: AnalysisEventHandlers) => {
      const stream = { handlers, closed: false };
      streams.push(stream);
      return () => {
        stream.closed = true;
      };
    }),
  } satisfies AnalysisApi;
  const openStreams = () => streams.filter((s) => !s.closed);
  return { api, streams, openStreams };
}

/** Lets awaited fake answers settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('following an analysis', () => {
  it('shows a finished analysis without opening a stream, asking or polling', async () => {
    const server = fakeServer({ get: [analysis('done', [at(1)])] });
    const seen: (Analysis | null)[] = [];
    followAnalysis({ id: 'g', token: 't', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    expect(seen.map((a) => a?.status)).toEqual(['done']);
    expect(server.api.request).not.toHaveBeenCalled();
    expect(server.api.open).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('asks for an analysis never requested when it holds the token, then follows its events', async () => {
    const server = fakeServer({ get: [null, analysis('queued')], request: [analysis('queued')] });
    const seen: (Analysis | null)[] = [];
    followAnalysis({ id: 'g', token: 't', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    expect(server.api.request).toHaveBeenCalledWith('g', 't', expect.any(AbortSignal));
    expect(server.openStreams()).toHaveLength(1);
    const [stream] = server.streams;
    stream.handlers.onState('open');
    await settle();
    expect(server.api.get).toHaveBeenCalledTimes(2); // the first look, then the catch-up on open
    stream.handlers.onAnalysis(event('running', at(1)));
    stream.handlers.onAnalysis(event('running', at(2)));
    expect(seen.at(-1)).toMatchObject({ status: 'running', plies: [at(1), at(2)] });
    expect(vi.getTimerCount()).toBe(0); // the stream is open: no polling
  });

  it('closes the stream when done and fetches the finished analysis once', async () => {
    const done = analysis('done', [at(1), at(2), at(3)]);
    const server = fakeServer({ get: [analysis('running', [at(1)]), analysis('running', [at(1)]), done] });
    const seen: (Analysis | null)[] = [];
    followAnalysis({ id: 'g', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    server.streams[0].handlers.onState('open');
    await settle();
    server.streams[0].handlers.onAnalysis(event('running', at(2)));
    server.streams[0].handlers.onAnalysis({ ...event('done'), accuracy: { white: 90, black: 85 } });
    expect(server.openStreams()).toHaveLength(0);
    await settle();
    expect(seen.at(-1)).toMatchObject({ status: 'done', plies: done.plies, accuracy: { white: 90, black: 85 } });
    expect(server.api.get).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(server.api.get).toHaveBeenCalledTimes(3);
  });

  it('polls every two seconds while no stream is open, and stops when done', async () => {
    const server = fakeServer({ get: [analysis('running'), analysis('running', [at(1)]), analysis('done', [at(1), at(2)])] });
    const seen: (Analysis | null)[] = [];
    followAnalysis({ id: 'g', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    server.streams[0].handlers.onState('unavailable');
    expect(server.api.get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(server.api.get).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(server.api.get).toHaveBeenCalledTimes(3);
    expect(seen.at(-1)?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(server.api.get).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('polls while the stream reconnects and stops when it is back', async () => {
    const server = fakeServer({ get: [analysis('running')] });
    followAnalysis({ id: 'g', onAnalysis: () => {}, onError: () => {} }, server.api);
    await settle();
    const { handlers } = server.streams[0];
    handlers.onState('open');
    await settle();
    handlers.onState('connecting');
    expect(vi.getTimerCount()).toBe(1);
    handlers.onState('open');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without the token, does not ask but listens for an analysis that starts by itself', async () => {
    const server = fakeServer({ get: [null, null] });
    const seen: (Analysis | null)[] = [];
    followAnalysis({ id: 'g', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    expect(seen).toEqual([null]);
    expect(server.api.request).not.toHaveBeenCalled();
    expect(server.openStreams()).toHaveLength(1);
    server.streams[0].handlers.onAnalysis(event('queued'));
    expect(seen.at(-1)?.status).toBe('queued');
  });

  it('asks again straight away on a retry', async () => {
    const server = fakeServer({ get: [analysis('failed')], request: [analysis('queued')] });
    const seen: (Analysis | null)[] = [];
    followAnalysis({ id: 'g', token: 't', request: true, onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    expect(server.api.get).not.toHaveBeenCalled();
    expect(seen.map((a) => a?.status)).toEqual(['queued']);
  });

  it('reports a failed first look and still listens', async () => {
    const server = fakeServer({});
    server.api.get.mockRejectedValueOnce(new Error('offline'));
    const errors: unknown[] = [];
    followAnalysis({ id: 'g', onAnalysis: () => {}, onError: (e) => errors.push(e) }, server.api);
    await settle();
    expect(errors).toHaveLength(1);
    expect(server.openStreams()).toHaveLength(1);
  });

  it('stops everything it started, and reports nothing after', async () => {
    const server = fakeServer({ get: [analysis('running')] });
    const seen: (Analysis | null)[] = [];
    const stop = followAnalysis({ id: 'g', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    await settle();
    expect(vi.getTimerCount()).toBe(1); // polling until the stream opens
    const { handlers } = server.streams[0];
    stop();
    expect(server.openStreams()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    handlers.onAnalysis(event('running', at(1)));
    handlers.onState('open');
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(seen).toHaveLength(1);
    expect(server.api.get).toHaveBeenCalledTimes(1);
  });

  it('aborts the first look when stopped before it answers, as StrictMode does', async () => {
    const server = fakeServer({ get: [analysis('running')] });
    const seen: (Analysis | null)[] = [];
    const follow = () => followAnalysis({ id: 'g', token: 't', onAnalysis: (a) => seen.push(a), onError: () => {} }, server.api);
    follow()(); // mount, unmount at once
    const stop = follow();
    await settle();
    const firstSignal = server.api.get.mock.calls[0] as unknown as [string, AbortSignal];
    expect(firstSignal[1].aborted).toBe(true);
    expect(server.api.get).toHaveBeenCalledTimes(2);
    expect(server.api.request).not.toHaveBeenCalled();
    expect(server.openStreams()).toHaveLength(1);
    expect(seen).toHaveLength(1);
    stop();
    expect(server.openStreams()).toHaveLength(0);
  });
});
