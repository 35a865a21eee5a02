import type { AnalysedPly, Analysis, AnalysisEvent, AnalysisStatus } from '../../../../api/analysisTypes';

/**
 * Folding the pieces of an analysis together. They come from three places (the first GET or POST,
 * the `analysis` events, polling) in no guaranteed order, so the fold keeps what is furthest along:
 * a snapshot that answers late never takes back a ply, a status or a count already seen, and a
 * provisional ply (the quick pass's) never takes the place of a final one with the same number.
 */

/** How far along a status is; `done` outranks `failed` so a stale failure cannot undo a result. */
const STATUS_RANK: Record<AnalysisStatus, number> = { queued: 0, running: 1, failed: 2, done: 3 };

/** Whether the analysis has stopped changing: nothing more to follow. */
export function isSettled(status: AnalysisStatus): boolean {
  return status === 'done' || status === 'failed';
}

/** An event as a (one-ply) analysis, so that events and snapshots fold the same way. */
export function eventAsAnalysis(event: AnalysisEvent): Analysis {
  const { status, progress, ply, accuracy, summary, key_moments = null, phases = null, ahead } = event;
  return { status, progress, plies: ply ? [ply] : [], accuracy, summary, key_moments, phases, ahead };
}

/**
 * Which of two copies of the same ply to keep: a final one over a provisional one whichever came
 * first (a late snapshot may still hold the quick pass's copy), otherwise the newer.
 */
export function laterPly(known: AnalysedPly, update: AnalysedPly): AnalysedPly {
  return update.provisional && !known.provisional ? known : update;
}

/** The union of two lists of plies, by ply number, the copy `laterPly` picks winning; in ply order. */
export function mergePlies(known: readonly AnalysedPly[], update: readonly AnalysedPly[]): AnalysedPly[] {
  const byPly = new Map<number, AnalysedPly>();
  for (const ply of known) byPly.set(ply.ply, ply);
  for (const ply of update) {
    const seen = byPly.get(ply.ply);
    byPly.set(ply.ply, seen ? laterPly(seen, ply) : ply);
  }
  return [...byPly.values()].sort((a, b) => a.ply - b.ply);
}

export function mergeAnalysis(known: Analysis | null, update: Analysis): Analysis {
  if (!known) return { ...update, plies: mergePlies([], update.plies) };
  const ahead = STATUS_RANK[update.status] >= STATUS_RANK[known.status] ? update : known;
  return {
    status: ahead.status,
    progress: {
      done: Math.max(known.progress.done, update.progress.done),
      quick: Math.max(known.progress.quick, update.progress.quick),
      total: ahead.progress.total,
    },
    plies: mergePlies(known.plies, update.plies),
    accuracy: update.accuracy ?? known.accuracy,
    summary: update.summary ?? known.summary,
    key_moments: update.key_moments ?? known.key_moments ?? null,
    phases: update.phases ?? known.phases ?? null,
    // A queued review's place moves both ways (another client's review may go first): the newest.
    ahead: ahead.status === 'queued' ? (update.ahead ?? known.ahead) : undefined,
  };
}
