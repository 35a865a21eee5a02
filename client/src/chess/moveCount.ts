/**
 * How many moves a game has had, as players count them: a move is white's and black's turn
 * together, so six half-moves are three moves (the third complete), seven are four (the fourth
 * begun). The API counts plies; the player never sees that word.
 */
export function movesPlayed(ply: number): number {
  return Math.ceil(ply / 2);
}

/** `1 move`, `3 moves`. */
export function movesText(ply: number): string {
  const moves = movesPlayed(ply);
  return moves === 1 ? '1 move' : `${moves} moves`;
}
