import { useRef, useState, type KeyboardEvent } from 'react';
import { screenRows, squareWords, stepOnScreen } from '../chess/squareWords';
import type { Color, Placement, SquareName } from '../chess/types';

interface Props {
  placement: Placement;
  orientation: Color;
  /** The square picked up, if any. */
  selected: SquareName | null;
  /** Where the piece picked up may go. */
  targets: ReadonlySet<SquareName>;
  /** The last move's arrival square: where the cursor starts when the board is first reached. */
  lastMoveTo?: SquareName;
  /** Enter or Space on a square: pick up the piece there, or drop the one picked up. */
  onActivate: (square: SquareName) => void;
  /** Escape: put the piece picked up back. */
  onCancel: () => void;
}

/**
 * The board for keyboards and screen readers: a grid of 64 named squares ("e2, white pawn") over the
 * drawn board, one tab stop (a roving tabindex), arrow keys moving one square at a time as the squares
 * stand on screen, Enter or Space picking a piece up and dropping it. The drawn board underneath keeps
 * mouse and touch; this grid lets every pointer event through (`pointer-events: none`), so it never
 * takes a click or a drag from it. The drag library's own keyboard drag (which moves a piece by
 * pixels, not squares) is switched off in `Board`.
 */
export function BoardKeyboard({ placement, orientation, selected, targets, lastMoveTo, onActivate, onCancel }: Props) {
  const [cursor, setCursor] = useState<SquareName>(lastMoveTo ?? (orientation === 'white' ? 'e2' : 'e7'));
  const cells = useRef(new Map<SquareName, HTMLDivElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next = stepOnScreen(orientation, cursor, event.key);
    if (next) {
      // The game screen's own arrows (step through the moves) must not also run.
      event.preventDefault();
      event.stopPropagation();
      // Focus moves in the key's own handler, so the next key press starts from the new square even
      // before the board renders again (only a key press inside the grid moves the focus; a new
      // position never pulls it here). Every cell is focusable from script, whatever its tabIndex.
      setCursor(next);
      cells.current.get(next)?.focus();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      onActivate(cursor);
    } else if (event.key === 'Escape' && selected) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const label = (square: SquareName) => {
    const words = squareWords(square, placement);
    if (!targets.has(square)) return words;
    return `${words}, ${placement[square] ? 'can capture' : 'can move here'}`;
  };

  return (
    <div className="board-cells" role="grid" aria-label="Chess board" data-testid="board-grid" onKeyDown={onKeyDown}>
      {screenRows(orientation).map((row) => (
        <div className="board-cells-row" role="row" key={row[0]}>
          {row.map((square) => (
            <div
              key={square}
              ref={(element) => {
                if (element) cells.current.set(square, element);
                else cells.current.delete(square);
              }}
              className="board-cell"
              role="gridcell"
              tabIndex={square === cursor ? 0 : -1}
              aria-label={label(square)}
              aria-selected={selected === square}
              data-cell={square}
              onFocus={() => setCursor(square)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
