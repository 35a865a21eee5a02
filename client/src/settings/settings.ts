import { persisted } from '../storage/persisted';
import { preferences } from '../storage/preferences';
import { isThemeName, type ThemeName } from './themes';

/** How fast pieces slide: `none` places them at once (also what a reduced-motion system gets). */
export type AnimationSpeed = 'none' | 'fast' | 'normal' | 'slow';

export const ANIMATION_MS: Record<AnimationSpeed, number> = { none: 0, fast: 90, normal: 180, slow: 320 };

/** The player's board and play preferences, remembered in local storage across reloads. */
export interface Settings {
  theme: ThemeName;
  /** Rank numbers on the board and file letters under it. */
  coordinates: boolean;
  animation: AnimationSpeed;
  /** Queue one move while Stockfish thinks; it is played the moment Stockfish has moved, if legal. */
  premoves: boolean;
  /** Resign asks "are you sure?" first. */
  confirmResign: boolean;
  /** No hint and no takeback: play as in a real game. */
  training: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'brown',
  coordinates: true,
  animation: 'normal',
  premoves: true,
  confirmResign: true,
  training: false,
};

const KEY = 'alphachess:settings';
const isSpeed = (value: unknown): value is AnimationSpeed => typeof value === 'string' && Object.hasOwn(ANIMATION_MS, value);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** Reads stored settings, falling back to the default field by field (an older or damaged entry never breaks the page). */
export function parseSettings(text: string | null): Settings {
  if (!text) return DEFAULT_SETTINGS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof parsed !== 'object' || parsed === null) return DEFAULT_SETTINGS;
  const value = parsed as Partial<Record<keyof Settings, unknown>>;
  return {
    theme: isThemeName(value.theme) ? value.theme : DEFAULT_SETTINGS.theme,
    coordinates: flag(value.coordinates, DEFAULT_SETTINGS.coordinates),
    animation: isSpeed(value.animation) ? value.animation : DEFAULT_SETTINGS.animation,
    premoves: flag(value.premoves, DEFAULT_SETTINGS.premoves),
    confirmResign: flag(value.confirmResign, DEFAULT_SETTINGS.confirmResign),
    training: flag(value.training, DEFAULT_SETTINGS.training),
  };
}

const stored = preferences(persisted({ key: KEY, parse: parseSettings, fallback: DEFAULT_SETTINGS }));

export function getSettings(): Settings {
  return stored.get();
}

/** Applies a change at once and remembers it (when storage allows). */
export function setSettings(change: Partial<Settings>): void {
  stored.set(change);
}

export function subscribeSettings(listener: () => void): () => void {
  return stored.subscribe(listener);
}
