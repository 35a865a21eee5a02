import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { revealRetry, tryRetry } from '../../../../api/retry';
import type { LegalMove } from '../../../../api/types';
import { kingSquare, parseUci, placementFromFen } from '../../../../chess/placement';
import { positionMovesQuery, retryListQuery } from '../api/retryQueries';
import { type RetryAction, type RetrySession, canTry, openPly, retryReducer, startSession } from '../model/retrySession';

/**
 * "Retry your mistakes" (issue #25) for the player's own finished game: the list of puzzles (a
 * query, asked for when the player opens Retry), the session over it (`retrySession.ts`), the open
 * puzzle's board (its position with the player's side at the bottom, its legal moves from the
 * server) and the tries and reveals (mutations the server judges). `canRetry`: the analysis is done
 * and this browser holds the game's token. The engine's answer is never asked for before the
 * player solves or reveals, so it cannot be on the page.
 */
export function useRetry(id: string, token: string | undefined, canRetry: boolean) {
  /** The ply the player asked to start from, while Retry is open; null when closed. */
  const [fromPly, setFromPly] = useState<number | null>(null);
  const [session, setSession] = useState<RetrySession | null>(null);
  const open = fromPly !== null && canRetry;
  const list = useQuery({ ...retryListQuery(id), enabled: open });
  if (open && list.data && !session)
    setSession(
      startSession(
        list.data.map((puzzle) => puzzle.ply),
        fromPly,
      ),
    );

  const dispatch = (action: RetryAction) => setSession((known) => known && retryReducer(known, action));
  const ply = session ? openPly(session) : undefined;
  const puzzle = list.data?.find((known) => known.ply === ply);
  const moves = useQuery({ ...positionMovesQuery(puzzle?.fen ?? ''), enabled: open && puzzle !== undefined });
  // One placement per puzzle: the board drops its selection whenever the placement it is given changes.
  const placement = useMemo(() => (puzzle ? placementFromFen(puzzle.fen) : undefined), [puzzle]);

  const attempt = useMutation({
    mutationFn: ({ ply: at, move }: { ply: number; move: string }) => tryRetry(id, token ?? '', at, move),
    onSuccess: (answer, { ply: at }) => dispatch({ type: 'answered', ply: at, answer }),
  });
  const reveal = useMutation({
    mutationFn: (at: number) => revealRetry(id, token ?? '', at),
    onSuccess: (solution, at) => dispatch({ type: 'revealed', ply: at, solution }),
  });

  const busy = attempt.isPending || reveal.isPending;
  const solutionMove = session?.solution ? parseUci(session.solution.best.uci) : undefined;
  const board =
    puzzle && placement && session
      ? {
          placement,
          orientation: puzzle.turn,
          movable: canTry(session) && !busy && moves.data ? puzzle.turn : null,
          legalMoves: moves.data?.legalMoves ?? [],
          checkSquare: moves.data?.check ? kingSquare(placement, puzzle.turn) : undefined,
          /** The engine's move, drawn only once solved or revealed: the session holds it only then. */
          arrow: solutionMove && { from: solutionMove.from, to: solutionMove.to },
        }
      : null;

  const resetRequests = () => {
    attempt.reset();
    reveal.reset();
  };
  return {
    /** Retry is open: the page shows the puzzle instead of the review. */
    active: open,
    loading: open && (list.isPending || (puzzle !== undefined && moves.isPending)),
    /** The list or the legal moves could not be loaded, or the last try or reveal failed. */
    error: list.error ?? moves.error ?? attempt.error ?? reveal.error ?? null,
    session,
    puzzle,
    board,
    busy,
    start: (from = 0) => {
      resetRequests();
      setSession(null);
      setFromPly(from);
    },
    close: () => {
      resetRequests();
      setSession(null);
      setFromPly(null);
    },
    play: (move: LegalMove) => {
      if (ply !== undefined && session && canTry(session) && !busy) attempt.mutate({ ply, move: move.uci });
    },
    reveal: () => {
      if (ply !== undefined && session && canTry(session) && !busy) reveal.mutate(ply);
    },
    next: () => {
      resetRequests();
      dispatch({ type: 'next' });
    },
  };
}

export type RetryState = ReturnType<typeof useRetry>;
