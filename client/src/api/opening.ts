import type { GameView } from './types';

/** The opening the game's moves reached, as the server names it (`GameView.opening`, issue #12). */
export interface Opening {
  /** The ECO code, e.g. `B90`. */
  eco: string;
  /** e.g. `Sicilian Defense: Najdorf Variation`. */
  name: string;
}

/**
 * The game's opening, or null when the server does not know one. Read defensively: servers older
 * than the field do not send it, and the generated `GameView` does not list it yet. Once it does,
 * this becomes `view.opening ?? null`.
 */
export function openingOf(view: GameView): Opening | null {
  const value: unknown = (view as { opening?: unknown }).opening;
  if (typeof value !== 'object' || value === null) return null;
  const { eco, name } = value as { eco?: unknown; name?: unknown };
  if (typeof eco !== 'string' || typeof name !== 'string' || name === '') return null;
  return { eco, name };
}
