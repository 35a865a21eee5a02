import type { AnalysedPly, Judgment } from '../../../../api/analysisTypes';
import type { Color } from '../../../../chess/types';
import { moverOf } from './gameLine';

/** The annotation symbols lichess writes after a move. */
export const JUDGMENT_SYMBOL: Record<Judgment, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The word for screen readers and tooltips. */
export const JUDGMENT_NAME: Record<Judgment, string> = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

/** A ply's judgment, and whether it is provisional (from the quick pass: it may yet change). */
export interface JudgedPly {
  judgment: Judgment;
  provisional: boolean;
}

/** The judged plies, for decorating a move list: plies without a judgment are not in the map. */
export function judgmentsByPly(plies: readonly AnalysedPly[]): Map<number, JudgedPly> {
  const judged = new Map<number, JudgedPly>();
  for (const { ply, judgment, provisional } of plies) if (judgment) judged.set(ply, { judgment, provisional });
  return judged;
}

/** `Mistake`, or `Mistake (provisional)`: a badge's and a verdict's words. */
export function judgmentName({ judgment, provisional }: JudgedPly): string {
  return provisional ? `${JUDGMENT_NAME[judgment]} (provisional)` : JUDGMENT_NAME[judgment];
}

export type JudgmentCounts = Record<Judgment, number>;

/**
 * Each side's final judgments among the plies analysed so far. The server's `summary` says the same
 * once the analysis is done; this also works while plies are still coming in. Provisional plies
 * are left out: like the server's figures, the counts use final values only.
 */
export function countJudgments(plies: readonly AnalysedPly[], firstTurn: Color): Record<Color, JudgmentCounts> {
  const counts = { white: { inaccuracy: 0, mistake: 0, blunder: 0 }, black: { inaccuracy: 0, mistake: 0, blunder: 0 } };
  for (const { ply, judgment, provisional } of plies) if (judgment && !provisional) counts[moverOf(ply, firstTurn)][judgment] += 1;
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
