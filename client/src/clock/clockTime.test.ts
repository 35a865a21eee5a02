import { describe, expect, it } from 'vitest';
import type { Clock } from '../api/types';
import { formatClock, nextTickMs, timesAt } from './clockTime';

describe('formatClock', () => {
  it.each([
    [300_000, '05:00'],
    [59_999, '00:59'],
    [10_000, '00:10'],
    [9_999, '00:09.9'],
    [9_050, '00:09.0'],
    [100, '00:00.1'],
    [99, '00:00.0'],
    [0, '00:00.0'],
    [-250, '00:00.0'],
    [3_600_000, '1:00:00'],
    [10_800_000, '3:00:00'],
    [3_725_000, '1:02:05'],
  ])('shows %i ms as %s', (ms, face) => {
    expect(formatClock(ms)).toBe(face);
  });
});

const CLOCK: Clock = { limit_ms: 180_000, increment_ms: 2_000, white_ms: 170_000, black_ms: 12_000, running: 'black' };

describe('timesAt', () => {
  it('counts the running side down and leaves the other alone', () => {
    expect(timesAt(CLOCK, 2_500)).toEqual({ white: 170_000, black: 9_500 });
  });

  it('stops at zero: the server says when a flag falls', () => {
    expect(timesAt(CLOCK, 60_000)).toEqual({ white: 170_000, black: 0 });
  });

  it('moves nothing when no clock runs (before the first move, after the end)', () => {
    expect(timesAt({ ...CLOCK, running: null }, 5_000)).toEqual({ white: 170_000, black: 12_000 });
  });

  it('treats a negative elapsed time (a clock set back) as none', () => {
    expect(timesAt(CLOCK, -1_000)).toEqual({ white: 170_000, black: 12_000 });
  });
});

describe('nextTickMs', () => {
  it('waits until the face changes: just past the next whole second above 10 s, the next tenth below', () => {
    expect(nextTickMs(12_345)).toBe(346);
    expect(nextTickMs(12_000)).toBe(1);
    expect(nextTickMs(10_500)).toBe(501);
    expect(nextTickMs(10_000)).toBe(1);
    expect(nextTickMs(9_950)).toBe(51);
    expect(nextTickMs(9_900)).toBe(1);
    for (const ms of [12_345, 10_000, 9_950]) {
      expect(formatClock(ms - nextTickMs(ms))).not.toBe(formatClock(ms));
      expect(formatClock(ms - nextTickMs(ms) + 1)).toBe(formatClock(ms));
    }
  });
});
