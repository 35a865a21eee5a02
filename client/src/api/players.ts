import type { Color } from '../chess/types';
import type { components } from './schema';

/**
 * The players a finished PGN names, as the server keeps them with a game created from a PGN that
 * was already over (`players` in the game's view and summary; null for a game against Stockfish).
 * Such a game is opened for review: it is the PGN's players' game, told by colour, and it is
 * nobody's win or loss here (not rated, not listed as the player's result).
 */
export type Players = components['schemas']['Players'];

/** What the screens call each side of a finished PGN: its players' names, `White`/`Black` where it names none. */
export function playerNames(players: Players): Record<Color, string> {
  return { white: players.white ?? 'White', black: players.black ?? 'Black' };
}
