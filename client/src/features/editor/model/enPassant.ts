import { FILES, type Color, type Placement, type SquareName } from '../../../chess/types';

/**
 * The squares that could be the en-passant square with `turn` to move, by the rule the server's FEN
 * reader applies: on the third rank of the side that just moved (rank 6 when white is to move), empty,
 * the square the pawn jumped from empty too, and that side's pawn right in front of it. Whether a pawn
 * stands ready to capture does not matter to the FEN, so it does not matter here.
 */
export function enPassantCandidates(placement: Placement, turn: Color): SquareName[] {
  const [target, from, pawnAt, pawn] = turn === 'white' ? (['6', '7', '5', 'bP'] as const) : (['3', '2', '4', 'wP'] as const);
  return FILES.filter(
    (file) => !placement[`${file}${target}`] && !placement[`${file}${from}`] && placement[`${file}${pawnAt}`] === pawn,
  ).map((file): SquareName => `${file}${target}`);
}
