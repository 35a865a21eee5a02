import type { Color, File, PieceCode, Placement, Rank, SquareName } from './types';
import { FILES } from './types';

/** Words for a screen reader about the board: a square's name and what stands on it. */

const ROLE_NAMES: Record<PieceCode[1], string> = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

/** `wN` → `white knight`. */
export function pieceWords(piece: PieceCode): string {
  return `${piece[0] === 'w' ? 'white' : 'black'} ${ROLE_NAMES[piece[1]]}`;
}

/** What a square says to a screen reader: `e2, white pawn`, `e4, empty`. */
export function squareWords(square: SquareName, placement: Placement): string {
  const piece = placement[square];
  return `${square}, ${piece ? pieceWords(piece) : 'empty'}`;
}

/**
 * The squares as they stand on screen, top row first and left to right in each row: rank 8 and file
 * a first for white's view, rank 1 and file h first for black's. Arrow keys move through this grid.
 */
export function screenRows(orientation: Color): SquareName[][] {
  const ranks: Rank[] = ['8', '7', '6', '5', '4', '3', '2', '1'];
  const files: File[] = [...FILES];
  if (orientation === 'black') {
    ranks.reverse();
    files.reverse();
  }
  return ranks.map((rank): SquareName[] => files.map((file): SquareName => `${file}${rank}`));
}

/** Where an arrow key moves the keyboard's cursor on screen, staying on the board at its edges. */
export function stepOnScreen(orientation: Color, from: SquareName, key: string): SquareName | null {
  const rows = screenRows(orientation);
  const row = rows.findIndex((r) => r.includes(from));
  const column = rows[row].indexOf(from);
  const clamp = (n: number) => Math.min(7, Math.max(0, n));
  switch (key) {
    case 'ArrowUp':
      return rows[clamp(row - 1)][column];
    case 'ArrowDown':
      return rows[clamp(row + 1)][column];
    case 'ArrowLeft':
      return rows[row][clamp(column - 1)];
    case 'ArrowRight':
      return rows[row][clamp(column + 1)];
    case 'Home':
      return rows[row][0];
    case 'End':
      return rows[row][7];
    default:
      return null;
  }
}
