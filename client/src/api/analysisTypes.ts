import type { components } from './schema';
import type { Score } from './types';

/**
 * The post-game analysis as the server sends it (`AnalysedPly` and friends in `/api/docs`; issues #12 and #24).
 * Hand-written for now; the field names are the server's so that types generated from its OpenAPI
 * document can replace this file without touching the code that reads them.
 */

export type AnalysisStatus = 'queued' | 'running' | 'done' | 'failed';

/** lichess's names for a move that threw away winning chances, from the mildest. */
export type Judgment = 'inaccuracy' | 'mistake' | 'blunder';

type Schemas = components['schemas'];

/**
 * chess.com's scale (issue #25), from the best to the worst: the first that applies of `book`, `best`
 * (the engine's move), `miss` (a winning chance thrown back), then by expected points lost.
 */
export type MoveClass = Schemas['MoveClass'];

/** One checked sentence about a move, with the engine's line it rests on (`Explanation` in `/api/docs`). */
export type Explanation = Schemas['Explanation'];

/** A move worth going back to: a side's last book move, a large loss, or a missed win. */
export type KeyMoment = Schemas['KeyMoment'];

/** Each side's key moments, in game order. */
export type KeyMoments = Schemas['KeyMoments'];

/** Where the middlegame and the endgame begin (plies), and each side's accuracy in each phase. */
export interface PhaseAccuracy {
  division: { middlegame: number | null; endgame: number | null };
  opening: SideAccuracy;
  middlegame: SideAccuracy;
  endgame: SideAccuracy;
}

/** Percent 0..100 per side; null for a side that made no move (in the phase). */
export interface SideAccuracy {
  white: number | null;
  black: number | null;
}

export interface AnalysisProgress {
  /** Positions with their final evaluation (the full node budget). */
  done: number;
  /**
   * Positions with at least a provisional evaluation (the quick pass, or final): when it reaches
   * `total` the whole graph is drawn, though not yet final. Never below `done`.
   */
  quick: number;
  /** Positions to search in all. */
  total: number;
}

export interface AnalysedPly {
  /** 1 = the position after the game's first move (the same counting as `GameView.ply`). */
  ply: number;
  /** White's point of view, of the position after this ply; `{mate: 0}` after a checkmate. */
  eval: Score;
  /** Stockfish's choice in the position before this ply: what the mover should have played. */
  best: { uci: string; san: string } | null;
  /** A few moves of Stockfish's line from the position before this ply, starting with `best`. */
  pv_san: string[];
  /** lichess's judgment of the move; on a provisional ply, a provisional one that may still change. */
  judgment: Judgment | null;
  /**
   * Built from a quick-pass evaluation (of the position before or after the ply): a final ply with
   * the same number replaces it later. Accuracy and the summary never count it.
   */
  provisional: boolean;
  /** Depth and nodes of the search behind `eval`; null when that position needs no search (a checkmate or a draw by rule). */
  depth: number | null;
  nodes: number | null;
  /** The move's class (issue #25), provisional like the judgment on a provisional ply; absent from a server before it. */
  class?: MoveClass | null;
  /** Expected points (0..1) the move lost against the engine's best. */
  points_lost?: number | null;
  /** Why the move is bad, when the rules crate proves it on the engine's line; null when no rule fits. */
  explanation?: Explanation | null;
}

export interface SideSummary {
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** Average centipawn loss, an integer. */
  acpl: number;
}

export interface Analysis {
  status: AnalysisStatus;
  progress: AnalysisProgress;
  /**
   * In ply order, the plies evaluated so far: final ones, and provisional ones from the quick pass
   * until their final version replaces them. It may have gaps while the analysis runs.
   */
  plies: AnalysedPly[];
  /** Percent 0..100 per side, null until done. */
  accuracy: { white: number | null; black: number | null } | null;
  /** Null until done. */
  summary: { white: SideSummary; black: SideSummary } | null;
  /** Null until done (or from a server before issue #25). */
  key_moments?: KeyMoments | null;
  /** Null until done (or from a server before issue #25). */
  phases?: PhaseAccuracy | null;
  /** While queued: how many reviews run or wait before this one (absent once it runs). */
  ahead?: number | null;
}

/**
 * An `analysis` event: one per newly evaluated ply (`ply` set: first provisional, then final under
 * the same number), and one per change of status.
 */
export interface AnalysisEvent {
  status: AnalysisStatus;
  progress: AnalysisProgress;
  ply: AnalysedPly | null;
  accuracy: Analysis['accuracy'];
  summary: Analysis['summary'];
  key_moments?: KeyMoments | null;
  phases?: PhaseAccuracy | null;
  /** With a `queued` status event: the review's place, sent again whenever the queue moves. */
  ahead?: number | null;
}
