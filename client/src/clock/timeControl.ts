import type { TimeControl } from '../api/types';

/**
 * The time controls the start screen offers, as lichess names them: minutes + increment seconds.
 * Untimed (no clock) is the default, as before clocks existed.
 */
export const PRESETS: readonly TimeControl[] = [
  { limit_secs: 60, increment_secs: 0 },
  { limit_secs: 180, increment_secs: 2 },
  { limit_secs: 300, increment_secs: 3 },
  { limit_secs: 600, increment_secs: 5 },
  { limit_secs: 900, increment_secs: 10 },
  { limit_secs: 1800, increment_secs: 0 },
];

/** The server's bounds: up to three hours, up to a minute's increment, and never 0 + 0. */
export const MAX_MINUTES = 180;
export const MAX_INCREMENT_SECS = 60;

/** `3+2`, `30+0`; a limit that is not whole minutes as a fraction (`0.5+1`). */
export function timeControlLabel({ limit_secs, increment_secs }: TimeControl): string {
  const minutes = limit_secs / 60;
  return `${Number.isInteger(minutes) ? minutes : Number(minutes.toFixed(2))}+${increment_secs}`;
}

/**
 * A custom time control from the start screen's two fields, or why not: minutes 0–180 (fractions
 * allowed, to the second), increment 0–60 whole seconds, not both zero.
 */
export function customTimeControl(minutes: number, increment: number): TimeControl | string {
  if (!Number.isFinite(minutes) || minutes < 0 || minutes > MAX_MINUTES) return `Minutes go from 0 to ${MAX_MINUTES}.`;
  if (!Number.isInteger(increment) || increment < 0 || increment > MAX_INCREMENT_SECS) {
    return `The increment is a whole number of seconds from 0 to ${MAX_INCREMENT_SECS}.`;
  }
  const limit = Math.round(minutes * 60);
  if (limit === 0 && increment === 0) return 'A clock needs some time: more than 0 minutes or an increment.';
  return { limit_secs: limit, increment_secs: increment };
}
