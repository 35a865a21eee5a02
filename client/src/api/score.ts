import type { Score } from './types';

/** A score object `{"cp": 34}` or `{"mate": -3}`. */
export function parseScore(value: unknown): Score | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { cp, mate } = value as { cp?: unknown; mate?: unknown };
  if (Number.isInteger(cp) && mate === undefined) return { cp: cp as number };
  if (Number.isInteger(mate) && cp === undefined) return { mate: mate as number };
  return undefined;
}
