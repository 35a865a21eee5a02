// @vitest-environment happy-dom
import { act } from '../../test/act';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLastGame, saveToken } from '../../api/tokens';
import type { GameView } from '../../api/types';
import { AFTER_E4_VIEW } from '../../test/fixtures';
import { testQueryClient, WithQueries } from '../../test/queryClient';
import { useResumableGame } from './useResumableGame';

let root: Root;
let container: HTMLElement;
/** Every request the server answered (StrictMode's first run may cancel one before its answer). */
let answered: string[];
let serverView: GameView;

function Probe() {
  const game = useResumableGame();
  return <output>{game ? `resume ${game.id}` : 'nothing'}</output>;
}

/**
 * Renders the start screen's hook and waits until its query is settled (answered, or never asked),
 * then one more turn of the event loop, on which TanStack tells the component.
 */
async function mount() {
  const client = testQueryClient();
  act(() =>
    root.render(
      <StrictMode>
        <WithQueries client={client}>
          <Probe />
        </WithQueries>
      </StrictMode>,
    ),
  );
  await act(async () => {
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  localStorage.clear();
  answered = [];
  serverView = AFTER_E4_VIEW;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      await Promise.resolve();
      if (init?.signal?.aborted) throw new DOMException('The request was cancelled', 'AbortError');
      answered.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return new Response(JSON.stringify(serverView), { status: 200 });
    }),
  );
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe('the game to resume', () => {
  it('is the last game this browser played, asked for once, while the server says it goes on', async () => {
    saveToken('g', 'a'.repeat(64));
    rememberLastGame('g');
    await mount();
    expect(answered).toEqual(['/api/games/g']);
    expect(container.textContent).toBe('resume g');
  });

  it('is nothing once that game is over', async () => {
    saveToken('g', 'a'.repeat(64));
    rememberLastGame('g');
    serverView = { ...AFTER_E4_VIEW, status: 'finished' };
    await mount();
    expect(container.textContent).toBe('nothing');
  });

  it('asks nothing when this browser played no game', async () => {
    await mount();
    expect(answered).toEqual([]);
    expect(container.textContent).toBe('nothing');
  });
});
