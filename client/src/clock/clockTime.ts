import type { Clock } from '../api/types';
import type { Color } from '../chess/types';

/** Below this a clock shows tenths, turns red, and the player's sounds a warning once. */
export const LOW_TIME_MS = 10_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A clock face: `mm:ss` (`h:mm:ss` from an hour), and `00:ss.t` with tenths under 10 s. Times are
 * rounded down, as a clock shows them: 9.99 s is `00:09.9`, and `00:00.0` only when the flag falls.
 */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left < LOW_TIME_MS) {
    const tenths = Math.floor(left / 100);
    return `00:${pad(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${pad(minutes)}:${pad(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** Each side's remaining time. */
export type ClockTimes = Record<Color, number>;

/**
 * Both sides' times `elapsedMs` after the view was made: the running side's counts down (never
 * below zero: the server, not this page, says when a flag falls), the other stands still.
 */
export function timesAt(clock: Clock, elapsedMs: number): ClockTimes {
  const spent = Math.max(0, elapsedMs);
  return {
    white: clock.running === 'white' ? Math.max(0, clock.white_ms - spent) : clock.white_ms,
    black: clock.running === 'black' ? Math.max(0, clock.black_ms - spent) : clock.black_ms,
  };
}

/**
 * How long until the running clock's face next changes, so a tick is scheduled no sooner than needed.
 * A face rounds down, so it changes just after the time crosses a whole second (a whole tenth under
 * 10 s): 12.345 s shows `00:12` until 11.999 s, 346 ms away.
 */
export function nextTickMs(remainingMs: number): number {
  if (remainingMs <= 0) return 1000;
  const step = remainingMs <= LOW_TIME_MS ? 100 : 1000;
  return (remainingMs % step) + 1;
}
