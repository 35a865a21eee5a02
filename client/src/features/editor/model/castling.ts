import type { Color, Placement, SquareName } from '../../../chess/types';

/**
 * Castling rights in standard chess, as the editor's four checkboxes hold them. A right is possible
 * only with the king on its starting square and the rook on its corner (the server's FEN reader
 * refuses anything else: "castling rights without king and rook on their squares"), so the editor
 * keeps what the player ticked and writes only the rights the board allows: moving the rook away
 * and back brings a ticked right back.
 */
export interface CastlingRights {
  whiteKingSide: boolean;
  whiteQueenSide: boolean;
  blackKingSide: boolean;
  blackQueenSide: boolean;
}

export type CastlingRight = keyof CastlingRights;

interface RightFacts {
  right: CastlingRight;
  /** The checkbox's name. */
  label: string;
  /** FEN's letter for it. */
  letter: 'K' | 'Q' | 'k' | 'q';
  color: Color;
  king: SquareName;
  rook: SquareName;
}

/** The four rights in FEN's order (`KQkq`). */
export const CASTLING_RIGHTS: readonly RightFacts[] = [
  { right: 'whiteKingSide', label: 'White O-O', letter: 'K', color: 'white', king: 'e1', rook: 'h1' },
  { right: 'whiteQueenSide', label: 'White O-O-O', letter: 'Q', color: 'white', king: 'e1', rook: 'a1' },
  { right: 'blackKingSide', label: 'Black O-O', letter: 'k', color: 'black', king: 'e8', rook: 'h8' },
  { right: 'blackQueenSide', label: 'Black O-O-O', letter: 'q', color: 'black', king: 'e8', rook: 'a8' },
];

export const NO_CASTLING: CastlingRights = { whiteKingSide: false, whiteQueenSide: false, blackKingSide: false, blackQueenSide: false };
export const ALL_CASTLING: CastlingRights = { whiteKingSide: true, whiteQueenSide: true, blackKingSide: true, blackQueenSide: true };

/** Which rights the board allows: king on e1/e8 and the rook on that side's corner. */
export function possibleCastling(placement: Placement): CastlingRights {
  const possible = { ...NO_CASTLING };
  for (const { right, color, king, rook } of CASTLING_RIGHTS) {
    const letter = color === 'white' ? 'w' : 'b';
    possible[right] = placement[king] === `${letter}K` && placement[rook] === `${letter}R`;
  }
  return possible;
}

/** FEN's castling field: the rights ticked that the board allows, in `KQkq` order, or `-`. */
export function castlingField(ticked: CastlingRights, placement: Placement): string {
  const possible = possibleCastling(placement);
  const letters = CASTLING_RIGHTS.filter(({ right }) => ticked[right] && possible[right]).map(({ letter }) => letter);
  return letters.length > 0 ? letters.join('') : '-';
}

/** Reads FEN's castling field (`-` or letters of `KQkq`, each at most once); `undefined` otherwise. */
export function castlingFromField(field: string): CastlingRights | undefined {
  if (field === '-') return { ...NO_CASTLING };
  const rights = { ...NO_CASTLING };
  for (const char of field) {
    const facts = CASTLING_RIGHTS.find(({ letter }) => letter === char);
    if (!facts || rights[facts.right]) return undefined;
    rights[facts.right] = true;
  }
  return field.length > 0 ? rights : undefined;
}
