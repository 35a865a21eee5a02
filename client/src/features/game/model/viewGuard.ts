import type { GameView } from '../../../api/types';

/**
 * Whether a GameView that arrived on the event stream may replace the one on screen.
 *
 * The stream is in order, but the answers to our own requests travel on other connections, so an
 * event sent before an answer can be read after it. The server numbers every change to a game
 * (`version`: moves, takebacks, offers, the ending, and the engine starting or stopping to think),
 * so the rules are:
 * - while one of our requests is in flight, its answer decides (the events it caused add nothing);
 * - a view of another game is not news;
 * - a view is news only if its version is greater than the one on screen: an older view arriving
 *   late (the mid-search echo of the move we were just answered) never replaces a newer one, a
 *   takeback made in another tab is a newer version, and an equal version is the same game (kept,
 *   so redrawing never drops the player's selection).
 */
export function shouldApplyStreamedView(next: GameView, current: GameView | null, requestInFlight: boolean): boolean {
  if (requestInFlight) return false;
  if (current === null) return true;
  if (next.id !== current.id) return false;
  return next.version > current.version;
}
