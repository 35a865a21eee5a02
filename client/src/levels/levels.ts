/**
 * The ladder's steps as the player chooses them: 1 (a true beginner) to 16 (full strength), each
 * described in a few words (the server's step names; `GET /api/levels` adds the measured ratings),
 * and the last one chosen remembered in local storage.
 */
import { persisted } from '../storage/persisted';

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export type LevelNumber = (typeof LEVELS)[number];

/** Where a newcomer starts: beatable, yet not random. */
export const DEFAULT_LEVEL: LevelNumber = 5;
export const MAX_LEVEL: LevelNumber = 16;

/** A few words per step: the server's name for it (`games/model/level.rs`). */
export const LEVEL_DESCRIPTIONS: Record<LevelNumber, string> = {
  1: 'First moves: mostly random',
  2: 'Beginner: often random',
  3: 'Novice: many careless moves',
  4: 'Casual: some careless moves',
  5: 'Learner: a few careless moves',
  6: 'Improver: rare careless moves',
  7: 'Club player',
  8: 'Keen club player',
  9: 'Strong club player',
  10: 'Tournament player',
  11: 'Expert: sees tactics deeper',
  12: 'Candidate master',
  13: 'Master: rarely blunders',
  14: 'International master',
  15: 'Grandmaster: deep and precise',
  16: 'Full strength Stockfish',
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

/** The level chosen last, remembered as its number; anything else stored reads as the default. */
const stored = persisted<LevelNumber>({ key: KEY, parse: parseLevel, fallback: DEFAULT_LEVEL, format: String });

/** The level chosen last time in this browser, or the default. */
export function rememberedLevel(): LevelNumber {
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
