import { useEffect, useRef } from 'react';
import { type AnimationSpeed, setSettings } from '../settings/settings';
import { THEME_NAMES, THEMES } from '../settings/themes';
import { useSettings } from '../settings/useSettings';
import { PlayerKeySetting } from './PlayerKeySetting';

const SPEEDS: { value: AnimationSpeed; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'fast', label: 'Fast' },
  { value: 'normal', label: 'Normal' },
  { value: 'slow', label: 'Slow' },
];

/** A checkbox bound to one setting. */
function Toggle({
  checked,
  onChange,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  testId: string;
  children: string;
}) {
  return (
    <label className="toggle">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
      {children}
    </label>
  );
}

/** The settings panel: board theme, coordinates, animation, premoves, resign confirmation, training mode. Every change applies at once and is remembered. */
export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="settings-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="settings-title"
      ref={panel}
      data-testid="settings-panel"
    >
      <h2 id="settings-title">Settings</h2>
      <fieldset className="theme-choice">
        <legend>Board colours</legend>
        {THEME_NAMES.map((name) => (
          <label
            key={name}
            className={`theme-option${settings.theme === name ? ' chosen' : ''}`}
            title={THEMES[name].name}
            data-testid={`theme-${name}`}
          >
            <input type="radio" name="theme" value={name} checked={settings.theme === name} onChange={() => setSettings({ theme: name })} />
            <span
              className="theme-swatch"
              aria-hidden="true"
              style={{ background: `linear-gradient(135deg, ${THEMES[name].light} 50%, ${THEMES[name].dark} 50%)` }}
            />
            {THEMES[name].name}
          </label>
        ))}
      </fieldset>
      <label className="setting-row">
        Piece animation
        <select
          value={settings.animation}
          onChange={(event) => setSettings({ animation: event.target.value as AnimationSpeed })}
          data-testid="animation-speed"
        >
          {SPEEDS.map((speed) => (
            <option key={speed.value} value={speed.value}>
              {speed.label}
            </option>
          ))}
        </select>
      </label>
      <Toggle checked={settings.coordinates} onChange={(coordinates) => setSettings({ coordinates })} testId="setting-coordinates">
        Show coordinates
      </Toggle>
      <Toggle checked={settings.premoves} onChange={(premoves) => setSettings({ premoves })} testId="setting-premoves">
        Premoves (move while Stockfish thinks; right-click cancels)
      </Toggle>
      <Toggle checked={settings.confirmResign} onChange={(confirmResign) => setSettings({ confirmResign })} testId="setting-confirm-resign">
        Ask before resigning
      </Toggle>
      <Toggle checked={settings.training} onChange={(training) => setSettings({ training })} testId="setting-training">
        Training mode (no hints, no takebacks)
      </Toggle>
      <PlayerKeySetting />
      <button type="button" className="primary" onClick={onClose} data-testid="settings-close">
        Done
      </button>
    </div>
  );
}
