import type { GameEndReason } from '../api/types';
import type { Color } from './types';

/** Words for the player: game-end reasons and who won. */

const REASONS: Record<GameEndReason, string> = {
  checkmate: 'by checkmate',
  stalemate: 'by stalemate',
  threefold_repetition: 'by threefold repetition',
  fifty_move_rule: 'by the fifty-move rule',
  insufficient_material: 'by insufficient material',
  resignation: 'by resignation',
  fivefold_repetition: 'by fivefold repetition',
  seventy_five_move_rule: 'by the seventy-five-move rule',
  agreement: 'by agreement',
};

export function describeReason(reason: GameEndReason | null): string {
  return reason ? REASONS[reason] : '';
}

/** How the game ended from the player's side. */
export function playerOutcome(winner: Color | null, player: Color): 'win' | 'loss' | 'draw' {
  if (winner === null) return 'draw';
  return winner === player ? 'win' : 'loss';
}

/** The headline of the game-over panel, from the player's side, or a spectator's (who is neither side). */
export function describeOutcome(winner: Color | null, player: Color, reason: GameEndReason | null, spectator = false): string {
  if (winner === null) return 'Draw';
  if (spectator) return `${winner === 'white' ? 'White' : 'Black'} won`;
  if (winner === player) return 'You won';
  return reason === 'resignation' ? 'You resigned' : 'Stockfish won';
}
