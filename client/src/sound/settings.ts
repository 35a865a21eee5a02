/** Mute and volume, remembered in local storage across reloads. */
export interface SoundSettings {
  muted: boolean;
  /** 0 to 1. */
  volume: number;
}

const KEY = 'alphachess:sound';
const DEFAULTS: SoundSettings = { muted: false, volume: 0.7 };

let current: SoundSettings = load();
const listeners = new Set<() => void>();

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

function load(): SoundSettings {
  try {
    return parseSettings(globalThis.localStorage?.getItem(KEY) ?? null);
  } catch {
    return DEFAULTS;
  }
}

export function getSoundSettings(): SoundSettings {
  return current;
}

export function setSoundSettings(change: Partial<SoundSettings>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Not remembered, still applied.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeSoundSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
