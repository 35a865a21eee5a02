import { Icon, type IconName } from '../../../components/Icon';

interface Props {
  atStart: boolean;
  atEnd: boolean;
  /** Whether the move shown is on a side line (promoting it means something). */
  onSideLine: boolean;
  /** Whether a move is shown (the start position has no line to delete). */
  onMove: boolean;
  first: () => void;
  back: () => void;
  forward: () => void;
  last: () => void;
  promote: (toMainline: boolean) => void;
  deleteHere: () => void;
  flip: () => void;
}

/** The four steps through the tree, with their keys: those towards the end are off at the end, the others at the start. */
const STEPS: readonly { step: 'first' | 'back' | 'forward' | 'last'; icon: IconName; label: string; towardsEnd: boolean }[] = [
  { step: 'first', icon: 'first', label: 'First position (↑ or Home)', towardsEnd: false },
  { step: 'back', icon: 'previous', label: 'Previous move (←)', towardsEnd: false },
  { step: 'forward', icon: 'next', label: 'Next move (→)', towardsEnd: true },
  { step: 'last', icon: 'last', label: 'End of the line (↓ or End)', towardsEnd: true },
];

/** Stepping through the tree, and the line operations of lichess's move context menu. */
export function AnalysisControls(props: Props) {
  const { atStart, atEnd, onSideLine, onMove } = props;
  return (
    <div className="analysis-controls">
      <div className="move-navigation" role="group" aria-label="Move through the tree">
        {STEPS.map(({ step, icon, label, towardsEnd }) => (
          <button
            key={step}
            type="button"
            aria-label={label}
            onClick={props[step]}
            disabled={towardsEnd ? atEnd : atStart}
            data-testid={`analysis-${step}`}
          >
            <Icon name={icon} />
          </button>
        ))}
      </div>
      <div className="analysis-line-actions" role="group" aria-label="The line of the move shown">
        <button type="button" onClick={() => props.promote(false)} disabled={!onSideLine} data-testid="analysis-promote">
          Promote variation
        </button>
        <button type="button" onClick={() => props.promote(true)} disabled={!onSideLine} data-testid="analysis-mainline">
          Make mainline
        </button>
        <button type="button" onClick={props.deleteHere} disabled={!onMove} data-testid="analysis-delete">
          Delete from here
        </button>
        <button type="button" onClick={props.flip} data-testid="analysis-flip">
          <Icon name="flip" /> Flip
        </button>
      </div>
    </div>
  );
}
