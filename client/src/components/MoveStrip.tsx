import { useEffect, useRef } from 'react';
import type { MoveRow } from '../chess/moveList';

interface Props {
  rows: readonly MoveRow[];
  /** The ply whose position is on the board (0 = the start). */
  shownPly: number;
  onSelect: (ply: number) => void;
}

/**
 * The moves in one line above the board, for phones (lichess's strip): the move list sits below the
 * fold there. The move shown is scrolled into view. Hidden on wider screens by the style sheet, where
 * the move list beside the board does this job.
 */
export function MoveStrip({ rows, shownPly, onSelect }: Props) {
  const strip = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (list && current) list.scrollLeft = current.offsetLeft - list.clientWidth / 2 + current.offsetWidth / 2;
    else if (list) list.scrollLeft = list.scrollWidth;
  }, [rows, shownPly]);

  const moves = rows.flatMap((row) => [
    ...(row.white ? [{ ...row.white, number: `${row.number}.` }] : []),
    ...(row.black ? [{ ...row.black, number: row.white ? '' : `${row.number}…` }] : []),
  ]);
  return (
    <ol className="move-strip" ref={strip} aria-label="Moves, in one line" data-testid="move-strip">
      {moves.length === 0 && <li className="move-strip-empty">No moves yet.</li>}
      {moves.map((move) => (
        <li key={move.ply}>
          {move.number && <span className="move-strip-number">{move.number}</span>}
          <button
            type="button"
            className={`move-strip-move${move.ply === shownPly ? ' current' : ''}`}
            aria-current={move.ply === shownPly ? 'step' : undefined}
            data-ply={move.ply}
            onClick={() => onSelect(move.ply)}
          >
            {move.san}
          </button>
        </li>
      ))}
    </ol>
  );
}
