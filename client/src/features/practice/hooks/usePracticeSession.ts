import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type PracticeCard, revealPracticeCard, tryPracticeCard } from '../../../api/practice';
import { queryKeys } from '../../../api/queryKeys';
import type { LegalMove } from '../../../api/types';
import { kingSquare, parseUci, placementFromFen } from '../../../chess/placement';
import { getPositionMoves } from '../../../api/positionMoves';

/** Where the open card stands: the solution exists only once `solved` or `revealed`. */
export type CardStatus = 'trying' | 'not_quite' | 'wrong' | 'solved' | 'revealed';

/** What the page may show of the open card: the solution and sentence only after a solve or reveal. */
export interface CardOutcome {
  status: CardStatus;
  /** The last try, and its loss as the server words it ("loses about 1.8 pawns (62 % → 35 %)"). */
  lastTry: { san: string; pointsLost: number; loss: string } | null;
  /** When the card is due next (unix seconds), from the last answer. */
  due: number | null;
  solution: { san: string; uci: string; line: string[] } | null;
  sentence: string | null;
  /** Whether a wrong try came before this card's solve (the server grades it `hard`). */
  missedOnce: boolean;
}

/** A card's legal moves from the server's rules (the same cache entry as a retry puzzle's); they never change. */
function cardMovesQuery(fen: string) {
  return queryOptions({ queryKey: queryKeys.legalMoves(fen), queryFn: ({ signal }) => getPositionMoves(fen, signal), staleTime: Infinity });
}

const FRESH: CardOutcome = { status: 'trying', lastTry: null, due: null, solution: null, sentence: null, missedOnce: false };

/**
 * A practice session over the cards due when it opened (issue #41): one card at a time on the
 * board, with its legal moves from the server; each try and reveal is a mutation the server judges
 * and schedules. Nothing of the answer is asked for before a solve or reveal, so it cannot be on
 * the page. The deck is asked again when the session moves on, so the counts stay true.
 */
export function usePracticeSession(key: string, cards: readonly PracticeCard[]) {
  const client = useQueryClient();
  const [index, setIndex] = useState(0);
  const [outcome, setOutcome] = useState<CardOutcome>(FRESH);
  const [solved, setSolved] = useState(0);
  const card = cards[index];
  const moves = useQuery({ ...cardMovesQuery(card?.fen ?? ''), enabled: card !== undefined });
  const placement = useMemo(() => (card ? placementFromFen(card.fen) : undefined), [card]);

  const attempt = useMutation({
    mutationFn: ({ id, move }: { id: string; move: string }) => tryPracticeCard(key, id, move),
    onSuccess: (answer, { id }) => {
      if (id !== card?.id) return;
      const lastTry = { san: answer.tried.san, pointsLost: answer.points_lost, loss: answer.loss };
      if (answer.verdict === 'solved') setSolved((count) => count + 1);
      setOutcome((known) => ({
        status: answer.verdict,
        lastTry,
        due: answer.due,
        solution: answer.verdict === 'solved' && answer.solution ? { ...answer.solution.best, line: answer.solution.line } : null,
        sentence: answer.verdict === 'solved' ? (answer.sentence ?? null) : null,
        missedOnce: known.missedOnce || answer.verdict !== 'solved',
      }));
    },
  });
  const reveal = useMutation({
    mutationFn: (id: string) => revealPracticeCard(key, id),
    onSuccess: (answer, id) => {
      if (id !== card?.id) return;
      setOutcome((known) => ({
        ...known,
        status: 'revealed',
        due: answer.due,
        solution: { ...answer.solution.best, line: answer.solution.line },
        sentence: answer.sentence ?? null,
      }));
    },
  });

  const busy = attempt.isPending || reveal.isPending;
  const open = outcome.status !== 'solved' && outcome.status !== 'revealed';
  const arrow = outcome.solution ? parseUci(outcome.solution.uci) : undefined;
  const board =
    card && placement
      ? {
          placement,
          orientation: card.turn,
          movable: open && !busy && moves.data ? card.turn : null,
          legalMoves: moves.data?.legalMoves ?? [],
          checkSquare: moves.data?.check ? kingSquare(placement, card.turn) : undefined,
          arrow: arrow && { from: arrow.from, to: arrow.to },
        }
      : null;

  return {
    card,
    index,
    count: cards.length,
    solved,
    finished: index >= cards.length,
    outcome,
    board,
    busy,
    loading: card !== undefined && moves.isPending,
    error: moves.error ?? attempt.error ?? reveal.error ?? null,
    play: (move: LegalMove) => {
      if (card && open && !busy) attempt.mutate({ id: card.id, move: move.uci });
    },
    reveal: () => {
      if (card && open && !busy) reveal.mutate(card.id);
    },
    /** Skip (unsolved) or Next (solved or revealed). */
    next: () => {
      attempt.reset();
      reveal.reset();
      setOutcome(FRESH);
      setIndex((at) => at + 1);
      void client.invalidateQueries({ queryKey: queryKeys.practice(key) });
    },
  };
}

export type PracticeSession = ReturnType<typeof usePracticeSession>;
