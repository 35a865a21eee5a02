// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Thinking } from '../../../api/types';
import { PlayerStrip } from './PlayerStrip';

let root: Root;
let container: HTMLElement;
const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`);

function show(search: Thinking) {
  act(() => root.render(<PlayerStrip name="Stockfish" color="black" thinking search={search} toMove />));
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("the opponent's plate while it thinks", () => {
  it("shows Stockfish's depth out of its target", () => {
    show({ kind: 'engine', ply: 1, depth: 9, targetDepth: 20, score: { cp: -32 }, nodes: 1, nps: 1, pv: ['c5'] });
    expect(byTestId('search-depth')?.textContent).toBe('9/20');
    expect(byTestId('search-candidates')).toBeNull();
  });

  it('shows the human moves a Maia step weighs, not a depth', () => {
    show({
      kind: 'human',
      ply: 1,
      score: { cp: -12 },
      pv: ['c5'],
      candidates: [
        { san: 'e5', uci: 'e7e5', probability: 0.5 },
        { san: 'c5', uci: 'c7c5', probability: 0.17 },
      ],
    });
    expect(byTestId('search-candidates')?.textContent).toBe('weighs e5 50%, c5 17%');
    expect(byTestId('search-depth')).toBeNull();
  });
});
