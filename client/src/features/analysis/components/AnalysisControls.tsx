import { Icon } from '../../../components/Icon';

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

/** Stepping through the tree, and the line operations of lichess's move context menu. */
export function AnalysisControls(props: Props) {
  const { atStart, atEnd, onSideLine, onMove } = props;
  return (
    <div className="analysis-controls">
      <div className="move-navigation" role="group" aria-label="Move through the tree">
        <button type="button" aria-label="First position (↑ or Home)" onClick={props.first} disabled={atStart} data-testid="analysis-first">
          <Icon name="first" />
        </button>
        <button type="button" aria-label="Previous move (←)" onClick={props.back} disabled={atStart} data-testid="analysis-back">
          <Icon name="previous" />
        </button>
        <button type="button" aria-label="Next move (→)" onClick={props.forward} disabled={atEnd} data-testid="analysis-forward">
          <Icon name="next" />
        </button>
        <button type="button" aria-label="End of the line (↓ or End)" onClick={props.last} disabled={atEnd} data-testid="analysis-last">
          <Icon name="last" />
        </button>
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
