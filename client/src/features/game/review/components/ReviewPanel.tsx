import { PracticeLink } from '../../../../practice/PracticeLink';
import { useId } from 'react';
import type { Analysis } from '../../../../api/analysisTypes';
import type { Color } from '../../../../chess/types';
import { AccuracyPanel } from './AccuracyPanel';
import { BestMoveInfo } from './BestMoveInfo';
import { EvalGraph } from './EvalGraph';
import { MoveClassLegend } from './MoveClassLegend';
import type { GameLine } from '../model/gameLine';

interface Props {
  analysis: Analysis;
  line: GameLine;
  /** The ply on the board (0 = the starting position). */
  selectedPly: number;
  onSelectPly: (ply: number) => void;
  /** What to call each side in the figures, e.g. "You" and "Stockfish". */
  names?: Record<Color, string>;
  /** The game's opening (`GameView.opening`), named above the figures when known. */
  opening?: { eco: string; name: string } | null;
  /** Asks for the analysis again after a failure; leave it out for a spectator. */
  onRetry?: () => void;
}

/**
 * The post-game review: the figures (or the progress), the evaluation graph and what Stockfish says
 * about the selected move. It draws what has been analysed so far, so it can be shown while the
 * analysis runs. The move-list badges (`judgmentsByPly`) and the board's arrow (`bestMoveArrow`)
 * are the caller's, as they decorate components this panel does not own.
 */
export function ReviewPanel({ analysis, line, selectedPly, onSelectPly, names, opening, onRetry }: Props) {
  const title = useId();
  const { plies } = analysis;
  return (
    <section className="review-panel" aria-labelledby={title} data-testid="review-panel" data-status={analysis.status}>
      <h2 id={title} className="review-title">
        Game review
      </h2>
      {opening && (
        <p className="review-opening" data-testid="opening">
          <span className="review-eco">{opening.eco}</span> {opening.name}
        </p>
      )}
      <AccuracyPanel analysis={analysis} names={names} onRetry={onRetry} />
      {analysis.status === 'done' && <PracticeLink />}
      {plies.length > 0 && (
        <>
          <EvalGraph plies={plies} line={line} selectedPly={selectedPly} onSelectPly={onSelectPly} />
          <BestMoveInfo plies={plies} ply={selectedPly} line={line} />
          <MoveClassLegend />
        </>
      )}
    </section>
  );
}
