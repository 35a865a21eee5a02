// @vitest-environment happy-dom
import { act } from '../test/act';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../api/types';
import { START_VIEW } from '../test/fixtures';
import { testQueryClient, WithQueries } from '../test/queryClient';
import { usePlayerRating } from './usePlayerRating';

const WON: GameView = { ...START_VIEW, status: 'finished', result: '1-0', winner: 'white', reason: 'resignation' };
const RATING = { rating: 1600, deviation: 200, volatility: 0.06 };
let root: Root;
let container: HTMLElement;
/** The bodies of the POSTs the server answered (StrictMode's first run may cancel one before it is sent). */
let posted: unknown[];

function Probe({ game }: { game?: GameView }) {
  const rating = usePlayerRating(game);
  return <output>{rating ? rating.shown : 'nothing'}</output>;
}

/** Renders the hook and waits until its query is settled, then one more turn, on which TanStack tells the component. */
async function mount(game?: GameView) {
  const client = testQueryClient();
  act(() =>
    root.render(
      <StrictMode>
        <WithQueries client={client}>
          <Probe game={game} />
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
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      await Promise.resolve();
      posted.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
      const answer = { rating: RATING, shown: 'about 1600 ± 200', next_shown: 'Next: 1650', next: { level: 9, rating: 1650 } };
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe("the player's rating", () => {
  it('counts a finished game once, although StrictMode runs the effects twice, and keeps the answer', async () => {
    await mount(WON);
    expect(posted).toEqual([{ rating: null, game: { level: WON.level, result: 'win' } }]);
    expect(container.textContent).toBe('about 1600 ± 200');
    expect(JSON.parse(localStorage.getItem('alphachess:rating') ?? 'null')).toEqual(RATING);
  });

  it('does not count the same game again when its panel opens again', async () => {
    await mount(WON);
    act(() => root.unmount());
    root = createRoot(container);
    await mount(WON);
    expect(posted).toEqual([
      { rating: null, game: { level: WON.level, result: 'win' } },
      { rating: RATING, game: null },
    ]);
  });
});
