import type { Analysis } from '../../../../api/analysisTypes';

/** Where the analysis stands, in words for the review panel. */
export interface AnalysisStatusText {
  /**
   * The phase, for the panel's live region: it changes a handful of times in an analysis (waiting,
   * analysing, refining, ready), never once per ply, so a screen reader hears each phase once.
   */
  phase: string;
  /** `12/83`, final positions of all, shown after the phase while it refines; not announced. */
  count: string | null;
}

/**
 * The analysis runs in two passes (issue #24): a quick one gives every position a provisional
 * evaluation within seconds (`progress.quick` reaches `total`: the whole graph is drawn), then the
 * final one replaces them (`progress.done` counts those). So: "Analysing…" until the quick pass
 * is through, "Quick look ready — refining 12/83" during the final pass, "Review ready." when done.
 * A server without the quick pass never shows the refining phase: its `quick` is its `done`.
 * While queued behind others' reviews it says how many: "2 reviews ahead of yours" (`ahead`).
 */
export function analysisStatusText({ status, progress, ahead }: Pick<Analysis, 'status' | 'progress' | 'ahead'>): AnalysisStatusText {
  const { done, quick, total } = progress;
  switch (status) {
    case 'queued':
      return { phase: ahead ? reviewsAhead(ahead) : 'Waiting for Stockfish…', count: null };
    case 'failed':
      return { phase: 'The analysis failed.', count: null };
    case 'done':
      return { phase: 'Review ready.', count: null };
    case 'running':
      if (total > 0 && done >= total) return { phase: 'Finishing the review…', count: null };
      if (total > 0 && quick >= total) return { phase: 'Quick look ready — refining', count: `${done}/${total}` };
      return { phase: 'Analysing…', count: null };
  }
}

/** "1 review ahead of yours", "2 reviews ahead of yours". */
export function reviewsAhead(ahead: number): string {
  return `${ahead} ${ahead === 1 ? 'review' : 'reviews'} ahead of yours`;
}
