import type { RetryAnswer, Solution } from '../../../../api/retry';

/**
 * "Retry your mistakes" as a state machine, apart from the requests and the board. One puzzle is
 * open at a time; its status says what the player may do and what the page may show:
 *
 * | status      | board      | shown                                   | buttons        |
 * |-------------|------------|-----------------------------------------|----------------|
 * | `trying`    | movable    | the move played and what it cost        | Skip, Reveal   |
 * | `not_quite` | movable    | "Not quite: N points worse… try again" | Skip, Reveal   |
 * | `wrong`     | movable    | "Wrong: try again"                      | Skip, Reveal   |
 * | `solved`    | locked     | "Solved", the best move and its line    | Next           |
 * | `revealed`  | locked     | the best move and its line              | Next           |
 *
 * The solution exists only in the last two: while a puzzle is open nothing of the answer is held,
 * so no component can leak it. Skip and Next both go on; past the last puzzle the session is finished.
 * An answer for another ply than the open one (a slow request answering after Skip) is dropped.
 */
export type RetryStatus = 'trying' | 'not_quite' | 'wrong' | 'solved' | 'revealed';

export interface RetrySession {
  /** The plies of the puzzles, in game order. */
  plies: readonly number[];
  /** The open puzzle's index in `plies`; `plies.length` once finished. */
  index: number;
  status: RetryStatus;
  /** The last try at the open puzzle and what it lost, for the verdict's sentence. */
  lastTry: { san: string; pointsLost: number; loss?: string | null } | null;
  /** The engine's move and line: only once solved or revealed. */
  solution: Solution | null;
  /** Puzzles solved without a reveal, for the closing line. */
  solvedCount: number;
}

export type RetryAction =
  | { type: 'answered'; ply: number; answer: RetryAnswer }
  | { type: 'revealed'; ply: number; solution: Solution }
  /** Skip (unsolved) or Next (solved or revealed): the next puzzle, or the end. */
  | { type: 'next' };

const FRESH = { status: 'trying', lastTry: null, solution: null } as const;

/** A session over `plies`, opened at the first puzzle at or after `fromPly` (the first one if none is). */
export function startSession(plies: readonly number[], fromPly = 0): RetrySession {
  const found = plies.findIndex((ply) => ply >= fromPly);
  return { plies, index: found === -1 ? 0 : found, solvedCount: 0, ...FRESH };
}

export function isFinished(session: RetrySession): boolean {
  return session.index >= session.plies.length;
}

/** The open puzzle's ply, or undefined once finished. */
export function openPly(session: RetrySession): number | undefined {
  return session.plies[session.index];
}

/** Whether the player may play a try now. */
export function canTry(session: RetrySession): boolean {
  return !isFinished(session) && session.status !== 'solved' && session.status !== 'revealed';
}

export function retryReducer(session: RetrySession, action: RetryAction): RetrySession {
  switch (action.type) {
    case 'answered': {
      if (action.ply !== openPly(session) || !canTry(session)) return session;
      const { verdict, tried, pointsLost, loss, solution } = action.answer;
      const lastTry = { san: tried.san, pointsLost, loss };
      if (verdict === 'solved') return { ...session, status: 'solved', lastTry, solution, solvedCount: session.solvedCount + 1 };
      return { ...session, status: verdict, lastTry, solution: null };
    }
    case 'revealed':
      if (action.ply !== openPly(session) || !canTry(session)) return session;
      return { ...session, status: 'revealed', solution: action.solution };
    case 'next':
      if (isFinished(session)) return session;
      return { ...session, index: session.index + 1, ...FRESH };
  }
}

/** `2 / 5`: the open puzzle's place among them. */
export function counterText(session: RetrySession): string {
  return `${Math.min(session.index + 1, session.plies.length)} / ${session.plies.length}`;
}

/** The verdict on the last try (the panel names the move tried beside it); null before any try and after a reveal. */
export function verdictText(session: RetrySession): string | null {
  const { status, lastTry } = session;
  if (!lastTry) return null;
  if (status === 'solved') return 'Solved';
  if (status === 'not_quite') {
    const worse = lastTry.loss ?? `${lastTry.pointsLost.toFixed(2)} points worse than the best move`;
    return `Not quite: ${worse}… try again`;
  }
  if (status === 'wrong') return 'Wrong: try again';
  return null;
}

/** The closing line: `You solved 3 of 5.` */
export function summaryText(session: RetrySession): string {
  return `You solved ${session.solvedCount} of ${session.plies.length}.`;
}
