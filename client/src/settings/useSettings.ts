import { useSyncExternalStore } from 'react';
import { getSettings, type Settings, subscribeSettings } from './settings';

/** The player's settings, re-rendering when they change (in this tab). */
export function useSettings(): Settings {
  return useSyncExternalStore(subscribeSettings, getSettings);
}
