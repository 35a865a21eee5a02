import type { AnalysedPly, Judgment } from '../../../api/analysisTypes';
import type { Color } from '../../../chess/types';
import { moverOf } from './gameLine';

/** The annotation symbols lichess writes after a move. */
export const JUDGMENT_SYMBOL: Record<Judgment, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The word for screen readers and tooltips. */
export const JUDGMENT_NAME: Record<Judgment, string> = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

/** The judged plies, for decorating a move list: plies without a judgment are not in the map. */
export function judgmentsByPly(plies: readonly AnalysedPly[]): Map<number, Judgment> {
  const judged = new Map<number, Judgment>();
  for (const { ply, judgment } of plies) if (judgment) judged.set(ply, judgment);
  return judged;
}

export type JudgmentCounts = Record<Judgment, number>;

/**
 * Each side's judgments among the plies analysed so far. The server's `summary` says the same once
 * the analysis is done; this also works while plies are still coming in.
 */
export function countJudgments(plies: readonly AnalysedPly[], firstTurn: Color): Record<Color, JudgmentCounts> {
  const counts = { white: { inaccuracy: 0, mistake: 0, blunder: 0 }, black: { inaccuracy: 0, mistake: 0, blunder: 0 } };
  for (const { ply, judgment } of plies) if (judgment) counts[moverOf(ply, firstTurn)][judgment] += 1;
  return counts;
}

const PLURAL: Record<Judgment, string> = { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };

/** `3 blunders and 1 inaccuracy by white`, worst first; `no mistakes by white` when there are none. */
export function describeCounts(counts: JudgmentCounts, side: Color): string {
  const parts = (['blunder', 'mistake', 'inaccuracy'] as const)
    .filter((judgment) => counts[judgment] > 0)
    .map((judgment) => `${counts[judgment]} ${counts[judgment] === 1 ? judgment : PLURAL[judgment]}`);
  if (parts.length === 0) return `no mistakes by ${side}`;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${list} by ${side}`;
}
