import type { ExploreEvent, ExploreLine } from '../../../api/types';

/**
 * What the engine panel shows for the position on the board, folded from the `explore` events of
 * its one stream. A pure reducer: the stream's hook only feeds it.
 */
export type EnginePhase =
  /** The stream is opening. */
  | 'connecting'
  /** The server queued the search behind others: "Waiting for an engine…". */
  | 'waiting'
  /** Lines are coming in, deeper each time. */
  | 'searching'
  /** The search reached its bound: the lines are final. */
  | 'done'
  /** A newer request for this board took over (another tab, or a position change the server saw first). */
  | 'stopped'
  /** The engine failed, or the stream could not be opened or broke off. */
  | 'failed';

export interface EngineState {
  phase: EnginePhase;
  /** The depth of the lines shown (null before the first). */
  depth: number | null;
  lines: readonly ExploreLine[];
  /** Whether the lines came from the server's cache rather than a search. */
  cached: boolean;
}

export const CONNECTING: EngineState = { phase: 'connecting', depth: null, lines: [], cached: false };

export function foldExplore(state: EngineState, event: ExploreEvent): EngineState {
  switch (event.kind) {
    case 'waiting':
      return { ...state, phase: 'waiting' };
    case 'lines':
      return { phase: event.final ? 'done' : 'searching', depth: event.depth, lines: event.lines, cached: event.source === 'cache' };
    case 'done':
      return { ...state, phase: 'done', depth: Math.max(state.depth ?? 0, event.depth) };
    case 'stopped':
      return { ...state, phase: 'stopped' };
    case 'failed':
      return { ...state, phase: 'failed' };
  }
}

/** The stream failed: whatever lines came stay on screen, marked as no longer live. */
export function engineFailed(state: EngineState): EngineState {
  return state.phase === 'done' || state.phase === 'stopped' ? state : { ...state, phase: 'failed' };
}
