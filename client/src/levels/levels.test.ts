import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVEL, LEVEL_DESCRIPTIONS, LEVELS, nextLevel, parseLevel } from './levels';

describe('levels', () => {
  it('start a newcomer at a beginner-friendly level', () => {
    expect(DEFAULT_LEVEL).toBe(5);
    expect(parseLevel(null)).toBe(5);
  });

  it('remember only a real level', () => {
    expect(parseLevel('5')).toBe(5);
    expect(parseLevel('17')).toBe(5);
    expect(parseLevel('2.5')).toBe(5);
    expect(parseLevel('level 3')).toBe(5);
  });

  it('are every one described in a few words', () => {
    for (const level of LEVELS) {
      const words = LEVEL_DESCRIPTIONS[level].split(/\s+/).length;
      expect(words).toBeGreaterThan(1);
      expect(words).toBeLessThanOrEqual(6);
    }
  });

  it('lead to the next one up to full strength', () => {
    expect(nextLevel(2)).toBe(3);
    expect(nextLevel(16)).toBeNull();
  });
});
