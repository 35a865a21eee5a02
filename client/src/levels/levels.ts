/**
 * Stockfish's playing levels as the player chooses them: 1 (weakest) to 8 (full strength), each
 * described in a few words, and the last one chosen remembered in local storage.
 */

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type LevelNumber = (typeof LEVELS)[number];

/** Where a newcomer starts: beatable, yet not random. */
export const DEFAULT_LEVEL: LevelNumber = 2;
export const MAX_LEVEL: LevelNumber = 8;

/** A few words per level, from the server's presets (Stockfish's Skill Level and search depth). */
export const LEVEL_DESCRIPTIONS: Record<LevelNumber, string> = {
  1: 'First steps: plays almost at random',
  2: 'Beginner: misses simple tactics',
  3: 'Casual: sees one move ahead',
  4: 'Club beginner: punishes loose pieces',
  5: 'Club player: solid, a few slips',
  6: 'Strong club player',
  7: 'Expert: rarely blunders',
  8: 'Full strength Stockfish',
};

const KEY = 'alphachess:level';

export function isLevel(value: unknown): value is LevelNumber {
  return typeof value === 'number' && (LEVELS as readonly number[]).includes(value);
}

/** Reads a stored level, falling back to the default for anything else. */
export function parseLevel(text: string | null): LevelNumber {
  const value = text === null ? NaN : Number(text);
  return isLevel(value) ? value : DEFAULT_LEVEL;
}

/** The level chosen last time in this browser, or the default. */
export function rememberedLevel(): LevelNumber {
  try {
    return parseLevel(localStorage.getItem(KEY));
  } catch {
    return DEFAULT_LEVEL;
  }
}

export function rememberLevel(level: LevelNumber): void {
  try {
    localStorage.setItem(KEY, String(level));
  } catch {
    // Storage can be full or disabled: the choice still holds for this game.
  }
}

/** The level above, for "Next level" after a win; none above full strength. */
export function nextLevel(level: number): LevelNumber | null {
  const next = level + 1;
  return isLevel(next) ? next : null;
}
