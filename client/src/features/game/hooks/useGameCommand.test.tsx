// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView } from '../../../api/types';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { AFTER_E4_VIEW, E4, E5, legalMove, START_VIEW } from '../../../test/fixtures';
import { testQueryClient, WithQueries } from '../../../test/queryClient';
import { type GameViewState, useGameView } from './useGameView';

const reports = { movesAdded: () => {}, takenBack: () => {} };
/** After 1... e5: what the server answers to the move 1. e4 once Stockfish replied. */
const AFTER_E5_VIEW: GameView = { ...START_VIEW, fen: E5.fen_after, ply: 2, moves: [E4, E5], version: AFTER_E4_VIEW.version + 2 };
let root: Root;
let queryClient = testQueryClient();
let game: GameViewState;
/** Every request sent, as `METHOD path`. */
let sent: string[];
/** The answers the test holds back, resolved when it says so, in the order sent. */
let held: { request: string; answer: (view: GameView) => void }[];

function Probe({ initial }: { initial: GameView }) {
  const state = useGameView(initial.id, initial, reports);
  useEffect(() => {
    game = state;
  });
  return null;
}

function mount(initial: GameView) {
  act(() =>
    root.render(
      <StrictMode>
        <WithQueries client={queryClient}>
          <Probe initial={initial} />
        </WithQueries>
      </StrictMode>,
    ),
  );
}

const cached = () => queryClient.getQueryData<GameView>(queryKeys.game('g'));
const answerNext = (view: GameView) =>
  act(async () => {
    held.shift()?.answer(view);
    await vi.advanceTimersByTimeAsync(0);
  });

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = testQueryClient();
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  sent = [];
  held = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const request = `${init?.method ?? 'GET'} ${url}`;
      sent.push(request);
      return new Promise((resolve) => {
        held.push({ request, answer: (view) => resolve(new Response(JSON.stringify(view), { status: 200 })) });
      });
    }),
  );
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the game's commands", () => {
  it('send a move once under StrictMode, show it while in flight, and write the answer into the game', async () => {
    mount(START_VIEW);
    let answered: Promise<GameView> | undefined;
    await act(async () => {
      answered = game.send({ token: 't', command: { kind: 'move', move: 'e2e4', ply: 0, shown: legalMove(E4) } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toEqual(['POST /api/games/g/moves']);
    expect(game.pending).toEqual({ move: legalMove(E4), ply: 0 });
    await answerNext(AFTER_E5_VIEW);
    await expect(answered).resolves.toEqual(AFTER_E5_VIEW);
    expect(cached()).toEqual(AFTER_E5_VIEW);
    expect(game.pending).toBeNull();
  });

  it('keep the stream waiting while a command is in flight', async () => {
    mount(START_VIEW);
    act(() => FakeEventSource.open[0].accept());
    await act(async () => {
      void game.send({ token: 't', command: { kind: 'move', move: 'e2e4', ply: 0, shown: legalMove(E4) } });
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => FakeEventSource.open[0].emit('game', AFTER_E4_VIEW));
    expect(cached()).toEqual(START_VIEW);
    await answerNext(AFTER_E5_VIEW);
    expect(cached()).toEqual(AFTER_E5_VIEW);
  });

  it('never let an answer replace a newer view that reached the cache meanwhile', async () => {
    mount(START_VIEW);
    await act(async () => {
      void game.send({ token: 't', command: { kind: 'resign' } });
      await vi.advanceTimersByTimeAsync(0);
    });
    // Another tab played on; its view came by a refetch while our request was out.
    const newer: GameView = { ...AFTER_E5_VIEW, version: 50 };
    act(() => queryClient.setQueryData(queryKeys.game('g'), newer));
    await answerNext({ ...START_VIEW, status: 'finished', version: 2 });
    expect(cached()).toEqual(newer);
  });
});

describe('the engine-turn refetch', () => {
  it('never lets an answer that left before a newer view replace it', async () => {
    mount(AFTER_E4_VIEW); // Stockfish's turn, no stream: the game is refetched
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(sent).toEqual(['GET /api/games/g']);
    act(() => FakeEventSource.open[0].emit('game', AFTER_E5_VIEW));
    expect(cached()).toEqual(AFTER_E5_VIEW);
    await answerNext(AFTER_E4_VIEW); // the refetch's answer, older than the stream's event
    expect(cached()).toEqual(AFTER_E5_VIEW);
    expect(game.view).toEqual(AFTER_E5_VIEW);
  });
});
