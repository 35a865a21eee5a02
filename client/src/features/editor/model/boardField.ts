import { pieceFromFenLetter } from '../../../chess/placement';
import { FILES, type PieceCode, type Placement, type SquareName } from '../../../chess/types';

/**
 * The piece-placement field of a FEN, both ways, for a board the player is still building: any
 * number of kings or pawns anywhere is allowed here (the server's FEN reader judges the position),
 * but a field that is not eight ranks of eight squares is not a board at all.
 */

/** `wN` → `N`, `bN` → `n`: FEN's letter for a piece. */
export function pieceLetter(piece: PieceCode): string {
  return piece[0] === 'w' ? piece[1] : piece[1].toLowerCase();
}

/** Writes the placement as FEN's first field, rank 8 first, runs of empty squares as digits. */
export function boardField(placement: Placement): string {
  const ranks: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let text = '';
    let empty = 0;
    for (const file of FILES) {
      const piece = placement[`${file}${rank}` as SquareName];
      if (!piece) {
        empty++;
        continue;
      }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += pieceLetter(piece);
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  return ranks.join('/');
}

/** Reads FEN's first field; `undefined` when it is not eight ranks of exactly eight squares each. */
export function placementFromBoardField(field: string): Placement | undefined {
  const rows = field.split('/');
  if (rows.length !== 8) return undefined;
  const placement: Placement = {};
  for (const [index, row] of rows.entries()) {
    const rank = 8 - index;
    let file = 0;
    for (const char of row) {
      if (/^[1-8]$/.test(char)) {
        file += Number(char);
      } else {
        const piece = pieceFromFenLetter(char);
        if (!piece || file > 7) return undefined;
        placement[`${FILES[file]}${rank}` as SquareName] = piece;
        file++;
      }
      if (file > 8) return undefined;
    }
    if (file !== 8) return undefined;
  }
  return placement;
}
