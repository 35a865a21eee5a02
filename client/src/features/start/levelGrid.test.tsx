// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { stagePerTest } from '../../test/mount';
import type { Levels } from '../../api/ladder';
import { LEVELS } from '../../levels/levels';
import { LevelGrid, stepName } from './LevelGrid';
import { ScaleDetails } from './ScaleDetails';

const SCALE =
  "engine scale: Elo anchored on Stockfish 15.1's UCI_LimitStrength UCI_Elo 1350 (calibrated on engine rating lists, not on human ratings)";
/** A ladder whose step n is rated 100·n, so each button's rating is known. */
const LADDER = {
  scale: SCALE,
  levels: LEVELS.map((level) => ({ level, rating: 100 * level, low: 100 * level - 50, high: 100 * level + 50 })),
} as unknown as Levels;

const stage = stagePerTest();

describe('the start screen level grid', () => {
  it('shows every step with its name and rating as visible text, not only in a title', () => {
    stage.render(<LevelGrid level={5} ladder={LADDER} onChoose={() => {}} describe={() => 'title'} />);
    const buttons = [...stage.container.querySelectorAll('button[data-level]')];
    expect(buttons).toHaveLength(21);
    for (const button of buttons) {
      const level = Number(button.getAttribute('data-level')) as (typeof LEVELS)[number];
      expect(button.querySelector('.level-name')?.textContent).toBe(stepName(level));
      expect(button.querySelector('.level-rating')?.textContent).toBe(String(100 * level));
    }
    expect(stepName(1)).toBe('First moves');
    expect(stepName(21)).toBe('Full strength Stockfish');
  });

  it('shows the names before the ladder has come, and no rating yet', () => {
    stage.render(<LevelGrid level={5} ladder={undefined} onChoose={() => {}} describe={() => 'title'} />);
    expect(stage.container.querySelector('button[data-level="7"] .level-name')?.textContent).toBe('Club player');
    expect(stage.container.querySelector('.level-rating')).toBeNull();
  });

  it("folds the scale's technical anchor into a details line under plain words", () => {
    stage.render(<ScaleDetails scale={SCALE} />);
    const details = stage.container.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('What do the ratings mean?');
    expect(details?.textContent).toContain("Technically: Elo anchored on Stockfish 15.1's UCI_LimitStrength UCI_Elo 1350.");
    expect(details?.querySelector('p')?.textContent).not.toMatch(/UCI|Elo/);
  });
});
