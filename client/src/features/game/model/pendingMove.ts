import type { LegalMove } from '../../../api/types';

/** The player's move shown on the board while the server (and Stockfish) work on it. */
export interface PendingMove {
  move: LegalMove;
  /** The game's ply when the move was sent (the move becomes ply + 1). */
  ply: number;
}
