import { type ReactNode, useEffect, useRef } from 'react';
import type { MoveRow } from '../chess/moveList';

interface Props {
  rows: readonly MoveRow[];
  /** The ply whose position is on the board (0 = the start). */
  shownPly: number;
  onSelect: (ply: number) => void;
  /** Something to draw after a move, e.g. the review's `??` badge; nothing by default. */
  decorate?: (ply: number) => ReactNode;
}

/** The score sheet: numbered SAN pairs; clicking a move shows the position after it. */
export function MoveList({ rows, shownPly, onSelect, decorate }: Props) {
  const end = useRef<HTMLOListElement>(null);
  const lastPly = rows.length === 0 ? 0 : ((rows[rows.length - 1].black ?? rows[rows.length - 1].white)?.ply ?? 0);

  useEffect(() => {
    const list = end.current;
    if (list && shownPly === lastPly) list.scrollTop = list.scrollHeight;
  }, [lastPly, shownPly]);

  if (rows.length === 0) return <p className="move-list-empty">No moves yet.</p>;
  const cell = (move: MoveRow['white'], placeholder: boolean) =>
    move ? (
      <button
        type="button"
        className={`move${move.ply === shownPly ? ' current' : ''}`}
        data-ply={move.ply}
        aria-current={move.ply === shownPly ? 'step' : undefined}
        onClick={() => onSelect(move.ply)}
      >
        {move.san}
        {decorate?.(move.ply)}
      </button>
    ) : placeholder ? (
      <span className="move placeholder">…</span>
    ) : null;
  return (
    <ol className="move-list" ref={end} aria-label="Moves">
      {rows.map((row) => (
        <li key={row.number} className="move-row">
          <span className="move-number">{row.number}.</span>
          {cell(row.white, true)}
          {cell(row.black, false)}
        </li>
      ))}
    </ol>
  );
}
