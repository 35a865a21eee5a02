import { playerOutcome } from '../chess/describe';
import type { Color } from '../chess/types';

/** Every sound the game makes. */
export type SoundName =
  | 'move'
  | 'capture'
  | 'castle'
  | 'promote'
  | 'check'
  | 'win'
  | 'loss'
  | 'draw'
  | 'illegal'
  /** The player's clock dropped under 10 s. */
  | 'lowTime';

/**
 * The sound for a move, read from its SAN (which the server wrote). When a move is several things
 * at once the more important one wins: check over promotion over castling over capture.
 * A mate is a check here; the game-end sound follows it.
 */
export function soundForSan(san: string): SoundName {
  if (san.includes('+') || san.includes('#')) return 'check';
  if (san.includes('=')) return 'promote';
  if (san.startsWith('O-O')) return 'castle';
  if (san.includes('x')) return 'capture';
  return 'move';
}

/** The game-end sound from the player's point of view. */
export function soundForEnd(winner: Color | null, player: Color): SoundName {
  return playerOutcome(winner, player);
}
