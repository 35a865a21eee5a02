import { useMemo } from 'react';
import type { GameView } from '../../../../api/types';
import { bestMoveArrow } from '../model/bestMove';
import { type GameLine, gameLine, moverOf } from '../model/gameLine';
import { graphShare } from '../model/graph';
import { judgmentsByPly } from '../model/judgment';
import { useAnalysis } from './useAnalysis';

const NO_LINE: GameLine = { sans: [], firstTurn: 'white', firstFullmove: 1 };

/**
 * Everything the game screen shows of the post-game review: the analysis (followed once the game
 * is finished), the moves it names by ply, the badges for the move list, and the best move at the
 * selected ply as an arrow with its score for the evaluation bar. The arrow only marks a judged move: on a good move it would just
 * repeat the move played.
 */
export function useGameReview(id: string, token: string | undefined, view: GameView | null, selectedPly: number, streamOpen: boolean) {
  const review = useAnalysis(id, token, view?.review, view?.status === 'finished', streamOpen);
  const line = useMemo(() => (view ? gameLine(view) : NO_LINE), [view]);
  const plies = review.analysis?.plies;
  const judged = useMemo(() => judgmentsByPly(plies ?? []), [plies]);
  /** Each analysed ply by number, for the move list's class badges (issue #25). */
  const byPly = useMemo(() => new Map((plies ?? []).map((analysed) => [analysed.ply, analysed])), [plies]);
  const arrow = useMemo(() => {
    const analysed = plies?.find((p) => p.ply === selectedPly);
    return analysed?.judgment ? bestMoveArrow(analysed) : undefined;
  }, [plies, selectedPly]);
  /** The analysis's score of the position on the board, for the evaluation bar. */
  const evaluation = useMemo(() => {
    const analysed = plies?.find((p) => p.ply === selectedPly);
    return analysed && { score: analysed.eval, share: graphShare(analysed.eval, moverOf(analysed.ply, line.firstTurn)) };
  }, [plies, selectedPly, line]);
  return { ...review, line, judged, byPly, arrow, evaluation };
}

export type GameReviewState = ReturnType<typeof useGameReview>;
