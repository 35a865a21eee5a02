import { Icon } from '../../../components/Icon';

interface Props {
  ply: number;
  lastPly: number;
  onStep: (ply: number) => void;
}

/** Buttons to step through the game; the last one returns to the live position. */
export function MoveNavigation({ ply, lastPly, onStep }: Props) {
  return (
    <div className="move-navigation" role="group" aria-label="Move through the game">
      <button type="button" aria-label="First position" onClick={() => onStep(0)} disabled={ply === 0}>
        <Icon name="first" />
      </button>
      <button type="button" aria-label="Previous move (←)" onClick={() => onStep(ply - 1)} disabled={ply === 0}>
        <Icon name="previous" />
      </button>
      <button type="button" aria-label="Next move (→)" onClick={() => onStep(ply + 1)} disabled={ply >= lastPly}>
        <Icon name="next" />
      </button>
      <button
        type="button"
        aria-label="Back to game"
        data-testid="back-to-game"
        onClick={() => onStep(lastPly)}
        disabled={ply >= lastPly}
        className={ply < lastPly ? 'primary' : undefined}
      >
        {ply < lastPly && 'Back to game'}
        <Icon name="last" />
      </button>
    </div>
  );
}
