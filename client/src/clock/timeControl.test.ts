import { describe, expect, it } from 'vitest';
import { customTimeControl, PRESETS, timeControlLabel } from './timeControl';

describe('time controls', () => {
  it('name the presets as lichess does', () => {
    expect(PRESETS.map(timeControlLabel)).toEqual(['1+0', '3+2', '5+3', '10+5', '15+10', '30+0']);
  });

  it('read a custom clock in minutes and increment seconds', () => {
    expect(customTimeControl(7, 4)).toEqual({ limit_secs: 420, increment_secs: 4 });
    expect(customTimeControl(0.5, 0)).toEqual({ limit_secs: 30, increment_secs: 0 });
    expect(customTimeControl(0, 5)).toEqual({ limit_secs: 0, increment_secs: 5 });
    expect(timeControlLabel({ limit_secs: 30, increment_secs: 0 })).toBe('0.5+0');
  });

  it('refuse what the server refuses, with a sentence', () => {
    expect(customTimeControl(0, 0)).toMatch(/needs some time/);
    expect(customTimeControl(181, 0)).toMatch(/0 to 180/);
    expect(customTimeControl(5, 61)).toMatch(/0 to 60/);
    expect(customTimeControl(5, 1.5)).toMatch(/whole number/);
    expect(customTimeControl(Number.NaN, 2)).toMatch(/Minutes/);
  });
});
