// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { act } from '../../../test/act';
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../../../api/analysisTypes';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView } from '../../../api/types';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { AFTER_E4_VIEW, E4, E5, START_VIEW } from '../../../test/fixtures';
import { testQueryClient, WithQueries } from '../../../test/queryClient';
import { useGameView } from '../hooks/useGameView';
import { POLL_INTERVAL_MS } from '../review/api/analysisQuery';
import { useGameReview } from '../review/hooks/useGameReview';

/** 1. e4 e5, then black resigned: finished, so the review is on. */
const FINISHED_VIEW: GameView = {
  ...START_VIEW,
  fen: E5.fen_after,
  ply: 2,
  moves: [E4, E5],
  status: 'finished',
  result: '1-0',
  reason: 'resignation',
  winner: 'white',
  can_abort: false,
};

/** An analysed ply as the server sends it (in answers and in events). */
const wirePly = (ply: number) => ({
  ply,
  eval: { cp: 10 * ply },
  best: null,
  pv_san: [],
  judgment: null,
  provisional: false,
  depth: 20,
  nodes: 500_000,
});
/** A whole analysis as GET and POST answer it. */
const wireAnalysis = (status: Analysis['status'], plies: number[] = []) => ({
  status,
  progress: { done: plies.length, quick: plies.length, total: 2 },
  plies: plies.map(wirePly),
  accuracy: status === 'done' ? { white: 90, black: 85 } : null,
  summary: null,
});
/** One `analysis` event's data. */
const wireEvent = (status: Analysis['status'], ply: number | null) => ({
  status,
  progress: { done: ply ?? 0, quick: ply ?? 0, total: 2 },
  ply: ply === null ? null : wirePly(ply),
  accuracy: null,
  summary: null,
});

let root: Root;
let queryClient: QueryClient;
/** A refusal the fake server answers with: the status and the error envelope's code. */
interface Refusal {
  status: number;
  error: string;
}
const isRefusal = (answer: object): answer is Refusal => 'status' in answer && 'error' in answer;
/** The fake server's answers, by `METHOD path`: a body (200), or a refusal. */
let answers: Map<string, object>;
/** Every request answered, as `METHOD path` (one cancelled before its answer is left out). */
let sent: string[];

const reports = { movesAdded: () => {}, takenBack: () => {} };

/** The game screen's data hooks together, as `GameScreen` uses them: game view, stream and review. */
function ScreenProbe({ initial, token }: { initial: GameView; token?: string }) {
  const game = useGameView(initial.id, initial, reports);
  useGameReview(initial.id, token, game.view, game.view?.ply ?? 0, game.streamState === 'open');
  return null;
}

function mount(initial: GameView, token?: string) {
  act(() =>
    root.render(
      <WithQueries client={queryClient}>
        <ScreenProbe initial={initial} token={token} />
      </WithQueries>,
    ),
  );
}

const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const stream = () => FakeEventSource.open[0];
const cachedAnalysis = () => queryClient.getQueryData<Analysis | null>(queryKeys.analysis('g'));
/** The analysis looked at: the first look with the token is a POST, the later ones GETs. */
const analysisLooks = () => sent.filter((request) => request.endsWith(' /api/games/g/analysis')).length;
/** The fake server's answer to both ways of looking at the analysis. */
const answerAnalysis = (answer: object) => {
  answers.set('GET /api/games/g/analysis', answer);
  answers.set('POST /api/games/g/analysis', answer);
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = testQueryClient();
  sent = [];
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      await Promise.resolve(); // answered later, as the network does: a cancel in between wins
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const request = `${init?.method ?? 'GET'} ${url}`;
      if (init?.signal?.aborted) return Promise.reject(new DOMException('The request was cancelled', 'AbortError'));
      const answer = answers.get(request);
      sent.push(request);
      if (answer === undefined) return Promise.resolve(new Response('{"error":"not_found","message":"no route"}', { status: 404 }));
      if (isRefusal(answer)) {
        return Promise.resolve(new Response(JSON.stringify({ error: answer.error, message: answer.error }), { status: answer.status }));
      }
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    }),
  );
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one event stream per game', () => {
  it('is the only EventSource the game screen opens, with the review on', async () => {
    answerAnalysis(wireAnalysis('running', [1]));
    mount(FINISHED_VIEW, 'token');
    await settle();
    expect(FakeEventSource.open.map((source) => source.url)).toEqual(['/api/games/g/events']);
    act(() => stream().accept());
    await settle();
    expect(FakeEventSource.open.length).toBe(1);
  });

  it('puts an analysis event into the analysis entry', async () => {
    answerAnalysis(wireAnalysis('running', [1]));
    mount(FINISHED_VIEW, 'token');
    await settle();
    act(() => stream().emit('analysis', wireEvent('running', 2)));
    expect(cachedAnalysis()?.plies.map((ply) => ply.ply)).toEqual([1, 2]);
  });

  it('puts a game event into the game entry, and a thinking event for the searched ply into the thinking entry', () => {
    mount(START_VIEW, 'token');
    act(() => stream().accept());
    act(() => stream().emit('game', AFTER_E4_VIEW));
    expect(queryClient.getQueryData(queryKeys.game('g'))).toEqual(AFTER_E4_VIEW);
    const thinking = { kind: 'engine', ply: 1, depth: 12, target_depth: 20, score: { cp: 34 }, pv: ['e5'] };
    act(() => stream().emit('thinking', thinking));
    expect(queryClient.getQueryData(queryKeys.thinking('g'))).toMatchObject({ ply: 1, depth: 12, targetDepth: 20 });
    act(() => stream().emit('thinking', { ...thinking, ply: 7 }));
    expect(queryClient.getQueryData(queryKeys.thinking('g'))).toMatchObject({ ply: 1 });
  });
});

describe("following a finished game's analysis", () => {
  it('looks once (with the token, a POST: idempotent) and neither asks again nor polls when it is done', async () => {
    answerAnalysis(wireAnalysis('done', [1, 2]));
    mount(FINISHED_VIEW, 'token');
    await wait(3 * POLL_INTERVAL_MS);
    expect(sent.filter((request) => request.includes('/analysis'))).toEqual(['POST /api/games/g/analysis']);
    expect(cachedAnalysis()?.status).toBe('done');
  });

  it('asks for an analysis never requested when it holds the token, without a GET that answers 404 first', async () => {
    answers.set('GET /api/games/g/analysis', { status: 404, error: 'analysis_not_found' });
    answers.set('POST /api/games/g/analysis', wireAnalysis('queued'));
    mount(FINISHED_VIEW, 'token');
    await settle();
    expect(sent.filter((request) => request.includes('/analysis'))).toEqual(['POST /api/games/g/analysis']);
    expect(cachedAnalysis()?.status).toBe('queued');
  });

  it('without the token does not ask, and shows an analysis that starts by itself from its events', async () => {
    answers.set('GET /api/games/g/analysis', { status: 404, error: 'analysis_not_found' });
    mount(FINISHED_VIEW);
    await settle();
    expect(sent.some((request) => request.startsWith('POST'))).toBe(false);
    expect(cachedAnalysis()).toBeNull();
    act(() => stream().emit('analysis', wireEvent('running', 1)));
    expect(cachedAnalysis()?.plies.map((ply) => ply.ply)).toEqual([1]);
  });

  it('without the token sends nothing while the view says nobody asked, then gets the analysis the stream says started', async () => {
    answers.set('GET /api/games/g/analysis', wireAnalysis('running', [1, 2]));
    mount(FINISHED_VIEW);
    act(() => stream().accept());
    await wait(3 * POLL_INTERVAL_MS);
    expect(analysisLooks()).toBe(0);
    expect(cachedAnalysis()).toBeNull();
    act(() => stream().emit('analysis', wireEvent('queued', null)));
    await settle();
    expect(sent.filter((request) => request.includes('/analysis'))).toEqual(['GET /api/games/g/analysis']);
    expect(cachedAnalysis()?.plies.map((ply) => ply.ply)).toEqual([1, 2]);
  });

  it('without the token gets the analysis of a view that says it was requested', async () => {
    answers.set('GET /api/games/g/analysis', wireAnalysis('done', [1, 2]));
    mount({ ...FINISHED_VIEW, review: 'requested' });
    await settle();
    expect(sent.filter((request) => request.includes('/analysis'))).toEqual(['GET /api/games/g/analysis']);
    expect(cachedAnalysis()?.status).toBe('done');
  });

  it('without the token gets the analysis once a later view of the same version says it was requested', async () => {
    answers.set('GET /api/games/g/analysis', wireAnalysis('done', [1, 2]));
    mount(FINISHED_VIEW);
    act(() => stream().accept());
    await settle();
    expect(analysisLooks()).toBe(0);
    // The stream was away when the review started: its first event on reconnecting says so.
    act(() => stream().emit('game', { ...FINISHED_VIEW, review: 'requested' }));
    await settle();
    expect(sent.filter((request) => request.includes('/analysis'))).toEqual(['GET /api/games/g/analysis']);
    expect(cachedAnalysis()?.status).toBe('done');
  });

  it('polls every two seconds while the stream is not open, and stops when the analysis is done', async () => {
    answerAnalysis(wireAnalysis('running', [1]));
    mount(FINISHED_VIEW, 'token');
    await settle();
    expect(analysisLooks()).toBe(1);
    await wait(POLL_INTERVAL_MS);
    expect(analysisLooks()).toBe(2);
    answers.set('GET /api/games/g/analysis', wireAnalysis('done', [1, 2]));
    await wait(POLL_INTERVAL_MS);
    expect(analysisLooks()).toBe(3);
    await wait(3 * POLL_INTERVAL_MS);
    expect(analysisLooks()).toBe(3);
  });

  it('does not poll while the stream is open, catches up once when it opens, and fetches once when an event says done', async () => {
    answerAnalysis(wireAnalysis('running', [1]));
    mount(FINISHED_VIEW, 'token');
    await settle();
    act(() => stream().accept());
    await settle();
    expect(analysisLooks()).toBe(2);
    await wait(3 * POLL_INTERVAL_MS);
    expect(analysisLooks()).toBe(2);
    answers.set('GET /api/games/g/analysis', wireAnalysis('done', [1, 2]));
    act(() => stream().emit('analysis', { ...wireEvent('done', 2), accuracy: { white: 90, black: 85 } }));
    await settle();
    expect(analysisLooks()).toBe(3);
    expect(cachedAnalysis()?.status).toBe('done');
  });

  it('asks again at once on a retry, starting the analysis afresh', async () => {
    answerAnalysis(wireAnalysis('failed', [1]));
    let retry = () => {};
    function RetryProbe() {
      const game = useGameView('g', FINISHED_VIEW, reports);
      const review = useGameReview('g', 'token', game.view, 2, game.streamState === 'open');
      useEffect(() => {
        retry = review.retry;
      });
      return null;
    }
    act(() =>
      root.render(
        <WithQueries client={queryClient}>
          <RetryProbe />
        </WithQueries>,
      ),
    );
    await settle();
    expect(cachedAnalysis()?.status).toBe('failed');
    answers.set('POST /api/games/g/analysis', wireAnalysis('queued'));
    act(() => retry());
    await settle();
    expect(sent.filter((request) => request.includes('/analysis'))).toEqual(['POST /api/games/g/analysis', 'POST /api/games/g/analysis']);
    expect(cachedAnalysis()).toMatchObject({ status: 'queued', plies: [] });
  });
});
