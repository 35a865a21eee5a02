import type { AnalysedPly, Judgment } from '../api/analysisTypes';
import type { Score } from '../api/types';

/**
 * A ply of a review as the server sends it, with no best move nor line: a provisional one as the
 * quick pass searches it (20,000 nodes, depth 8), a final one as the full pass does (500,000 nodes,
 * depth 20).
 */
export function analysedPly(ply: number, score: Score, judgment: Judgment | null = null, provisional = false): AnalysedPly {
  return {
    ply,
    eval: score,
    best: null,
    pv_san: [],
    judgment,
    provisional,
    depth: provisional ? 8 : 20,
    nodes: provisional ? 20_000 : 500_000,
  };
}
