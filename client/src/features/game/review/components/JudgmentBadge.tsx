import './review.css';
import type { Judgment } from '../../../../api/analysisTypes';
import { JUDGMENT_SYMBOL, judgmentName } from '../model/judgment';

interface Props {
  judgment: Judgment;
  /** From the quick pass (issue #24): shown muted and named "… (provisional)" until the final ply replaces it. */
  provisional?: boolean;
}

/** The annotation after a move: `?!` inaccuracy (yellow), `?` mistake (orange), `??` blunder (red). */
export function JudgmentBadge({ judgment, provisional = false }: Props) {
  const name = judgmentName({ judgment, provisional });
  return (
    <span
      className={`judgment-badge ${judgment}${provisional ? ' provisional' : ''}`}
      role="img"
      aria-label={name}
      title={name}
      data-testid="judgment-badge"
      data-judgment={judgment}
      data-provisional={provisional || undefined}
    >
      {JUDGMENT_SYMBOL[judgment]}
    </span>
  );
}
