// @vitest-environment happy-dom
import { act } from '../test/act';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerKey } from '../api/playerKey';
import { saveToken } from '../api/tokens';
import type { GameView } from '../api/types';
import { E4, E5, START_VIEW } from '../test/fixtures';
import { testQueryClient, WithQueries } from '../test/queryClient';
import { usePlayerRating } from './usePlayerRating';

/** Four plies: two moves each, the fewest a rated game counts with. */
const MOVES = [E4, E5, E4, E5];
const WON: GameView = { ...START_VIEW, moves: MOVES, status: 'finished', result: '1-0', winner: 'white', reason: 'resignation' };
let root: Root;
let container: HTMLElement;
/** The bodies of the rating POSTs, and the keys `GET /api/account` was asked with. */
let posted: unknown[];
let accountKeys: string[];
/** The rated games the fake server has counted, per `GET /api/account`, in turn (the last repeats). */
let counts: number[];

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
    await vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  localStorage.clear();
  posted = [];
  accountKeys = [];
  counts = [0];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      await Promise.resolve();
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/account')) {
        accountKeys.push(new Headers(init?.headers).get('Authorization') ?? '');
        const games = counts.length > 1 ? (counts.shift() ?? 0) : counts[0];
        const perf = { games, rating: games ? 1600 : 1500, rd: games ? 200 : 350, prog: 0 };
        return new Response(JSON.stringify({ id: 'player-x', perfs: { correspondence: perf } }), { status: 200 });
      }
      posted.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
      const answer = { rating: {}, shown: games(posted), next_shown: 'Next: 1650', next: { level: 9, rating: 1650 } };
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  container = document.createElement('div');
  root = createRoot(container);
});

/** What the fake server shows for the last rating posted. */
function games(bodies: unknown[]): string {
  const last = bodies[bodies.length - 1] as { rating: { rating: number; deviation: number } };
  return `about ${last.rating.rating} ± ${last.rating.deviation}`;
}

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe("the player's rating", () => {
  it("is the server's rating for this browser's key, which no request declares a result to", async () => {
    await mount();
    expect(accountKeys.every((header) => header === `Bearer ${playerKey()}`)).toBe(true);
    expect(posted.at(-1)).toEqual({ rating: { rating: 1500, deviation: 350, volatility: 0.06 } });
    expect(container.textContent).toBe('about 1500 ± 350');
  });

  it('after a rated game of the key, waits until the server has counted it', async () => {
    saveToken(WON.id, playerKey());
    counts = [0, 0, 1];
    await mount(WON);
    expect(container.textContent).toBe('about 1600 ± 200');
    expect(posted.every((body) => !('game' in (body as object)))).toBe(true);
  });

  it('does not wait after a casual game', async () => {
    saveToken(WON.id, playerKey());
    await mount({ ...WON, rated: false });
    expect(accountKeys.length).toBeLessThanOrEqual(2);
    expect(container.textContent).toBe('about 1500 ± 350');
  });
});
