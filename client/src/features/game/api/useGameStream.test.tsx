// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../../../api/types';
import { testQueryClient, WithQueries } from '../../../test/queryClient';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { AFTER_E4_VIEW } from '../../../test/fixtures';
import { useGameStream } from './useGameStream';

let root: Root;
let queryClient = testQueryClient();
const received: GameView[] = [];

function StreamProbe({ id }: { id: string }) {
  useGameStream(id, { onGame: (view) => received.push(view), onThinking: () => {} });
  return null;
}

function mount(id: string) {
  act(() =>
    root.render(
      <WithQueries client={queryClient}>
        <StreamProbe id={id} />
      </WithQueries>,
    ),
  );
}

beforeEach(() => {
  queryClient = testQueryClient();
  FakeEventSource.reset();
  received.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe('the game event stream', () => {
  it('keeps exactly one connection open when the screen is mounted again', () => {
    mount('g');
    act(() => root.unmount());
    root = createRoot(document.createElement('div'));
    mount('g');
    expect(FakeEventSource.made.length).toBe(2);
    expect(FakeEventSource.open.map((source) => source.url)).toEqual(['/api/games/g/events']);
  });

  it('keeps exactly one connection open although StrictMode runs the effect twice', () => {
    act(() =>
      root.render(
        <StrictMode>
          <WithQueries client={queryClient}>
            <StreamProbe id="g" />
          </WithQueries>
        </StrictMode>,
      ),
    );
    expect(FakeEventSource.made.length).toBe(2);
    expect(FakeEventSource.open.map((source) => source.url)).toEqual(['/api/games/g/events']);
  });

  it('closes its connection when the screen goes', () => {
    mount('g');
    act(() => root.unmount());
    expect(FakeEventSource.open).toEqual([]);
    root = createRoot(document.createElement('div'));
  });

  it('moves to the new game and closes the old connection when the id changes', () => {
    mount('g');
    mount('h');
    expect(FakeEventSource.open.map((source) => source.url)).toEqual(['/api/games/h/events']);
  });

  it('hands each event to the handler once', () => {
    mount('g');
    act(() => FakeEventSource.open[0].emit('game', AFTER_E4_VIEW));
    expect(received).toEqual([AFTER_E4_VIEW]);
  });
});
