import './review.css';
import { describeError } from '../../../../api/apiError';
import type { Opening } from '../../../../api/types';
import type { Color } from '../../../../chess/types';
import { ReviewPanel } from './ReviewPanel';
import type { GameReviewState } from '../hooks/useGameReview';

interface Props {
  review: GameReviewState;
  selectedPly: number;
  onSelectPly: (ply: number) => void;
  names: Record<Color, string>;
  opening: Opening | null;
  /** Whether this browser may ask for the analysis (it holds the game's token). */
  canAsk: boolean;
}

/**
 * The review of a finished game, or why there is none yet: loading, failed, or (to a spectator, who
 * has no token to ask with) not asked for by its player.
 */
export function GameReview({ review, selectedPly, onSelectPly, names, opening, canAsk }: Props) {
  const { analysis, loading, error, retry, unrequested } = review;
  if (analysis) {
    return (
      <ReviewPanel
        analysis={analysis}
        line={review.line}
        selectedPly={selectedPly}
        onSelectPly={onSelectPly}
        names={names}
        opening={opening}
        onRetry={canAsk ? retry : undefined}
      />
    );
  }
  if (loading) {
    return (
      <p className="review-waiting" aria-busy="true" data-testid="review-loading">
        Loading the review…
      </p>
    );
  }
  if (error) {
    return (
      <div className="notice" role="alert" data-testid="review-error">
        <span>The review is not available: {describeError(error)}</span>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (unrequested) {
    return (
      <p className="review-waiting" data-testid="review-none">
        This game has not been reviewed yet. Its review appears here once its player asks for one.
      </p>
    );
  }
  return null;
}
