import type { Color } from './types';

/** One numbered row of a move list: `12. Nf3 Nc6`; `white` is missing when the game began with black to move. */
export interface MoveRow {
  number: number;
  white?: { san: string; ply: number };
  black?: { san: string; ply: number };
}

/**
 * Pairs SAN moves into numbered rows the way a score sheet does, starting from the full-move number
 * and side to move of the game's first position. `ply` is 1-based (the position after that move).
 */
export function pairMoves(sans: readonly string[], firstTurn: Color, firstFullmove: number): MoveRow[] {
  const rows: MoveRow[] = [];
  let row: MoveRow | undefined;
  sans.forEach((san, index) => {
    const ply = index + 1;
    const color: Color = (index % 2 === 0) === (firstTurn === 'white') ? 'white' : 'black';
    if (color === 'white' || !row) {
      row = { number: firstFullmove + rows.length };
      rows.push(row);
    }
    row[color] = { san, ply };
    if (color === 'black') row = undefined;
  });
  return rows;
}

/**
 * A line of moves written the way a book does, numbered from the position it starts in:
 * `1... e5 2. Nf3 Nc6` (black to move first) or `12. Nf3 Nc6`.
 */
export function lineText(sans: readonly string[], firstTurn: Color, firstFullmove: number): string {
  return pairMoves(sans, firstTurn, firstFullmove)
    .map((row) => {
      const white = row.white ? `${row.number}. ${row.white.san}` : `${row.number}...`;
      return row.black ? `${white} ${row.black.san}` : white;
    })
    .join(' ');
}
