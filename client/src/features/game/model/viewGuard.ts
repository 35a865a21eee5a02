import type { GameView } from '../../../api/types';

/**
 * Whether a GameView that arrived on the event stream may replace the one on screen.
 *
 * The stream is in order, but the answers to our own requests travel on other connections, so an
 * event sent before an answer can be read after it. The rules, from what can really happen:
 * - while one of our requests is in flight, its answer decides (the events it caused add nothing);
 * - a finished (or aborted) game never changes again;
 * - a view equal to the one on screen is no news (redrawing it would drop the player's selection);
 * - a view with the same or a later ply is news;
 * - a view with an earlier ply is news only if it is a takeback's result (the player to move, the
 *   engine idle, e.g. taken back in another tab); an earlier view mid-search is a stale echo of the
 *   move we have just been answered.
 */
export function shouldApplyStreamedView(next: GameView, current: GameView | null, requestInFlight: boolean): boolean {
  if (requestInFlight) return false;
  if (current === null) return true;
  if (next.id !== current.id || current.status !== 'ongoing') return false;
  if (sameState(next, current)) return false;
  if (next.ply >= current.ply) return true;
  return isTakebackResult(next);
}

function isTakebackResult(view: GameView): boolean {
  return view.status === 'ongoing' && view.turn === view.player_color && view.engine_thinking !== true;
}

/** Same moves, same status: what the screen shows would not change. */
function sameState(a: GameView, b: GameView): boolean {
  return (
    a.ply === b.ply &&
    a.fen === b.fen &&
    a.status === b.status &&
    a.engine_thinking === b.engine_thinking &&
    a.moves.every((move, index) => move.uci === b.moves[index]?.uci)
  );
}
