import type { Judgment } from '../../../api/analysisTypes';
import { JUDGMENT_NAME, JUDGMENT_SYMBOL } from './judgment';

interface Props {
  judgment: Judgment;
}

/** The annotation after a move: `?!` inaccuracy (yellow), `?` mistake (orange), `??` blunder (red). */
export function JudgmentBadge({ judgment }: Props) {
  const name = JUDGMENT_NAME[judgment];
  return (
    <span
      className={`judgment-badge ${judgment}`}
      role="img"
      aria-label={name}
      title={name}
      data-testid="judgment-badge"
      data-judgment={judgment}
    >
      {JUDGMENT_SYMBOL[judgment]}
    </span>
  );
}
