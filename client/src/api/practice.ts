import { ApiError } from './apiError';
import { requestJson } from './http';
import { isRecord } from './json';
import type { components } from './schema';

/**
 * Practice (issue #41): the player's own mistakes across every reviewed game of their key, due by
 * spaced repetition, each try judged by the server. The server keeps the answer back until a solve
 * or reveal; every answer is checked at the edge (a broken one is a `bad_response`).
 */

type Schemas = components['schemas'];

export type PracticeDeck = Schemas['PracticeDeck'];
export type PracticeCard = Schemas['CardView'];
export type PracticeTry = Schemas['PracticeTry'];
export type PracticeReveal = Schemas['PracticeReveal'];
export type Weaknesses = Schemas['Weaknesses'];

const bad = (what: string) => new ApiError(200, 'bad_response', `the server sent ${what} we cannot read`);

const cardPath = (card: string, action: 'try' | 'reveal') => `/api/practice/${encodeURIComponent(card)}/${action}`;

function isCard(value: unknown): value is PracticeCard {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.fen === 'string' &&
    typeof value.ply === 'number' &&
    typeof value.due === 'number' &&
    (value.turn === 'white' || value.turn === 'black') &&
    isRecord(value.played)
  );
}

/** The key's deck: the cards due now, the counts, and "What I keep getting wrong". */
export async function getPracticeDeck(key: string, signal?: AbortSignal): Promise<PracticeDeck> {
  const payload = await requestJson<unknown>('/api/practice', { token: key, signal });
  if (
    !isRecord(payload) ||
    !Array.isArray(payload.cards) ||
    !payload.cards.every(isCard) ||
    typeof payload.due_today !== 'number' ||
    typeof payload.total !== 'number' ||
    !isRecord(payload.weaknesses) ||
    !Array.isArray(payload.weaknesses.by_kind) ||
    !Array.isArray(payload.weaknesses.by_phase)
  )
    throw bad('a practice deck');
  return payload as unknown as PracticeDeck;
}

/** Plays `move` (UCI or SAN) at a card; the verdict and its loss in words, and the solution only once solved. */
export async function tryPracticeCard(key: string, card: string, move: string): Promise<PracticeTry> {
  const payload = await requestJson<unknown>(cardPath(card, 'try'), { method: 'POST', token: key, body: { move } });
  if (
    !isRecord(payload) ||
    typeof payload.verdict !== 'string' ||
    typeof payload.due !== 'number' ||
    typeof payload.loss !== 'string' ||
    !isRecord(payload.tried)
  )
    throw bad('a verdict');
  return payload as unknown as PracticeTry;
}

/** Gives up on a card: the engine's move and line; the card comes back soon. */
export async function revealPracticeCard(key: string, card: string): Promise<PracticeReveal> {
  const payload = await requestJson<unknown>(cardPath(card, 'reveal'), { method: 'POST', token: key });
  if (!isRecord(payload) || !isRecord(payload.solution) || typeof payload.due !== 'number') throw bad('a solution');
  return payload as unknown as PracticeReveal;
}
