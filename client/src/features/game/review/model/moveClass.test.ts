import { describe, expect, it } from 'vitest';
import type { MoveClass } from '../../../../api/analysisTypes';
import { classBadge, pointsLostText } from './moveClass';

describe('class badges', () => {
  it('name every class in chess.com words, with a glyph for each', () => {
    const classes: MoveClass[] = ['book', 'great', 'best', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder', 'miss'];
    expect(classes.map((c) => classBadge(c)?.name)).toEqual([
      'Book',
      'Great',
      'Best',
      'Excellent',
      'Good',
      'Inaccuracy',
      'Mistake',
      'Blunder',
      'Miss',
    ]);
    const glyphs = classes.map((c) => classBadge(c)?.glyph);
    expect(new Set(glyphs).size).toBe(classes.length);
  });

  it("keep lichess's symbols for the three bad classes, so a badge never contradicts the judgment beside it", () => {
    expect(classBadge('inaccuracy')?.glyph).toBe('?!');
    expect(classBadge('mistake')?.glyph).toBe('?');
    expect(classBadge('blunder')?.glyph).toBe('??');
    expect(classBadge('great')?.glyph).toBe('!');
  });

  it('say when they come from the quick pass and may still change', () => {
    expect(classBadge('mistake', true)).toMatchObject({ name: 'Mistake (provisional)', provisional: true });
    expect(classBadge('mistake')).toMatchObject({ name: 'Mistake', provisional: false });
  });

  it('are absent for a ply without a class', () => {
    expect(classBadge(null)).toBeUndefined();
    expect(classBadge(undefined)).toBeUndefined();
  });

  it('say what a move cost in expected points', () => {
    expect(pointsLostText(0.137)).toBe('0.14 points lost');
    expect(pointsLostText(1)).toBe('1.00 point lost');
  });
});
