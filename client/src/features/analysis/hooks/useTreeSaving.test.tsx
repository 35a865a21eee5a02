// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/apiError';
import { saveGameTree } from '../api/analysisBoardApi';
import { emptyTree, playMove, ROOT, type MoveTree } from '../model/moveTree';
import { useTreeSaving, type TreeSaving } from './useTreeSaving';

vi.mock('../api/analysisBoardApi', () => ({ saveGameTree: vi.fn() }));

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const E4 = playMove(emptyTree(START), ROOT, { uci: 'e2e4', san: 'e4', fen: 'after e4' });
const D4 = playMove(E4.tree, ROOT, { uci: 'd2d4', san: 'd4', fen: 'after d4' });

let root: Root;
let saving: TreeSaving;

function Probe({ tree, revision, target }: { tree: MoveTree; revision: number; target: { id: string; token: string } | null }) {
  const result = useTreeSaving(target, tree, revision);
  useEffect(() => {
    saving = result;
  });
  return null;
}

const GAME = { id: 'g1', token: 't' };
const render = (tree: MoveTree, revision: number, target: { id: string; token: string } | null = GAME) =>
  act(() => root.render(<Probe tree={tree} revision={revision} target={target} />));

/** The bodies sent, in order. */
const sent = () => vi.mocked(saveGameTree).mock.calls.map((call) => call[2]);

describe('saving a game’s tree', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(saveGameTree).mockReset();
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('saves once changes pause, the latest tree only, and says so', async () => {
    vi.mocked(saveGameTree).mockResolvedValue({ fen: START, nodes: [] });
    render(emptyTree(START), 0);
    expect(saving.status).toEqual({ state: 'saved' });
    render(E4.tree, 1);
    render(D4.tree, 2);
    expect(saving.status).toEqual({ state: 'pending' });
    expect(saveGameTree).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    expect(sent()).toEqual([
      {
        fen: START,
        nodes: [
          { parent: null, uci: 'e2e4' },
          { parent: null, uci: 'd2d4' },
        ],
      },
    ]);
    expect(vi.mocked(saveGameTree).mock.calls[0].slice(0, 2)).toEqual(['g1', 't']);
    expect(saving.status).toEqual({ state: 'saved' });
  });

  it('says why a save failed, and flush tries again at once', async () => {
    vi.mocked(saveGameTree).mockRejectedValueOnce(new ApiError(409, 'game_not_finished', 'not finished'));
    render(emptyTree(START), 0);
    render(E4.tree, 1);
    await act(() => vi.runAllTimersAsync());
    expect(saving.status).toMatchObject({ state: 'failed' });
    vi.mocked(saveGameTree).mockResolvedValueOnce({ fen: START, nodes: [] });
    let saved = false;
    await act(async () => {
      saved = await saving.flush();
    });
    expect(saved).toBe(true);
    expect(saveGameTree).toHaveBeenCalledTimes(2);
    expect(saving.status).toEqual({ state: 'saved' });
  });

  it('saves a change still waiting when the board closes', async () => {
    vi.mocked(saveGameTree).mockResolvedValue({ fen: START, nodes: [] });
    render(emptyTree(START), 0);
    render(E4.tree, 1);
    act(() => root.unmount());
    root = createRoot(document.createElement('div'));
    await act(() => vi.runAllTimersAsync());
    expect(sent()).toEqual([{ fen: START, nodes: [{ parent: null, uci: 'e2e4' }] }]);
  });

  it('saves nothing without the game’s token', async () => {
    render(emptyTree(START), 0, null);
    render(E4.tree, 1, null);
    await act(() => vi.runAllTimersAsync());
    expect(saveGameTree).not.toHaveBeenCalled();
    expect(saving.status).toEqual({ state: 'local' });
  });
});
