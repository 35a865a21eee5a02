import { useEffect } from 'react';
import type { Clock } from '../../../api/types';
import type { ClockTimes } from '../../../clock/clockTime';

/** How long after a clock shows zero the page asks the server, which decides when a flag falls. */
const FLAG_CHECK_MS = 1_000;

/**
 * The server ends a game on time by itself and says so on the event stream; without a stream (or
 * with a slow one) the page asks for the game once the running clock shows zero, and again after
 * each answer that still has it running.
 */
export function useFlagCheck(clock: Clock | null, times: ClockTimes | null, refresh: () => void) {
  const running = clock?.running ?? null;
  const fallen = running !== null && times !== null && times[running] === 0;
  useEffect(() => {
    if (!fallen) return;
    const timer = window.setTimeout(refresh, FLAG_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, [fallen, clock, refresh]);
}
