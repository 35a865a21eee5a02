/**
 * The ladder's steps as the player chooses them: 1 (a true beginner) to 21 (full strength), each
 * described in a few words (the server's step names; `GET /api/levels` adds the measured ratings),
 * and the last one chosen remembered in local storage.
 */
import { persisted, readText } from '../storage/persisted';

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21] as const;
export type LevelNumber = (typeof LEVELS)[number];

/** Where a newcomer starts: beatable, yet purposeful. */
export const DEFAULT_LEVEL: LevelNumber = 5;
export const MAX_LEVEL: LevelNumber = 21;

/** A few words per step: the server's name for it (`games/model/level.rs`). */
export const LEVEL_DESCRIPTIONS: Record<LevelNumber, string> = {
  1: 'First moves: misses nearly every threat',
  2: 'Beginner: misses most threats',
  3: 'Novice: often misses a threat',
  4: 'Casual: misses some threats',
  5: 'Learner: misses a few threats',
  6: 'Improver: rarely misses a threat',
  7: 'Club player',
  8: 'Keen club player',
  9: 'Strong club player',
  10: 'Tournament player',
  11: 'Expert: sees tactics deeper',
  12: 'Candidate master',
  13: 'Master: rarely blunders',
  14: 'Senior master',
  15: 'International master',
  16: 'Strong international master',
  17: 'Grandmaster: deep and precise',
  18: 'Strong grandmaster',
  19: 'Super grandmaster',
  20: 'Near full strength',
  21: 'Full strength Stockfish',
};

const KEY = 'alphachess:step';
/** Where the first ladder's step (1–16) was remembered, before its top steps were measured apart. */
const FIRST_LADDER_KEY = 'alphachess:level';
/**
 * The step each step of the first ladder is now (index 0 is its step 1), as the server's store
 * migrates a game's (`STEPS_OF_16` in `games/model/level.rs`): its top four became 14, 15, 18, 21.
 */
const STEPS_OF_16 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 18, 21] as const;

export function isLevel(value: unknown): value is LevelNumber {
  return typeof value === 'number' && (LEVELS as readonly number[]).includes(value);
}

/** Reads a stored level, falling back to the default for anything else. */
export function parseLevel(text: string | null): LevelNumber {
  const value = text === null ? NaN : Number(text);
  return isLevel(value) ? value : DEFAULT_LEVEL;
}

/** A step of the first ladder, as stored then, read as the step it is now (`null`: none stored). */
export function parseFirstLadderLevel(text: string | null): LevelNumber | null {
  const value = text === null ? NaN : Number(text);
  const now = Number.isInteger(value) ? STEPS_OF_16[value - 1] : undefined;
  return now === undefined ? null : now;
}

/** The level chosen last, remembered as its number; anything else stored reads as the default. */
const stored = persisted<LevelNumber>({ key: KEY, parse: parseLevel, fallback: DEFAULT_LEVEL, format: String });

/**
 * The level chosen last time in this browser, or the default. A choice remembered by the first
 * ladder's client counts as the step it became, so the player who chose full strength meets it again.
 */
export function rememberedLevel(): LevelNumber {
  if (readText(KEY) === null) {
    const first = parseFirstLadderLevel(readText(FIRST_LADDER_KEY));
    if (first !== null) return first;
  }
  return stored.read();
}

/** Remembers the level (storage can be full or disabled: the choice still holds for this game). */
export function rememberLevel(level: LevelNumber): void {
  stored.write(level);
}

/** The level above, for "Next level" after a win; none above full strength. */
export function nextLevel(level: number): LevelNumber | null {
  const next = level + 1;
  return isLevel(next) ? next : null;
}
