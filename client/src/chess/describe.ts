import type { GameEndReason } from '../api/types';
import type { Color } from './types';

/** Words for the player: who won a finished game, and how. */

/** How a game ended, after the headline: "You won" … "by checkmate". */
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
  // Named by the side whose flag fell, in `describeEnd`.
  timeout: 'on time',
  timeout_vs_insufficient_material: 'time out vs insufficient material',
};

/** A side's name: `White`, `Black`. */
export function colorName(color: Color): string {
  return color === 'white' ? 'White' : 'Black';
}

/** How the game ended from the player's side. */
export function playerOutcome(winner: Color | null, player: Color): 'win' | 'loss' | 'draw' {
  if (winner === null) return 'draw';
  return winner === player ? 'win' : 'loss';
}

/** The game-over panel's two lines: `Stockfish won` / `You resigned`, `Draw` / `by stalemate`. */
export interface EndText {
  headline: string;
  reason: string;
}

/**
 * What the game-over panel says, from the player's side or, for a spectator (who is neither side),
 * by colour. The two lines never say the same thing twice: a resignation names who resigned under
 * the winner ("Stockfish won / You resigned"), every other reason says how ("by checkmate").
 */
export function describeEnd(winner: Color | null, player: Color, reason: GameEndReason | null, spectator = false): EndText {
  const name = (color: Color) => (spectator ? colorName(color) : color === player ? 'You' : 'Stockfish');
  const headline = winner === null ? 'Draw' : `${name(winner)} won`;
  if (reason === null) return { headline, reason: '' };
  if (reason === 'resignation' && winner !== null) {
    const loser: Color = winner === 'white' ? 'black' : 'white';
    return { headline, reason: `${name(loser)} resigned` };
  }
  if (reason === 'timeout' && winner !== null) {
    // By colour even to the player: the clocks on screen are white's and black's.
    return { headline, reason: `${colorName(winner === 'white' ? 'black' : 'white')} lost on time` };
  }
  return { headline, reason: REASONS[reason] };
}
