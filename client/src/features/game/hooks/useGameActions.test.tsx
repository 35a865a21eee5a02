// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/apiError';
import * as api from '../../../api/games';
import type { GameView } from '../../../api/types';
import { AFTER_E4_VIEW, E4, E5, legalMove, START_VIEW } from '../../../test/fixtures';
import { sendCommand } from '../api/gameCommands';
import { useGameActions } from './useGameActions';

vi.mock('../../../api/games', () => ({
  playMove: vi.fn(),
  takeBack: vi.fn(),
  resign: vi.fn(),
  offerDraw: vi.fn(),
  abort: vi.fn(),
  claimDraw: vi.fn(),
}));

const reports = { playerMoved: () => {}, movesAdded: () => {}, takenBack: () => {} };
const AFTER_E5_VIEW: GameView = { ...START_VIEW, fen: E5.fen_after, ply: 2, moves: [E4, E5] };
let root: Root;
let actions: ReturnType<typeof useGameActions>;
/** What `latest()` answers: the view the stream or a poll put in the ref, maybe ahead of the render. */
let latestView: GameView;

/** Hands the hook's latest result to the test after each render. */
function ActionsProbe({ view, expose }: { view: GameView; expose: (result: ReturnType<typeof useGameActions>) => void }) {
  const result = useGameActions(
    'token',
    {
      view,
      latest: () => latestView,
      send: ({ token, command }) => sendCommand('g', token, command),
      refresh: () => {},
      failLoad: () => {},
    },
    reports,
  );
  useEffect(() => expose(result));
  return null;
}

const render = (view: GameView) =>
  act(() =>
    root.render(
      <ActionsProbe
        view={view}
        expose={(result) => {
          actions = result;
        }}
      />,
    ),
  );

beforeEach(() => {
  vi.mocked(api.playMove).mockReset();
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
});

describe("the player's actions", () => {
  it('retries a move with the ply it was made at, even when a newer view has arrived since', async () => {
    latestView = START_VIEW;
    render(START_VIEW);
    vi.mocked(api.playMove).mockRejectedValueOnce(new ApiError(0, 'network', 'the server cannot be reached'));
    await act(() => actions.play(legalMove(E4)));
    expect(actions.notice?.retry).toBeDefined();
    latestView = AFTER_E5_VIEW; // in the ref before the render that would drop the notice
    vi.mocked(api.playMove).mockRejectedValueOnce(new ApiError(409, 'stale_ply', 'the game is at ply 2'));
    await act(async () => {
      actions.notice?.retry?.();
      await Promise.resolve();
    });
    expect(vi.mocked(api.playMove).mock.calls.map((call) => call[3])).toEqual([0, 0]);
  });

  it('drops a retryable notice once the server shows another ply', async () => {
    latestView = START_VIEW;
    render(START_VIEW);
    vi.mocked(api.playMove).mockRejectedValueOnce(new ApiError(0, 'network', 'the server cannot be reached'));
    await act(() => actions.play(legalMove(E4)));
    expect(actions.notice?.message).toMatch(/cannot be reached/);
    render(AFTER_E4_VIEW);
    expect(actions.notice).toBeNull();
    render(START_VIEW); // taken back to where it failed: the old notice does not come back
    expect(actions.notice).toBeNull();
  });

  it('shows why Stockfish declines a draw, with no "Try again" (asking again at once gets the same answer)', async () => {
    latestView = AFTER_E5_VIEW;
    render(AFTER_E5_VIEW);
    const because = 'Stockfish declines: it evaluates the position at +1.4 for itself.';
    vi.mocked(api.offerDraw).mockRejectedValueOnce(new ApiError(409, 'draw_declined', because));
    await act(async () => {
      actions.offerDraw();
      await Promise.resolve();
    });
    expect(actions.notice).toEqual({ message: because });
  });

  it("sends a typed move as its listed move's UCI, and gives the server's refusal of it back for under the box", async () => {
    latestView = START_VIEW;
    render(START_VIEW);
    vi.mocked(api.playMove).mockRejectedValueOnce(new ApiError(422, 'illegal_move', 'illegal move e4: the game has moved on'));
    let refusal: string | null = null;
    await act(async () => {
      refusal = await actions.playNotation(legalMove(E4));
    });
    expect(vi.mocked(api.playMove).mock.calls.at(-1)).toEqual(['g', 'token', 'e2e4', 0]);
    expect(refusal).toBe('Illegal move e4: the game has moved on.');
    expect(actions.notice).toBeNull();

    vi.mocked(api.playMove).mockResolvedValueOnce(AFTER_E5_VIEW);
    await act(async () => {
      refusal = await actions.playNotation(legalMove(E4));
    });
    expect(vi.mocked(api.playMove).mock.calls.at(-1)).toEqual(['g', 'token', 'e2e4', 0]);
    expect(refusal).toBeNull();
  });
});
