import type { GameEndReason, GameView, NewGameRequest, TimeControl } from '../../../api/types';
import { isStandardStart } from '../../../chess/startPosition';
import { type Color, opposite } from '../../../chess/types';
import { nextLevel } from '../../../levels/levels';

/** A game's time control as it was started (the clock's limit and increment), or none if untimed. */
export function timeControlOf(view: GameView): TimeControl | null {
  const clock = view.clock;
  if (!clock) return null;
  return { limit_secs: Math.round(clock.limit_ms / 1000), increment_secs: Math.round(clock.increment_ms / 1000) };
}

/** The request's `clock` field: present only for a timed game, so an untimed request stays as it was. */
function clockField(view: GameView): Pick<NewGameRequest, 'clock'> {
  const clock = timeControlOf(view);
  return clock ? { clock } : {};
}

/**
 * The games the game-over panel offers, with this game's settings: its level, its clock and its
 * starting position (a game set up from a FEN is replayed from there), the player's colour kept or swapped.
 */
export function rematchRequest(view: GameView, swapColors: boolean): NewGameRequest {
  const chess960 = view.variant === 'chess960';
  return {
    color: swapColors ? opposite(view.player_color) : view.player_color,
    level: view.level,
    // A Chess960 game keeps its setup, even setup 518 (the standard one), and its castling rules.
    ...(chess960 ? { variant: 'chess960' } : {}),
    ...(isStandardStart(view.initial_fen) && !chess960 ? {} : { fen: view.initial_fen }),
    ...clockField(view),
  };
}

/**
 * The same game one level up, after a win, with the colours as the panel's "Swap colours" box says
 * (it stands above both buttons, so it governs both); none after beating full strength.
 */
export function nextLevelRequest(view: GameView, swapColors = false): NewGameRequest | null {
  const level = nextLevel(view.level);
  return level === null ? null : { ...rematchRequest(view, swapColors), level };
}

/** Endings that leave nothing to play in the final position (a resignation or a flag does). */
const POSITION_ENDED: readonly GameEndReason[] = [
  'checkmate',
  'stalemate',
  'insufficient_material',
  'fivefold_repetition',
  'seventy_five_move_rule',
];

/** The position after `ply` (0: the start), as the server wrote it. */
export function fenAt(view: GameView, ply: number): string {
  return ply === 0 ? view.initial_fen : view.moves[ply - 1].fen_after;
}

/** Whether "Play from here" makes sense at `ply`: anywhere but a final position the rules ended. */
export function canPlayFrom(view: GameView, ply: number): boolean {
  if (ply < 0 || ply > view.ply) return false;
  const ended = view.status === 'finished' && view.reason != null && POSITION_ENDED.includes(view.reason);
  return !(ended && ply === view.ply);
}

/**
 * "Play from here": a new game from the position after `ply`, at this game's level and clock. The
 * side defaults to the player's colour in this game (see `PlayFromHere`): they take over their own
 * side of the position, whoever is to move there.
 */
export function playFromHereRequest(view: GameView, ply: number, color: Color): NewGameRequest {
  const variant = view.variant === 'chess960' ? { variant: 'chess960' } : {};
  return { color, level: view.level, ...variant, fen: fenAt(view, ply), ...clockField(view) };
}
