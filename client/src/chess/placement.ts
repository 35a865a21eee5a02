import type { Color, PieceCode, Placement, SquareName } from './types';
import { FILES, colorLetter, isSquareName } from './types';

/**
 * Reading the server's FENs for display. The server is the only judge of chess rules: every
 * position the board shows (the live one, the one after the player's move while the server
 * answers, an earlier one) is a FEN the server computed; these helpers only read them.
 */

const FEN_PIECES: Record<string, PieceCode> = {
  P: 'wP',
  N: 'wN',
  B: 'wB',
  R: 'wR',
  Q: 'wQ',
  K: 'wK',
  p: 'bP',
  n: 'bN',
  b: 'bB',
  r: 'bR',
  q: 'bQ',
  k: 'bK',
};

/** FEN's letter `char` as a piece (`N` → `wN`, `n` → `bN`); `undefined` for any other text. */
export function pieceFromFenLetter(char: string): PieceCode | undefined {
  return Object.hasOwn(FEN_PIECES, char) ? FEN_PIECES[char] : undefined;
}

/** Reads the piece-placement field of a FEN (the server's FENs are always valid). */
export function placementFromFen(fen: string): Placement {
  const placement: Placement = {};
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, index) => {
    const rank = 8 - index;
    let file = 0;
    for (const char of row) {
      if (/\d/.test(char)) {
        file += Number(char);
        continue;
      }
      const piece = FEN_PIECES[char];
      const square = `${FILES[file]}${rank}`;
      if (piece && isSquareName(square)) placement[square] = piece;
      file += 1;
    }
  });
  return placement;
}

/** The side to move according to a FEN. */
export function turnFromFen(fen: string): Color {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

/** The full-move number a FEN starts at (1 when the field is missing). */
export function fullmoveFromFen(fen: string): number {
  const value = Number(fen.split(' ')[5]);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** A UCI move split into squares; `undefined` when the text is not UCI. */
export function parseUci(uci: string): { from: SquareName; to: SquareName; promotion?: string } | undefined {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  if (!isSquareName(from) || !isSquareName(to)) return undefined;
  return { from, to, promotion: uci[4] };
}

/** Where the king of `color` stands, if it is on the board. */
export function kingSquare(placement: Placement, color: Color): SquareName | undefined {
  const king = `${colorLetter(color)}K`;
  return (Object.keys(placement) as SquareName[]).find((square) => placement[square] === king);
}
