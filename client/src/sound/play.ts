import type { SoundName } from './soundFor';
import { getSoundSettings } from './settings';
import { synthesize, unlockAudio } from './synth';

declare global {
  interface Window {
    /** Every sound the game asked for, in order, muted or not: read by the browser tests. */
    __alphachessSounds?: SoundName[];
  }
}

/**
 * Plays a sound and records that it was asked for (`window.__alphachessSounds` and
 * `document.body.dataset.lastSound`), so tests and curious players can see what sounded.
 */
export function playSound(name: SoundName): void {
  (window.__alphachessSounds ??= []).push(name);
  document.body.dataset.lastSound = name;
  const { muted, volume } = getSoundSettings();
  if (!muted) synthesize(name, volume);
}

/** Unlocks audio on the first click, tap or key press anywhere (browsers demand a gesture). */
export function installAudioUnlock(): void {
  const unlock = () => {
    unlockAudio();
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
}
