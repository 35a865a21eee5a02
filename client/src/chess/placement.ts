import type { Color, PieceCode, Placement, SquareName } from './types';
import { FILES, colorLetter, isSquareName } from './types';

/**
 * Piece placement for display. The server is the only judge of legality; these helpers just move
 * pictures around so the board can show a move (already validated by the server) before the
 * server's answer arrives, and so earlier positions of a game can be looked at.
 */

const FEN_PIECES: Record<string, PieceCode> = {
  P: 'wP', N: 'wN', B: 'wB', R: 'wR', Q: 'wQ', K: 'wK',
  p: 'bP', n: 'bN', b: 'bB', r: 'bR', q: 'bQ', k: 'bK',
};

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

/**
 * The placement after a legal move given in UCI: moves the piece, and for the three moves that
 * touch a second square (castling's rook, en passant's pawn) or change the piece (promotion),
 * does that too.
 */
export function applyUci(placement: Placement, uci: string): Placement {
  const move = parseUci(uci);
  if (!move) return placement;
  const next: Placement = { ...placement };
  const piece = next[move.from];
  if (!piece) return placement;
  const side = piece[0] as 'w' | 'b';
  const role = piece[1];
  const fileDelta = move.to.charCodeAt(0) - move.from.charCodeAt(0);
  delete next[move.from];

  if (role === 'K' && Math.abs(fileDelta) === 2) {
    const rank = move.from[1];
    const [rookFrom, rookTo] = fileDelta > 0 ? [`h${rank}`, `f${rank}`] : [`a${rank}`, `d${rank}`];
    if (isSquareName(rookFrom) && isSquareName(rookTo) && next[rookFrom]) {
      next[rookTo] = next[rookFrom];
      delete next[rookFrom];
    }
  }
  if (role === 'P' && fileDelta !== 0 && !next[move.to]) {
    const captured = `${move.to[0]}${move.from[1]}`;
    if (isSquareName(captured)) delete next[captured];
  }
  next[move.to] = move.promotion ? (`${side}${move.promotion.toUpperCase()}` as PieceCode) : piece;
  return next;
}

/** Where the king of `color` stands, if it is on the board. */
export function kingSquare(placement: Placement, color: Color): SquareName | undefined {
  const king = `${colorLetter(color)}K`;
  return (Object.keys(placement) as SquareName[]).find((square) => placement[square] === king);
}
