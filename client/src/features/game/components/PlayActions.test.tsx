// @vitest-environment happy-dom
import { act } from '../../../test/act';
import { describe, expect, it, vi } from 'vitest';
import { stagePerTest } from '../../../test/mount';
import type { AvailableActions } from '../model/gameFacts';
import { PlayActions } from './PlayActions';

const OPEN: AvailableActions = {
  takeBack: true,
  resign: true,
  hint: true,
  abort: false,
  abortWindow: false,
  offerDraw: true,
  claimDraw: false,
};
/** Before each side has made two moves: the server says `can_abort`. */
const ABORTABLE: AvailableActions = { ...OPEN, abort: true, abortWindow: true, offerDraw: false };

const stage = stagePerTest();
const byTestId = (id: string) => stage.byTestId<HTMLButtonElement>(id);

function show(allowed: AvailableActions, confirmResign: boolean, on = { onResign: vi.fn(), onAbort: vi.fn() }) {
  const nothing = () => {};
  stage.render(
    <PlayActions
      allowed={allowed}
      hintLoading={false}
      offering={false}
      training={false}
      confirmResign={confirmResign}
      rated={false}
      onHint={nothing}
      onTakeBack={nothing}
      onOfferDraw={nothing}
      onClaimDraw={nothing}
      {...on}
    />,
  );
  return on;
}

describe('Abort or Resign', () => {
  it('shows Abort in place of Resign, and no draw offer, while the game can be aborted', () => {
    const on = show(ABORTABLE, false);
    expect(byTestId('abort')?.textContent).toContain('Abort');
    expect(byTestId('resign')).toBeNull();
    expect(byTestId('offer-draw')).toBeNull();
    act(() => byTestId('abort')?.click());
    expect(on.onAbort).toHaveBeenCalledOnce();
    expect(on.onResign).not.toHaveBeenCalled();
  });

  it('shows Resign and the draw offer once each side has made two moves', () => {
    show(OPEN, false);
    expect(byTestId('resign')?.textContent).toContain('Resign');
    expect(byTestId('abort')).toBeNull();
    expect(byTestId('offer-draw')).not.toBeNull();
  });

  it('asks before aborting as it asks before resigning', () => {
    const on = show(ABORTABLE, true);
    act(() => byTestId('abort')?.click());
    expect(on.onAbort).not.toHaveBeenCalled();
    expect(stage.container.textContent).toContain('Abort this game?');
    act(() => byTestId('confirm-abort')?.click());
    expect(on.onAbort).toHaveBeenCalledOnce();
  });

  it('keeps Abort in its place, closed, while Stockfish thinks', () => {
    show({ ...ABORTABLE, abort: false, resign: false, takeBack: false, hint: false }, false);
    expect(byTestId('abort')?.disabled).toBe(true);
    expect(byTestId('resign')).toBeNull();
  });
});
