import type { GameView } from '../../../../api/types';

/**
 * How to look at a finished game's analysis:
 * - `ask`: POST it (with the token, and nothing known yet): idempotent, it answers the analysis as it
 *   stands or starts one, so the player's first look never GETs a 404;
 * - `get`: GET it, once it exists: known already (the stream's events wrote it), or the game's view
 *   says a review was requested (or a server that does not say);
 * - `none`: nothing to look at: a spectator (no token) of a game whose view says nobody asked for a
 *   review, where a GET would answer 404 and the browser would log it as an error.
 */
export type AnalysisLook = 'ask' | 'get' | 'none';

/** The look for a viewer with or without the game's token, the view's `review`, and whether an analysis is known. */
export function analysisLook(hasToken: boolean, review: GameView['review'] | undefined, known: boolean): AnalysisLook {
  if (known) return 'get';
  if (hasToken) return 'ask';
  return review === 'none' ? 'none' : 'get';
}
