// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LEVEL,
  LEVEL_DESCRIPTIONS,
  LEVELS,
  MAX_LEVEL,
  nextLevel,
  parseFirstLadderLevel,
  parseLevel,
  rememberedLevel,
  rememberLevel,
} from './levels';

beforeEach(() => localStorage.clear());

describe('levels', () => {
  it('start a newcomer at a beginner-friendly level', () => {
    expect(DEFAULT_LEVEL).toBe(5);
    expect(parseLevel(null)).toBe(5);
    expect(rememberedLevel()).toBe(5);
  });

  it('remember only a real level', () => {
    expect(parseLevel('5')).toBe(5);
    expect(parseLevel('21')).toBe(21);
    expect(parseLevel('22')).toBe(5);
    expect(parseLevel('2.5')).toBe(5);
    expect(parseLevel('level 3')).toBe(5);
    rememberLevel(17);
    expect(rememberedLevel()).toBe(17);
  });

  it("read a step the first ladder's client remembered as the step it became", () => {
    expect(parseFirstLadderLevel('12')).toBe(12);
    expect(parseFirstLadderLevel('13')).toBe(14);
    expect(parseFirstLadderLevel('15')).toBe(18);
    expect(parseFirstLadderLevel('16')).toBe(MAX_LEVEL);
    for (const text of [null, '0', '17', '1.5', 'x']) expect(parseFirstLadderLevel(text)).toBeNull();
    localStorage.setItem('alphachess:level', '16');
    expect(rememberedLevel()).toBe(21);
    rememberLevel(9);
    expect(rememberedLevel()).toBe(9);
  });

  it('are every one described in a few words', () => {
    expect(LEVELS).toHaveLength(MAX_LEVEL);
    for (const level of LEVELS) {
      const words = LEVEL_DESCRIPTIONS[level].split(/\s+/).length;
      expect(words).toBeGreaterThan(1);
      expect(words).toBeLessThanOrEqual(6);
    }
  });

  it('lead to the next one up to full strength', () => {
    expect(nextLevel(2)).toBe(3);
    expect(nextLevel(16)).toBe(17);
    expect(nextLevel(21)).toBeNull();
  });
});
