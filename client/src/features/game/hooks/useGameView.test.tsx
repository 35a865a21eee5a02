// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../../../api/types';
import { testQueryClient, WithQueries } from '../../../test/queryClient';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { AFTER_E4_VIEW, START_VIEW } from '../../../test/fixtures';
import { useGameView } from './useGameView';

const reports = { movesAdded: () => {}, takenBack: () => {} };
let root: Root;
let queryClient = testQueryClient();
let container: HTMLElement;
/** Every GET the hook sent, and whether the server answered it or the hook cancelled it first. */
interface SentRequest {
  url: string;
  outcome: 'pending' | 'answered' | 'cancelled';
}
let requests: SentRequest[] = [];
/** What the fake server answers to GET /api/games/g. */
let serverView: GameView = START_VIEW;

/** Renders the ply of the view on screen, so the test can read what the hook shows. */
function ViewProbe({ id, initial }: { id: string; initial?: GameView }) {
  const { view } = useGameView(id, initial, reports);
  return <output>{view ? `ply ${view.ply}` : 'loading'}</output>;
}

/** The requests answered: a screen unmounted before the answer cancels its own. */
const answered = () => requests.filter((request) => request.outcome === 'answered').map((request) => request.url);

function mount(initial?: GameView) {
  act(() =>
    root.render(
      <WithQueries client={queryClient}>
        <ViewProbe id="g" initial={initial} />
      </WithQueries>,
    ),
  );
}

beforeEach(() => {
  queryClient = testQueryClient();
  vi.useFakeTimers();
  FakeEventSource.reset();
  requests = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  serverView = START_VIEW;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      (input, init) =>
        new Promise((resolve, reject) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const request: SentRequest = { url, outcome: 'pending' };
          requests.push(request);
          queueMicrotask(() => {
            if (init?.signal?.aborted) {
              request.outcome = 'cancelled';
              reject(new DOMException('The request was cancelled', 'AbortError'));
            } else {
              request.outcome = 'answered';
              resolve(new Response(JSON.stringify(serverView), { status: 200 }));
            }
          });
        }),
    ),
  );
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the game view', () => {
  it('loads the game once and keeps one event stream open when mounted again before the answer', async () => {
    mount();
    act(() => root.unmount());
    root = createRoot(container);
    mount();
    expect(requests.length).toBe(2);
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(answered()).toEqual(['/api/games/g']);
    expect(FakeEventSource.open.length).toBe(1);
    expect(container.textContent).toBe('ply 0');
  });

  it("asks once per interval on Stockfish's turn when no stream tells it, and never after unmounting", async () => {
    serverView = AFTER_E4_VIEW; // Stockfish is still searching
    mount(AFTER_E4_VIEW);
    expect(requests).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(answered()).toEqual(['/api/games/g']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(answered()).toEqual(['/api/games/g', '/api/games/g']);
    act(() => root.unmount());
    root = createRoot(document.createElement('div'));
    expect(FakeEventSource.open).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answered()).toEqual(['/api/games/g', '/api/games/g']);
  });
});
