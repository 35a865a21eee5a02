import './review.css';
import type { MoveClass } from '../../../../api/analysisTypes';
import { classBadge } from '../model/moveClass';

interface Props {
  moveClass: MoveClass | null | undefined;
  /** From the quick pass (issue #24): muted and named "… (provisional)", as the judgment beside it. */
  provisional?: boolean;
}

/**
 * A move's one badge (issues #25, #38): its class on the scale of expected points lost, whose bad
 * classes carry the `?!`/`?`/`??` of the judgment: a glyph on the class's colour (`--class-<class>` in `tokens.css`), named for screen readers ("Blunder"). Nothing
 * for a ply without a class.
 */
export function MoveClassBadge({ moveClass, provisional = false }: Props) {
  const badge = classBadge(moveClass, provisional);
  if (!badge) return null;
  return (
    <span
      className={`class-badge ${badge.moveClass}${badge.provisional ? ' provisional' : ''}`}
      role="img"
      aria-label={badge.name}
      title={badge.name}
      data-testid="class-badge"
      data-class={badge.moveClass}
      data-provisional={badge.provisional || undefined}
    >
      {badge.glyph}
    </span>
  );
}
