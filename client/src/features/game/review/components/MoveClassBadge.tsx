import './review.css';
import type { MoveClass } from '../../../../api/analysisTypes';
import { classBadge } from '../model/moveClass';

interface Props {
  moveClass: MoveClass | null | undefined;
}

/**
 * A move's class on chess.com's scale (issue #25), beside lichess's `?!`/`?`/`??`: a glyph on the
 * class's colour (`--class-<class>` in `tokens.css`), named for screen readers ("Blunder"). Nothing
 * for a ply without a class.
 */
export function MoveClassBadge({ moveClass }: Props) {
  const badge = classBadge(moveClass);
  if (!badge) return null;
  return (
    <span
      className={`class-badge ${badge.moveClass}`}
      role="img"
      aria-label={badge.name}
      title={badge.name}
      data-testid="class-badge"
      data-class={badge.moveClass}
    >
      {badge.glyph}
    </span>
  );
}
