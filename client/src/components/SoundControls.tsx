import { Icon } from './Icon';
import { useSyncExternalStore } from 'react';
import { getSoundSettings, setSoundSettings, subscribeSoundSettings } from '../sound/settings';

/** Mute toggle and volume slider; both are remembered across reloads. */
export function SoundControls() {
  const { muted, volume } = useSyncExternalStore(subscribeSoundSettings, getSoundSettings);
  return (
    <div className="sound-controls">
      <button
        type="button"
        className="icon-button"
        aria-label={muted ? 'Unmute sounds' : 'Mute sounds'}
        aria-pressed={muted}
        title={muted ? 'Unmute' : 'Mute'}
        data-testid="mute"
        onClick={() => setSoundSettings({ muted: !muted })}
      >
        <Icon name={muted ? 'muted' : volume < 0.4 ? 'volumeLow' : 'volume'} />
      </button>
      <input
        type="range"
        min={0}
        max={100}
        step={5}
        value={Math.round(volume * 100)}
        aria-label="Volume"
        disabled={muted}
        onChange={(event) => setSoundSettings({ volume: Number(event.target.value) / 100 })}
      />
    </div>
  );
}
