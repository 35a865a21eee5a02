import type { GameView } from '../../../api/types';

/** The words for a game's variant: "Chess960 · setup 518", "Chess960" from a set-up position, none for standard chess. */
export function variantText(view: Pick<GameView, 'variant' | 'chess960_position'>): string | null {
  if (view.variant !== 'chess960') return null;
  return view.chess960_position === null || view.chess960_position === undefined
    ? 'Chess960'
    : `Chess960 · setup ${view.chess960_position}`;
}

/**
 * Says a Chess960 game is one, and which of the 960 setups it started from (issue #40, #96): the
 * castling rules differ, and the setup number is how a player finds the same start again.
 */
export function VariantBadge({ view }: { view: Pick<GameView, 'variant' | 'chess960_position'> }) {
  const text = variantText(view);
  return text ? (
    <p className="variant-badge" data-testid="variant-badge">
      {text}
    </p>
  ) : null;
}
