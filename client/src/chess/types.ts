/** Chess vocabulary shared by the client, named like the engine crate's types. */

export type Color = 'white' | 'black';
export type File = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
export type Rank = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
export type SquareName = `${File}${Rank}`;
/** A role as UCI writes a promotion: queen, rook, bishop, knight. */
export type PromotionRole = 'q' | 'r' | 'b' | 'n';
/** react-chessboard's piece codes: colour letter then role letter, e.g. `wP`, `bK`. */
export type PieceCode = `${'w' | 'b'}${'P' | 'N' | 'B' | 'R' | 'Q' | 'K'}`;
/** What stands on each occupied square; a display value, never validated here. */
export type Placement = Partial<Record<SquareName, PieceCode>>;

export const FILES: readonly File[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

export function opposite(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}

export function colorLetter(color: Color): 'w' | 'b' {
  return color === 'white' ? 'w' : 'b';
}

export function isSquareName(text: string): text is SquareName {
  return /^[a-h][1-8]$/.test(text);
}
