/** The standard starting position, as the server writes it. */
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Whether a FEN is the standard start (placement, side, castling, en passant; the counters aside). */
export function isStandardStart(fen: string): boolean {
  return fen.split(' ').slice(0, 4).join(' ') === START_FEN.split(' ').slice(0, 4).join(' ');
}
