import type { Score } from '../api/types';
import { describeScore, formatScore, whiteShare } from '../chess/evaluation';
import type { Color } from '../chess/types';

interface Props {
  /** White's-point-of-view score of the latest search, or nothing yet (the bar rests at equal). */
  score?: Score;
  /** White's part grows from the bottom when white is at the bottom of the board, as on lichess. */
  orientation: Color;
  /** White's share of the bar when the score alone cannot say (after a checkmate, `{mate: 0}`). */
  share?: number;
}

/** The evaluation bar beside the board; it glides from one score to the next. */
export function EvalBar({ score, orientation, share: given }: Props) {
  const share = given ?? (score ? whiteShare(score) : 0.5);
  const text = score ? formatScore(score) : '';
  return (
    <div
      className={`eval-bar${orientation === 'black' ? ' flipped' : ''}${score ? '' : ' idle'}`}
      role="img"
      aria-label={score ? `Evaluation ${text}: ${describeScore(score)}` : 'No evaluation yet'}
      title={score ? `${text} (${describeScore(score)})` : undefined}
      data-testid="eval-bar"
      data-eval={text}
    >
      <div className="eval-bar-white" style={{ transform: `scaleY(${share})` }} />
    </div>
  );
}
