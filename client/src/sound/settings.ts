import { persisted } from '../storage/persisted';
import { preferences } from '../storage/preferences';

/** Mute and volume, remembered in local storage across reloads. */
export interface SoundSettings {
  muted: boolean;
  /** 0 to 1. */
  volume: number;
}

const KEY = 'alphachess:sound';
const DEFAULTS: SoundSettings = { muted: false, volume: 0.7 };

/** Parses stored settings, falling back to the defaults field by field. */
export function parseSettings(text: string | null): SoundSettings {
  if (!text) return DEFAULTS;
  try {
    const value = JSON.parse(text) as Partial<SoundSettings>;
    const volume = typeof value.volume === 'number' && value.volume >= 0 && value.volume <= 1 ? value.volume : DEFAULTS.volume;
    return { muted: value.muted === true, volume };
  } catch {
    return DEFAULTS;
  }
}

const stored = preferences(persisted({ key: KEY, parse: parseSettings, fallback: DEFAULTS }));

export function getSoundSettings(): SoundSettings {
  return stored.get();
}

export function setSoundSettings(change: Partial<SoundSettings>): void {
  stored.set(change);
}

export function subscribeSoundSettings(listener: () => void): () => void {
  return stored.subscribe(listener);
}
