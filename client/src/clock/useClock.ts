import { useEffect, useState } from 'react';
import type { Clock } from '../api/types';
import { type ClockTimes, nextTickMs, timesAt } from './clockTime';

/**
 * Both clocks as they stand now: counted down locally from the latest view's `clock`, restarted
 * from the server's values whenever a new view brings a new `clock` object (every view does).
 */
export function useClock(clock: Clock | null | undefined): ClockTimes | null {
  const [shown, setShown] = useState<ClockTimes | null>(clock ? timesAt(clock, 0) : null);
  // A new view resyncs to the server's times, in this render.
  const [shownFor, setShownFor] = useState(clock);
  if (shownFor !== clock) {
    setShownFor(clock);
    setShown(clock ? timesAt(clock, 0) : null);
  }

  useEffect(() => {
    if (!clock?.running) return;
    const running = clock.running;
    const syncedAt = performance.now();
    let timer: number;
    const tick = () => {
      const times = timesAt(clock, performance.now() - syncedAt);
      setShown(times);
      if (times[running] > 0) timer = window.setTimeout(tick, nextTickMs(times[running]));
    };
    timer = window.setTimeout(tick, nextTickMs(clock[running === 'white' ? 'white_ms' : 'black_ms']));
    return () => window.clearTimeout(timer);
  }, [clock]);

  return shown;
}
