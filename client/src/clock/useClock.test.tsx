// @vitest-environment happy-dom
import { act } from '../test/act';
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../api/types';
import { type ClockTimes, formatClock } from './clockTime';
import { useClock } from './useClock';

let root: Root;
let shown: ClockTimes | null = null;

/** Hands the hook's latest result to the test after each render. */
function ClockProbe({ clock, expose }: { clock: Clock | null; expose: (times: ClockTimes | null) => void }) {
  const times = useClock(clock);
  useEffect(() => expose(times));
  return null;
}

const render = (clock: Clock | null) =>
  act(() =>
    root.render(
      <ClockProbe
        clock={clock}
        expose={(times) => {
          shown = times;
        }}
      />,
    ),
  );
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

const RUNNING: Clock = { limit_ms: 60_000, increment_ms: 0, white_ms: 12_500, black_ms: 60_000, running: 'white' };

describe('useClock', () => {
  it("counts the running side down locally, then resyncs to the next view's times", () => {
    render(RUNNING);
    expect(shown).toEqual({ white: 12_500, black: 60_000 });
    wait(3_000);
    // Ticks come when the face changes, so the face is exact, not the milliseconds.
    expect(formatClock(shown?.white ?? 0)).toBe('00:09.5');
    expect(shown?.black).toBe(60_000);
    render({ ...RUNNING, white_ms: 11_000, black_ms: 59_000, running: 'black' });
    expect(shown).toEqual({ white: 11_000, black: 59_000 });
    wait(2_000);
    expect(shown?.white).toBe(11_000);
    expect(formatClock(shown?.black ?? 0)).toBe('00:57');
  });

  it('stands still with no clock running, and shows nothing for an untimed game', () => {
    render({ ...RUNNING, running: null });
    wait(5_000);
    expect(shown).toEqual({ white: 12_500, black: 60_000 });
    render(null);
    expect(shown).toBeNull();
  });
});
