import type { GameView } from '../../../api/types';

/**
 * Whether `next` is news against the view held (`current`), by the version the server gives every
 * change to a game (moves, takebacks, offers, the ending, and the engine starting or stopping to
 * think):
 * - anything is news when nothing is held;
 * - a view of another game is not news;
 * - a view is news only if its version is greater than the one held: an older view arriving late
 *   (a poll answered after our move's answer, the mid-search echo of the move we were just answered)
 *   never replaces a newer one, a takeback made in another tab is a newer version, and an equal
 *   version is the same game (kept, so redrawing never drops the player's selection);
 * - but for `review`, which turns from `none` to `requested` once, when the game's review starts,
 *   without a new version (the game itself does not change): a view of the same version that says
 *   so is news. Never the other way: a review, once asked for, stays, so a late view saying `none`
 *   is an old one.
 *
 * Every write of a GameView into the game's cache entry goes through this rule: the stream's events,
 * the answers to our commands and every fetch (`gameCache.ts`, `gameQuery`).
 */
export function isNewerView(next: GameView, current: GameView | null | undefined): boolean {
  if (current === null || current === undefined) return true;
  if (next.id !== current.id) return false;
  if (next.version === current.version) return current.review === 'none' && next.review === 'requested';
  return next.version > current.version;
}

/** The view to hold of `current` and `next`: `next` if it is news (`isNewerView`), else `current`. */
export function newerView(current: GameView | undefined, next: GameView): GameView {
  return current !== undefined && !isNewerView(next, current) ? current : next;
}

/**
 * Whether a GameView that arrived on the event stream may replace the one on screen.
 *
 * The stream is in order, but the answers to our own commands travel on other connections, so an
 * event sent before an answer can be read after it. So: while one of our commands is in flight, its
 * answer decides (the events it caused add nothing); otherwise the version decides (`isNewerView`).
 */
export function shouldApplyStreamedView(next: GameView, current: GameView | null, requestInFlight: boolean): boolean {
  if (requestInFlight) return false;
  return isNewerView(next, current);
}
