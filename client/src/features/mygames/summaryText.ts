import type { GameSummary } from '../../api/types';
import { describeEnd } from '../../chess/describe';

/** How a game in the list stands, from the player's side (by colour for a finished PGN, which has `players`): "Your move", "You won by checkmate", "Aborted". */
export function summaryOutcome(summary: GameSummary): string {
  if (summary.status === 'aborted') return 'Aborted';
  if (summary.status === 'ongoing') {
    const turn = summary.fen.split(' ')[1] === 'b' ? 'black' : 'white';
    return turn === summary.player_color ? 'Ongoing: your move' : 'Ongoing: Stockfish to move';
  }
  // A finished PGN opened for review is nobody's win or loss here: told by colour.
  const end = describeEnd(summary.winner ?? null, summary.player_color, summary.reason ?? null, summary.players != null);
  return end.reason
    ? `${end.headline} ${end.reason.startsWith('by') || end.reason.startsWith('on') ? end.reason : `(${end.reason})`}`
    : end.headline;
}

/** A creation date as the player's locale writes it, with the time; "date unknown" for a game from before the list. */
export function createdText(createdAt: number | null, locale?: string): string {
  if (createdAt === null) return 'date unknown';
  return new Date(createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
