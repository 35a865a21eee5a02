import { requestJson } from './http';
import type { components } from './schema';

type Schemas = components['schemas'];

/** The measured ladder: every step with its rating on the engine scale. */
export type Levels = Schemas['LevelsBody'];
export type Step = Schemas['StepView'];
/** A Glicko-2 rating, as the server keeps it under the player's key. */
export type PlayerRating = Schemas['Glicko2'];
/** A rating with how to show it and the step to play next. */
export type RatingAnswer = Schemas['RatingBody'];

/**
 * What the ratings are anchored on, from the ladder's `scale` ("engine scale: Elo anchored on …
 * (calibrated …)"): the words after the label, without the parenthesis.
 */
export function scaleAnchor(scale: string): string {
  const colon = scale.indexOf(':');
  const rest = colon < 0 ? scale : scale.slice(colon + 1);
  return rest.split(' (')[0].trim();
}

export function getLevels(signal?: AbortSignal): Promise<Levels> {
  return requestJson<Levels>('/api/levels', { signal });
}

/**
 * How `rating` shows and the step to play next. It rates nothing: the server counts each finished
 * rated game under the player's key itself (`GET /api/account`).
 */
export function suggestFor(rating: PlayerRating | null): Promise<RatingAnswer> {
  return requestJson<RatingAnswer>('/api/rating', { method: 'POST', body: { rating } });
}
