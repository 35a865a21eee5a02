import type { PieceCode, Placement, SquareName } from '../../../chess/types';

/** What a click (or Enter) on a square does: put this piece there, or take away what stands there. */
export type EditorTool = PieceCode | 'eraser';

/** The palette's pieces, white's then black's, king first as lichess's editor has them. */
export const PALETTE_PIECES: readonly PieceCode[] = ['wK', 'wQ', 'wR', 'wB', 'wN', 'wP', 'bK', 'bQ', 'bR', 'bB', 'bN', 'bP'];

/** `square` holding `piece` (or nothing), every other square as it was. */
export function setSquare(placement: Placement, square: SquareName, piece: PieceCode | null): Placement {
  const next = { ...placement };
  if (piece) next[square] = piece;
  else delete next[square];
  return next;
}

/**
 * A click with `tool` on `square`: the eraser empties it; a piece goes there, unless that very piece
 * already stands there, when it is taken away (so the palette alone, or the keyboard, can undo a placement).
 */
export function applyTool(placement: Placement, square: SquareName, tool: EditorTool): Placement {
  if (tool === 'eraser' || placement[square] === tool) return setSquare(placement, square, null);
  return setSquare(placement, square, tool);
}

/** A piece dragged across the board: it leaves `from` and replaces whatever stood on `to`. */
export function movePiece(placement: Placement, from: SquareName, to: SquareName): Placement {
  const piece = placement[from];
  if (!piece || from === to) return placement;
  return setSquare(setSquare(placement, from, null), to, piece);
}
